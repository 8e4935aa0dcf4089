"""Entered results whose winner the scores contradict, per system (issue 24): grimdark
annihilation on victory points and objective missions on objectives held (4e pp.80-83),
mass battle on the lead (seed 003 §12), Mordheim and GURPS decided by who is left."""

import pytest

from rules.engine.systems import get_system


def check(system: str, winner, scores, mission: str = "", objectives=None):
    return get_system(system).results.contradiction(
        mission=mission, winner=winner, scores=scores, objectives=objectives or {}
    )


def test_a_grimdark_annihilation_winner_needs_more_victory_points():
    assert check("grimdark", "a", {"a": 300, "b": 200}) is None
    problem = check("grimdark", "a", {"a": 200, "b": 300})
    assert problem.startswith("The winner must have more victory points than the loser")
    assert check("grimdark", None, {"a": 200, "b": 200}) is None
    assert "A draw needs equal victory points" in check("grimdark", None, {"a": 1, "b": 0})


def test_a_grimdark_objective_mission_is_judged_on_objectives_held_when_given():
    low_vp = {"a": 0, "b": 500}
    assert check("grimdark", "a", low_vp, "take-and-hold") is None
    assert check("grimdark", "a", low_vp, "take-and-hold", {"a": 2, "b": 1}) is None
    assert "objectives held" in check("grimdark", "a", low_vp, "cleanse", {"a": 1, "b": 2})


def test_a_mass_battle_winner_must_lead_but_a_draw_may_have_a_small_lead():
    assert check("massbattle", "b", {"a": 100, "b": 700}) is None
    assert "more points scored" in check("massbattle", "b", {"a": 700, "b": 100})
    assert "more points scored" in check("massbattle", "a", {"a": 50, "b": 50})
    assert check("massbattle", None, {"a": 120, "b": 100}) is None


@pytest.mark.parametrize("system", ["skirmish", "hextactical"])
def test_a_rout_decides_so_scores_never_contradict(system):
    assert check(system, "a", {"a": 0, "b": 9}) is None
