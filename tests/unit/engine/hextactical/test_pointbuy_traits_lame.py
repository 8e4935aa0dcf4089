"""Lame in battle (GURPS 4e Basic Set p.B141): besides its Basic Move (setting ``lame_move``,
``test_pointbuy_traits_combat.py``) a penalty to the skills that need the legs, every melee
weapon and unarmed skill but no ranged skill: −3 with a crippled leg, −6 with a missing leg or
no legs (setting ``lame_skill_penalty``; the figures as summarised in the Steve Jackson Games
forum "[Basic] Disadvantage of the Week: Lame and No Legs")."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from rules.engine.systems.hextactical import melee, ranged, turn
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS
from rules.engine.systems.hextactical.trait_effects import lame_penalty
from tests.unit.engine.hextactical.test_pointbuy_traits_combat import (
    ARCHER,
    _attacks,
    _combatant,
    _fight,
    _sheet,
)


@pytest.mark.parametrize(
    ("variant", "text"),
    [("crippled leg", "−3 Lame = 11"), ("missing leg", "−6 Lame = 8")],
)
def test_lame_is_a_penalty_to_melee_attacks_by_its_variant(variant, text):
    # B141: −3 (crippled leg) or −6 (missing leg) to a skill that needs the legs; the fighter's
    # Broadsword is 14
    lame = _sheet({"name": "Lame", "variant": variant})
    battle, att, foe = _fight(lame, _sheet(), [16])
    turn.execute(battle, att, Plan("attack", target=foe.id, mode="swing"))
    assert text in _attacks(battle)[0].text


def test_lame_is_a_penalty_to_grappling_too():
    # B141 (unarmed skills need the legs) with B370: the grapple roll is DX or grappling skill
    battle, att, foe = _fight(_sheet({"name": "Lame", "variant": "crippled leg"}), _sheet(), [16])
    battle.board.place(att, foe.pos)
    melee.grapple(battle, att, foe)
    grapple = next(e for e in battle.events.events if " grapples " in e.text)
    assert "−3 Lame" in grapple.text


def test_lame_skill_penalty_is_a_named_setting_and_spares_ranged_skills():
    # B141: the penalty is to the skills that need the legs; (0, 0, 0) plays Lame's Move only
    legless = _combatant({"name": "Lame", "variant": "no legs"})
    assert lame_penalty(legless, DEFAULT_SETTINGS) == -6
    assert lame_penalty(legless, replace(DEFAULT_SETTINGS, lame_skill_penalty=(0, 0, 0))) == 0
    assert lame_penalty(_combatant(), DEFAULT_SETTINGS) == 0
    archer = copy.deepcopy(ARCHER)
    archer["traits"] = [{"name": "Lame", "variant": "missing leg"}]
    battle, att, foe = _fight(archer, _sheet(), [16], b_at=(4, 9))
    ranged.ranged_attack(battle, att, foe, att.weapon)
    shot = next(e for e in battle.events.events if e.phase == "shoot")
    assert "Lame" not in shot.text
