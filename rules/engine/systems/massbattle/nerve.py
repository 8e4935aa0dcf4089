"""Nerve tests (seed 003 §8; Headstrong, Inspiring, Shambling §10)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.dice import Dice

STEADY, WAVERING, ROUTED = "steady", "wavering", "routed"


def nerve_result(total: int) -> str:
    """Nerve table: 7 or less steady, 8-9 wavering, 10+ routs (seed 003 §8)."""
    if total >= 10:
        return ROUTED
    if total >= 8:
        return WAVERING
    return STEADY


def nerve_total(roll: int, damage: int, nerve: int, banner: bool, musician: bool) -> int:
    """2D6 + damage − Ne, −1 for the target's banner, +1 when an enemy musician is in melee
    with it (seed 003 §8 formula, banners and musicians)."""
    return roll + damage - nerve - int(banner) + int(musician)


@dataclass(frozen=True, slots=True)
class NerveOutcome:
    result: str
    rolls: tuple[int, ...]
    total: int
    rerolled: bool = False
    headstrong_roll: int = 0


def single_test(
    dice: Dice, damage: int, nerve: int, banner: bool, musician: bool
) -> tuple[str, tuple[int, int], int]:
    """One 2D6 test; a double one is Steady whatever the modifiers (seed 003 §8)."""
    a, b = dice.d6s(2)
    total = nerve_total(a + b, damage, nerve, banner, musician)
    if a == 1 and b == 1:
        return STEADY, (a, b), total
    return nerve_result(total), (a, b), total


def nerve_test(
    dice: Dice,
    damage: int,
    nerve: int,
    banner: bool = False,
    musician: bool = False,
    inspired: bool = False,
    shambling: bool = False,
    headstrong: bool = False,
) -> NerveOutcome:
    """A full nerve test: a rout is re-rolled once under Inspiring (second stands); Shambling
    counts Wavering as Steady; Headstrong shakes off Wavering on a D6 4+ (seed 003 §8, §10)."""
    result, first, total = single_test(dice, damage, nerve, banner, musician)
    rolls: tuple[int, ...] = first
    rerolled = False
    if result == ROUTED and inspired:
        result, second, total = single_test(dice, damage, nerve, banner, musician)
        rolls = rolls + second
        rerolled = True
    strong = 0
    if result == WAVERING and shambling:
        result = STEADY
    elif result == WAVERING and headstrong:
        strong = dice.d6()
        if strong >= 4:
            result = STEADY
    return NerveOutcome(result, rolls, total, rerolled, strong)
