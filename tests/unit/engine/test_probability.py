"""Exact distributions (rules/engine/probability.py)."""

from fractions import Fraction
from math import comb

import pytest

from rules.engine.probability import (
    DieOutcome,
    Distribution,
    attack_sequence,
    distribution_of_successes,
    models_removed,
    p_at_least,
    p_with_reroll,
)


def test_p_at_least_on_a_d6():
    assert p_at_least(4) == Fraction(1, 2)
    assert p_at_least(2) == Fraction(5, 6)
    assert p_at_least(7) == 0
    assert p_at_least(None) == 0
    assert p_at_least(1) == 1


def test_reroll_once_of_a_half_is_three_quarters():  # seed 000 [5]
    assert p_with_reroll(Fraction(1, 2)) == Fraction(3, 4)


def test_binomial_matches_the_closed_form():
    dist = distribution_of_successes(12, Fraction(1, 3))
    for k in range(13):
        exact = comb(12, k) * (1 / 3) ** k * (2 / 3) ** (12 - k)
        assert dist.p(k) == pytest.approx(exact, rel=1e-12)
    assert sum(dist.probabilities) == pytest.approx(1.0)
    assert dist.mean == pytest.approx(4.0)


def test_binomial_edge_cases():
    assert distribution_of_successes(0, 0.5).probabilities == (1.0,)
    assert distribution_of_successes(3, 0).probabilities == (1.0, 0.0, 0.0, 0.0)
    assert distribution_of_successes(3, 1).probabilities == (0.0, 0.0, 0.0, 1.0)


def test_wounds_spill_onto_the_next_model_only_when_one_dies():  # seed 000 [26]
    assert models_removed(5, 2, 10) == 2
    assert models_removed(1, 3, 10) == 0
    assert models_removed(7, 3, 2) == 2


def test_instant_death_removes_a_model_per_wound():  # seed 000 [27]
    assert models_removed(3, 3, 5, instant_death=True) == 3


def test_distribution_helpers():
    dist = Distribution((0.25, 0.5, 0.25))
    assert dist.mean == pytest.approx(1.0)
    assert dist.variance == pytest.approx(0.5)
    assert dist.median() == 1


def test_attack_sequence_models_slain_counts_whole_models():
    result = attack_sequence(6, DieOutcome(1, 1, 1), wounds_per_model=2, models=5)
    assert result.unsaved_wounds.p(6) == pytest.approx(1.0)
    assert result.models_slain.p(3) == pytest.approx(1.0)
