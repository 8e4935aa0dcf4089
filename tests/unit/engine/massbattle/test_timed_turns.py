"""Timed turns (seed 003 p.11 "other timers": a player over time in their turn stops at once,
the melees not yet fought do not happen and the units that charged move back 1"): the
turns a game clock recorded as timed out end before their melee phase."""

from __future__ import annotations

from armybuilder.rosterdata import sample_roster_data
from rules.engine.gameclock import ClockRecord
from rules.engine.systems.massbattle.charge import ChargePlan
from rules.engine.systems.massbattle.footprint import distance
from rules.engine.systems.massbattle.system import SYSTEM
from rules.engine.systems.massbattle.timing import turn_timed_out
from tests.unit.engine.massbattle.helpers import state, unit

SEED = 11


def _armies():
    return (
        SYSTEM.build_army(sample_roster_data("massbattle", "dawnguard-vanguard")),
        SYSTEM.build_army(sample_roster_data("massbattle", "gravemire-tide")),
    )


def _melee_turns(report) -> list[int]:
    return sorted({e["turn"] for e in report.to_dict()["events"] if e["phase"] == "melee"})


def test_a_timed_out_turn_fights_no_melee_and_the_report_says_so():
    plain = SYSTEM.resolve_battle(*_armies(), "kill", SEED)
    turn = _melee_turns(plain)[0]  # the first turn with a melee
    timed = SYSTEM.resolve_battle(*_armies(), "kill", SEED, clock=ClockRecord((turn,)))
    events = [e for e in timed.to_dict()["events"] if e["turn"] == turn]
    melee = [e for e in events if e["phase"] == "melee"]
    assert melee[0]["text"].endswith("ran out of time: the turn ends, its melees are not fought")
    assert all("nerve test" not in e["text"] for e in melee)
    assert len(melee) > 1
    assert all(e["text"].endswith('moves back 1": its charge is not fought') for e in melee[1:])
    assert all(e["data"]["moved"] == 1.0 for e in melee[1:])
    assert timed.to_dict()["extra"]["timed_out_turns"] == [turn]
    before = [e for e in plain.to_dict()["events"] if e["turn"] < turn]
    assert [e for e in timed.to_dict()["events"] if e["turn"] < turn] == before


def test_no_record_plays_the_battle_unchanged():
    plain = SYSTEM.resolve_battle(*_armies(), "kill", SEED)
    empty = SYSTEM.resolve_battle(*_armies(), "kill", SEED, clock=ClockRecord())
    assert empty.report_hash() == plain.report_hash()
    assert "timed_out_turns" not in plain.to_dict()["extra"]


def test_a_charger_of_an_unfought_melee_moves_back_one_inch():
    charger = unit("c", y=10.0)
    target = unit("t", side="b", y=10.0 + charger.fp.depth / 2 + 2.0, facing=270.0)
    charger.fp = charger.fp.moved(2.0 - target.fp.depth / 2)  # in base contact
    assert distance(charger.fp, target.fp) < 0.01
    st = state([charger, target])
    turn_timed_out(st, "a", [[ChargePlan(charger, target, "front", 1.0)]])
    assert abs(distance(charger.fp, target.fp) - 1.0) < 0.01
    assert target.damage == 0


def test_a_chess_flag_in_the_record_routs_the_army():  # seed 003 p.11 chess clock
    report = SYSTEM.resolve_battle(*_armies(), "kill", SEED, clock=ClockRecord(flagged=("b", 4)))
    assert report.winner == "a"
    assert report.turns_played == 4
