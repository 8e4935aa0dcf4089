"""Exact odds (odds.attack_odds) and the nerve-test statistics against it (seed 003 §6-§8)."""

from __future__ import annotations

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.base import EngineError
from rules.engine.systems.massbattle.nerve import nerve_test
from rules.engine.systems.massbattle.odds import attack_odds, nerve_odds


def test_hit_distribution_is_binomial():  # seed 003 §7: Me 4+ → p = 1/2
    out = attack_odds({"attacks": 2, "to_hit": 4, "defence": 4})
    assert out["hits"] == pytest.approx([0.25, 0.5, 0.25])
    assert out["expected_damage"] == pytest.approx(0.5)


def test_flank_and_rear_multiply_the_dice():  # seed 003 §7 ×2 flank, ×3 rear
    assert attack_odds({"attacks": 10, "to_hit": 4, "defence": 4, "facing": "flank"})["dice"] == 20
    assert attack_odds({"attacks": 10, "to_hit": 4, "defence": 4, "facing": "rear"})["dice"] == 30
    assert (
        attack_odds({"attacks": 10, "to_hit": 4, "defence": 4, "facing": "rear", "kind": "ranged"})[
            "dice"
        ]
        == 10
    )


def test_modifiers_past_six_halve_the_dice():  # seed 003 §6
    out = attack_odds({"attacks": 9, "to_hit": 5, "defence": 4, "modifiers": 2, "kind": "ranged"})
    assert out["dice"] == 5
    assert out["hit_on"] == 6


def test_elite_reroll_raises_the_hit_chance_exactly():  # seed 003 §9 Elite
    out = attack_odds({"attacks": 1, "to_hit": 4, "defence": 2, "elite": True})
    assert out["hits"][1] == pytest.approx(0.75)


def test_crushing_strength_and_piercing_lower_the_damage_roll():  # seed 003 §9-§10
    assert (
        attack_odds({"attacks": 1, "to_hit": 4, "defence": 6, "crushing_strength": 2})["damage_on"]
        == 4
    )
    assert (
        attack_odds({"attacks": 1, "to_hit": 4, "defence": 6, "kind": "ranged", "piercing": 1})[
            "damage_on"
        ]
        == 5
    )
    assert (
        attack_odds(
            {"attacks": 1, "to_hit": 4, "defence": 6, "kind": "ranged", "crushing_strength": 2}
        )["damage_on"]
        == 6
    )


def test_nerve_outcomes_sum_to_one_and_use_existing_damage():  # seed 003 §8
    fresh = attack_odds({"attacks": 10, "to_hit": 4, "defence": 4, "target": {"nerve": 3}})
    worn = attack_odds(
        {"attacks": 10, "to_hit": 4, "defence": 4, "target": {"nerve": 3, "damage": 6}}
    )
    assert sum(fresh["ends"].values()) == pytest.approx(1.0)
    assert worn["ends"]["routed"] > fresh["ends"]["routed"]


def test_banner_musician_and_inspiring_change_the_rout_chance():  # seed 003 §8, §10
    base = nerve_odds(6, 3)["routed"]
    assert nerve_odds(6, 3, banner=True)["routed"] < base
    assert nerve_odds(6, 3, musician=True)["routed"] > base
    assert nerve_odds(6, 3, inspired=True)["routed"] == pytest.approx(base * base)


def test_double_one_is_in_the_exact_odds():  # seed 003 §8 insane courage
    assert nerve_odds(50, 0)["steady"] == pytest.approx(1 / 36)


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"to_hit": 4, "defence": 4}, "odds.attacks_missing"),
        ({"attacks": -1, "to_hit": 4, "defence": 4}, "odds.attacks_invalid"),
        ({"attacks": 3, "to_hit": "4", "defence": 4}, "odds.to_hit_invalid"),
        ({"attacks": 3, "to_hit": 4, "defence": 4, "facing": "up"}, "odds.facing_invalid"),
        ({"attacks": 3, "to_hit": 4, "defence": 4, "target": {"nerve": "x"}}, "odds.nerve_invalid"),
    ],
)
def test_bad_fields_raise_engine_error_naming_them(request_, code):
    with pytest.raises(EngineError) as info:
        attack_odds(request_)
    assert info.value.code == code


def test_nerve_test_distribution_matches_the_exact_odds():  # seed 003 §8, 20,000 rolls
    dice = Dice(20030)
    counts = {"steady": 0, "wavering": 0, "routed": 0}
    runs = 20_000
    for _ in range(runs):
        counts[nerve_test(dice, 5, 3, banner=True, inspired=True).result] += 1
    exact = nerve_odds(5, 3, banner=True, inspired=True)
    for key, p in exact.items():
        assert counts[key] / runs == pytest.approx(p, abs=0.012)
