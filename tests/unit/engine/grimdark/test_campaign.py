"""Post-battle experience (rules/engine/systems/grimdark/campaign.py)."""

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError

SYSTEM = get_system("grimdark")


def test_post_battle_gives_experience_per_unit():
    a = SYSTEM.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force"))
    b = SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))
    report = SYSTEM.resolve_battle(a, b, "take-and-hold", 6, log=False)
    result = SYSTEM.post_battle(report, "b", 6)
    assert result.side == "b"
    assert len(result.entries) == len(b.units)
    for entry, unit in zip(result.entries, [u for u in report.units if u.side == "b"], strict=True):
        expected = 1 + len(unit.extra["units_destroyed"])
        if unit.extra["objective_held"] and unit.status not in ("destroyed", "fled"):
            expected += 1
        assert entry["experience"] == expected
        assert entry["reasons"][0] == "took part"
    assert result.resources["victory"] == (1 if report.winner == "b" else 0)
    assert SYSTEM.post_battle(report, "b", 99).entries == result.entries


def test_post_battle_rejects_a_bad_side():
    a = SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))
    report = SYSTEM.resolve_battle(a, a, "annihilation", 1, log=False)
    with pytest.raises(EngineError) as err:
        SYSTEM.post_battle(report, "c", 1)
    assert err.value.code == "side.invalid"
