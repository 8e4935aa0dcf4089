"""Shared skirmish engine fixtures."""

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems.skirmish import SYSTEM


@pytest.fixture(scope="module")
def watch_vs_raiders():
    """One battle of the two sample warbands (seed 4, no log), for post-battle tests."""
    a = SYSTEM.build_army(sample_roster_data("skirmish", "night-watch"))
    b = SYSTEM.build_army(sample_roster_data("skirmish", "marsh-raiders"))
    return SYSTEM.resolve_battle(a, b, "skirmish", 4, log=False)
