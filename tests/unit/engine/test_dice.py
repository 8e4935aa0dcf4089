"""Seeded dice (seed 000 [4][5])."""

from rules.engine.dice import Dice


def test_same_seed_gives_same_rolls():
    assert Dice(7).d6s(50) == Dice(7).d6s(50)


def test_d3_is_half_a_d6_rounded_up():  # seed 000 [4]: 1-2 → 1, 3-4 → 2, 5-6 → 3
    dice = Dice(3)
    values = {dice.d3() for _ in range(500)}
    assert values == {1, 2, 3}


def test_scatter_hit_faces_are_one_third():  # seed 000 [4]: two HIT faces of six
    dice = Dice(5)
    hits = sum(dice.scatter().hit for _ in range(6000))
    assert 1800 < hits < 2200


def test_spawned_streams_are_reproducible_and_distinct():
    assert Dice(1).spawn("x").d6s(20) == Dice(1).spawn("x").d6s(20)
    assert Dice(1).spawn("x").d6s(20) != Dice(1).spawn("y").d6s(20)


def test_d6_batch_is_reproducible_and_uniform():
    assert Dice(9).d6_batch(30) == Dice(9).d6_batch(30)
    rolls = Dice(2).d6_batch(6000)
    counts = [rolls.count(face) for face in range(1, 7)]
    assert min(rolls) == 1
    assert max(rolls) == 6
    assert all(880 < c < 1120 for c in counts), counts
