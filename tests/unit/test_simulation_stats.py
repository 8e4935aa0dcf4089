"""Simulation summaries: Wilson intervals and histograms; chunks packed by column (issue 25,
a 10,000-run simulation's stored outcomes well under 1 MB)."""

import json
import random

import pytest

from rules.simulation_stats import (
    histogram,
    pack_outcomes,
    summarise,
    unpack_outcomes,
    wilson_interval,
)


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


def realistic_outcomes(first_seed: int, runs: int) -> list[dict]:
    """Outcomes shaped like a 1,500-point battle's: scores to 15, surviving points to 1,500."""
    rng = random.Random(first_seed)
    return [
        {
            "seed": first_seed + i,
            "winner": rng.choice(("a", "b", "")),
            "score_a": rng.randint(0, 15),
            "score_b": rng.randint(0, 15),
            "surviving_a": rng.randint(0, 1500),
            "surviving_b": rng.randint(0, 1500),
        }
        for i in range(runs)
    ]


def test_a_packed_chunk_unpacks_to_the_same_outcomes_in_the_same_order():
    outcomes = realistic_outcomes(4_000_000_000, 250)
    packed = json.loads(json.dumps(pack_outcomes(outcomes)))  # as the JSON column returns it
    assert unpack_outcomes(packed) == outcomes
    assert summarise(unpack_outcomes(packed)) == summarise(outcomes)


def test_ten_thousand_packed_outcomes_take_a_quarter_of_the_plain_rows_and_under_300_kb():
    outcomes = realistic_outcomes(1, 10_000)
    chunks = [pack_outcomes(outcomes[i : i + 250]) for i in range(0, 10_000, 250)]
    packed = sum(len(json.dumps(chunk)) for chunk in chunks)
    plain = len(json.dumps(outcomes))
    assert packed < 300_000
    assert packed * 4 < plain


def test_chunks_stored_before_packing_are_still_read():
    outcomes = realistic_outcomes(7, 3)
    assert unpack_outcomes(outcomes) == outcomes
    assert unpack_outcomes([]) == []


def test_a_chunk_whose_seeds_do_not_run_on_is_refused_rather_than_stored_wrong():
    outcomes = realistic_outcomes(7, 3)
    outcomes[2]["seed"] = 99
    with pytest.raises(ValueError, match="run on one by one"):
        pack_outcomes(outcomes)
