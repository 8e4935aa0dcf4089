"""Magic items played by the engine: the sample items' effects, unit with vs without the item
in a fixed scenario (scripted dice). The 2010 rules (seed 003) give no item list; each item's
effect is a seed 003 stat (§2 stat line) or special rule (pp.9-10)."""

from __future__ import annotations

import pytest

from armybuilder.magic_items import offered_units
from armybuilder.rosterdata import load_faction, sample_roster_data, unit_entry_to_engine
from rules.engine.errors import EngineError
from rules.engine.systems.massbattle.charge import ChargePlan
from rules.engine.systems.massbattle.footprint import Footprint
from rules.engine.systems.massbattle.melee import strike, take_nerve_test
from rules.engine.systems.massbattle.shooting import shot_options
from rules.engine.systems.massbattle.system import SYSTEM
from rules.engine.systems.massbattle.units import build_unit
from tests.unit.engine.massbattle.helpers import ScriptedDice, state, unit


def _built(faction: str, slug: str, size: int, options: list[str], side: str = "a"):
    catalogue_unit = offered_units(load_faction("massbattle", faction))[slug]
    data = unit_entry_to_engine(catalogue_unit, {"size": size, "options": options}, slug)
    built = build_unit(data, side)
    built.fp = Footprint(36.0, 10.0 if side == "a" else 20.0, 90.0, built.fp.width, built.fp.depth)
    built.placed = True
    return built


def test_stat_items_change_the_stat_line_after_the_size_profile():  # seed 003 §2 stat line
    plain = _built("dawnguard-realms", "shieldwall-spearmen", 20, [])
    warded = _built("dawnguard-realms", "shieldwall-spearmen", 20, ["wardstone-of-the-pass"])
    assert (plain.ne, warded.ne) == (3, 4)  # the regiment's Ne 3 (size profile) + 1
    marshal = _built("dawnguard-realms", "beacon-marshal", 1, ["emberbrand"])
    assert marshal.at == 6
    bows = _built("dawnguard-realms", "vale-longbowmen", 20, ["glass-of-far-sight"])
    assert bows.ra == 3


def test_an_item_granting_a_rule_gives_the_seed_rule():  # seed 003 p.10 Inspiring, Headstrong
    standard = _built("dawnguard-realms", "shieldwall-spearmen", 40, ["beacon-standard"])
    assert standard.has("inspiring")
    arrows = _built("dawnguard-realms", "vale-longbowmen", 20, ["sunfire-arrows"])
    assert shot_options(arrows)[0].piercing == 1


def test_emberbrand_rolls_one_more_attack_die():  # seed 003 §7 one die per attack
    # Beacon Marshal At 5 (+1: Emberbrand), Me 3 vs De 4; every die hits (3+) and damages
    # on 4+ with Crushing Strength (1) → 3+: six dice with the blade, five without.
    for options, expected in (([], 5), (["emberbrand"], 6)):
        marshal = _built("dawnguard-realms", "beacon-marshal", 1, options)
        target = unit("t", side="b", y=20.0, facing=270.0, De=4, Ne=30)
        st = state([marshal, target], dice=ScriptedDice([6] * 2 * expected))
        strike(st, ChargePlan(marshal, target, "front", 1.0))
        assert target.damage == expected


def test_the_wardstone_turns_a_rout_into_wavering():  # seed 003 §8 nerve: 2D6 + damage − Ne
    # Regiment Ne 3, 5 damage, roll 2D6 = 8: 8 + 5 − 3 = 10 routs; with the Wardstone
    # (Ne 4) the total is 9: Wavering.
    for options, expected in (([], "routed"), (["wardstone-of-the-pass"], "wavering")):
        spears = _built("dawnguard-realms", "shieldwall-spearmen", 20, options, side="b")
        spears.damage = 5
        st = state([spears], dice=ScriptedDice([4, 4]))
        assert take_nerve_test(st, spears, musician=False).result == expected


def test_a_battle_with_items_is_played_and_repeatable():  # same inputs and seed, same report
    roster = sample_roster_data("massbattle", "dawnguard-vanguard")
    catalogue = offered_units(load_faction("massbattle", "dawnguard-realms"))
    horde = dict(roster["units"][0])
    entry = {"size": horde["size"], "options": [*horde["options"], "wardstone-of-the-pass"]}
    roster["units"][0] = unit_entry_to_engine(catalogue[horde["unit"]], entry, horde["id"])
    enemy = sample_roster_data("massbattle", "gravemire-tide")
    reports = [
        SYSTEM.resolve_battle(SYSTEM.build_army(roster), SYSTEM.build_army(enemy), "kill", 7)
        for _ in range(2)
    ]
    assert reports[0].to_dict() == reports[1].to_dict()
    assert roster["units"][0]["items"][0]["modify"] == {"Ne": 1}


def test_an_item_changing_an_unknown_stat_is_refused():
    data = unit_entry_to_engine(
        offered_units(load_faction("massbattle", "dawnguard-realms"))["beacon-marshal"],
        {"size": 1, "options": []},
        "m",
    )
    data["items"] = [{"slug": "x", "name": "Odd", "modify": {"WS": 1}}]
    with pytest.raises(EngineError) as caught:
        build_unit(data, "a")
    assert caught.value.code == "item.stat_unknown"
