"""Simulation summaries: Wilson intervals and histograms."""

import pytest

from rules.simulation_stats import histogram, summarise, wilson_interval


def test_wilson_interval_of_half_in_100_trials():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one():
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_histogram_counts_each_value_in_ascending_order():
    assert histogram([3, -1, 3, 0]) == [
        {"value": -1, "count": 1},
        {"value": 0, "count": 1},
        {"value": 3, "count": 2},
    ]


def test_summary_counts_wins_draws_and_losses_for_side_a():
    outcomes = [
        {
            "seed": 1,
            "winner": "a",
            "score_a": 3,
            "score_b": 1,
            "surviving_a": 100,
            "surviving_b": 0,
        },
        {"seed": 2, "winner": "", "score_a": 2, "score_b": 2, "surviving_a": 50, "surviving_b": 50},
        {"seed": 3, "winner": "b", "score_a": 0, "score_b": 4, "surviving_a": 0, "surviving_b": 90},
        {"seed": 4, "winner": "a", "score_a": 5, "score_b": 0, "surviving_a": 70, "surviving_b": 0},
    ]
    summary = summarise(outcomes)
    assert summary["odds"]["win"]["probability"] == 0.5
    assert summary["odds"]["draw"]["count"] == 1
    assert summary["odds"]["loss"]["count"] == 1
    assert summary["margin"]["mean"] == pytest.approx((2 + 0 - 4 + 5) / 4)
    assert summary["surviving_points"]["a"]["mean"] == 55
    assert summary["seeds"] == [1, 2, 3, 4]
