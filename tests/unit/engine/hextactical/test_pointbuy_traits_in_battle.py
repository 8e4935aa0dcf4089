"""Traits a point-built combatant buys that the engine plays, one test per trait, with the
Basic Set page (GURPS 4e): Enhanced Dodge/Parry/Block p.B51 by level, Hard to Kill p.B58,
Hard to Subdue p.B59, Damage Resistance p.B46, Striking ST p.B88 (the last two in
test_pointbuy_party.py)."""

from __future__ import annotations

import copy

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.hextactical import injury
from rules.engine.systems.hextactical.combatant import build_combatant
from rules.engine.systems.hextactical.defence import block_value, dodge_value, parry_value
from rules.engine.systems.hextactical.pointbuy.unit import sheet_unit

BASE = {
    "name": "Test",
    "attributes": {"ST": 11, "DX": 12, "IQ": 10, "HT": 11},
    "skills": [{"name": "Broadsword", "level": 2}, {"name": "Shield", "level": 1}],
    "equipment": ["broadsword", "medium-shield"],
}


def _combatant(*traits):
    sheet = copy.deepcopy(BASE)
    sheet["traits"] = list(traits)
    return build_combatant(sheet_unit(sheet, slug="t"), "a")


def test_enhanced_dodge_adds_its_level_to_dodge():  # B51
    plain = _combatant()
    assert dodge_value(_combatant({"name": "Enhanced Dodge", "level": 2})) == dodge_value(plain) + 2


def test_enhanced_parry_adds_its_level_to_parry():  # B51
    plain = _combatant()
    better = _combatant({"name": "Enhanced Parry", "level": 2, "skill": "Broadsword"})
    assert parry_value(better, better.weapons[0]) == parry_value(plain, plain.weapons[0]) + 2


def test_enhanced_block_adds_its_level_to_block():  # B51
    plain = _combatant()
    better = _combatant({"name": "Enhanced Block", "level": 1})
    assert block_value(better, better.shield) == block_value(plain, plain.shield) + 1


def test_a_trait_without_a_level_counts_once():
    legacy = build_combatant({"name": "x", "rules": ["enhanced-parry"], "weapons": []}, "a")
    assert (legacy.level("enhanced-parry"), legacy.level("enhanced-dodge")) == (1, 0)


@pytest.fixture
def targets(monkeypatch):
    seen: list[int] = []
    real = injury.success_roll

    def spy(dice, target):
        seen.append(target)
        return real(dice, target)

    monkeypatch.setattr(injury, "success_roll", spy)
    return seen


def test_hard_to_kill_adds_its_level_to_death_checks(targets):  # B58
    injury.resolve_injury(Dice(1), injury=12, old_hp=2, hp_max=10, ht=11, traits=(), hard_to_kill=3)
    assert targets[0] == 14


def test_hard_to_subdue_adds_its_level_to_staying_conscious(targets):  # B59
    injury.consciousness_check(Dice(1), -3, 10, 11, hard_to_subdue=2)
    assert targets == [13]


def test_the_combatant_carries_hard_to_kill_and_hard_to_subdue_levels():
    c = _combatant({"name": "Hard to Kill", "level": 3}, {"name": "Hard to Subdue", "level": 2})
    assert (c.level("hard-to-kill"), c.level("hard-to-subdue")) == (3, 2)
