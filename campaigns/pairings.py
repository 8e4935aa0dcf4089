"""Pairings for a campaign round: Swiss, round robin (Berger tables) — pure functions.

Nothing here touches the database; players are plain values so 256 players pair in
milliseconds. Every choice that is not forced by the rules comes from ``seed``, so the same
standings and seed give the same pairings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

SEARCH_BUDGET = 200_000
"""Backtracking steps before Swiss pairing gives up avoiding rematches (never reached in
practice: with few rounds played a rematch-free pairing is found almost without
backtracking)."""


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """One player as the Swiss pairer sees them: id, match points, standing (0 = top),
    opponents met so far and whether they already had a bye."""

    id: int
    score: float
    rank: int
    opponents: frozenset[int] = field(default_factory=frozenset)
    had_bye: bool = False


@dataclass(frozen=True, slots=True)
class Pairing:
    """Side ``a`` against side ``b``; ``b`` None is a bye for ``a``."""

    a: int
    b: int | None


def _ordered(players: Sequence[SwissPlayer], seed: int) -> list[SwissPlayer]:
    """Score down, then standing, then a seeded draw (stable for equal inputs)."""
    rng = random.Random(seed)
    by_id = sorted(players, key=lambda p: p.id)
    draw = {p.id: rng.random() for p in by_id}
    return sorted(by_id, key=lambda p: (-p.score, p.rank, draw[p.id]))


def _pair_all(order: list[SwissPlayer], allow_rematch: bool) -> list[Pairing] | None:
    """Pair ``order`` top down, each player with the nearest one below (equal scores first)
    they have not met, backtracking when a later player would be left without a partner."""
    steps = 0
    used = [False] * len(order)
    chosen: list[Pairing] = []

    def solve() -> bool:
        nonlocal steps
        first = next((i for i, u in enumerate(used) if not u), None)
        if first is None:
            return True
        used[first] = True
        top = order[first]
        for j in range(first + 1, len(order)):
            if used[j]:
                continue
            other = order[j]
            if not allow_rematch and other.id in top.opponents:
                continue
            steps += 1
            if steps > SEARCH_BUDGET:
                break
            used[j] = True
            chosen.append(Pairing(top.id, other.id))
            if solve():
                return True
            chosen.pop()
            used[j] = False
        used[first] = False
        return False

    return list(chosen) if solve() else None


def swiss_pairings(players: Sequence[SwissPlayer], *, seed: int) -> list[Pairing]:
    """Swiss pairing: players of equal score meet (top down, nearest first), never a rematch
    while a rematch-free pairing exists, and with an odd count the lowest-ranked player
    without a bye gets it (NOT IN SEED: common Swiss tournament practice)."""
    order = _ordered(players, seed)
    bye: list[Pairing] = []
    if len(order) % 2:
        candidates = [p for p in reversed(order) if not p.had_bye] or list(reversed(order))
        for candidate in candidates:
            rest = [p for p in order if p.id != candidate.id]
            pairs = _pair_all(rest, allow_rematch=False)
            if pairs is not None:
                return [*pairs, Pairing(candidate.id, None)]
        bye = [Pairing(candidates[0].id, None)]
        order = [p for p in order if p.id != candidates[0].id]
    pairs = _pair_all(order, allow_rematch=False)
    if pairs is None:
        pairs = _pair_all(order, allow_rematch=True) or []
    return pairs + bye


def berger_rounds(player_ids: Sequence[int], *, seed: int) -> list[list[Pairing]]:
    """Every round of a round robin from the Berger tables: players get Berger numbers
    1..n by a seeded draw (a bye is number n when the count is odd); in round r numbers i and
    j meet when i + j ≡ r + 1 (mod n − 1), the one left over meets n (NOT IN SEED: FIDE
    Berger tables). Colours: n alternates, otherwise the lower number has side a when the
    difference is odd."""
    ids: list[int | None] = sorted(player_ids)
    random.Random(seed).shuffle(ids)
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    if n < 2:
        return []
    rounds: list[list[Pairing]] = []
    for r in range(1, n):
        numbered: list[tuple[int, int]] = []
        for i in range(1, n):
            j = (r + 1 - i) % (n - 1) or (n - 1)
            if j == i:
                numbered.append((i, n) if r % 2 else (n, i))
            elif i < j:
                numbered.append((i, j) if (j - i) % 2 else (j, i))
        numbered.sort(key=lambda pair: min(pair[0], pair[1]) if n not in pair else 0)
        rounds.append([_berger_pairing(ids[x - 1], ids[y - 1]) for x, y in numbered])
    return rounds


def _berger_pairing(a: int | None, b: int | None) -> Pairing:
    if a is None:
        return Pairing(b, None)  # type: ignore[arg-type]
    return Pairing(a, b)


def round_robin_round(player_ids: Sequence[int], number: int, *, seed: int) -> list[Pairing]:
    """Round ``number`` (1-based) of the Berger schedule; it wraps after n − 1 rounds."""
    rounds = berger_rounds(player_ids, seed=seed)
    if not rounds:
        return []
    return rounds[(number - 1) % len(rounds)]
