"""League table from game results — pure functions, no ORM, so 64 players × 8 rounds take a
millisecond or two.

Tie-breakers are a configurable chain of names (campaign setting ``tiebreakers``); a seeded
draw always ends the chain so the order is total and reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

TIEBREAKERS: tuple[str, ...] = (
    "match_points",
    "vp_diff",
    "vp_for",
    "wins",
    "sos",
    "head_to_head",
    "draw",
)
DEFAULT_TIEBREAKERS: tuple[str, ...] = ("match_points", "vp_diff", "sos", "head_to_head", "draw")


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """Match points for a win, a draw, a loss and a bye (a bye is scored as a win)."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: ``b`` None is a bye for ``a``; ``winner`` "a", "b" or None."""

    a: int
    b: int | None
    winner: str | None
    score_a: int = 0
    score_b: int = 0


@dataclass(slots=True)
class Row:
    """One line of the table."""

    participant: int
    rank: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    match_points: int = 0
    vp_for: int = 0
    vp_against: int = 0
    sos: float = 0.0
    opponents: list[int] = field(default_factory=list)

    @property
    def vp_diff(self) -> int:
        return self.vp_for - self.vp_against

    def as_dict(self) -> dict[str, object]:
        return {
            "participant": self.participant,
            "rank": self.rank,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "byes": self.byes,
            "match_points": self.match_points,
            "vp_for": self.vp_for,
            "vp_against": self.vp_against,
            "vp_diff": self.vp_diff,
            "sos": round(self.sos, 4),
        }


def _tally(
    participants: Iterable[int], results: Sequence[GameResult], points: MatchPoints
) -> dict[int, Row]:
    rows = {pid: Row(pid) for pid in sorted(participants)}
    for game in results:
        a = rows.setdefault(game.a, Row(game.a))
        if game.b is None:
            a.played += 1
            a.won += 1
            a.byes += 1
            a.match_points += points.bye
            continue
        b = rows.setdefault(game.b, Row(game.b))
        a.played += 1
        b.played += 1
        a.vp_for += game.score_a
        a.vp_against += game.score_b
        b.vp_for += game.score_b
        b.vp_against += game.score_a
        a.opponents.append(game.b)
        b.opponents.append(game.a)
        if game.winner is None:
            a.drawn += 1
            b.drawn += 1
            a.match_points += points.draw
            b.match_points += points.draw
        else:
            won, lost = (a, b) if game.winner == "a" else (b, a)
            won.won += 1
            lost.lost += 1
            won.match_points += points.win
            lost.match_points += points.loss
    return rows


def strength_of_schedule(row: Row, rows: dict[int, Row]) -> float:
    """Average match points of the opponents met, each counted once, byes excluded
    (NOT IN SEED: the issue's default tie-breaker)."""
    met = sorted(set(row.opponents))
    if not met:
        return 0.0
    return sum(rows[o].match_points for o in met) / len(met)


def _head_to_head(group: list[int], results: Sequence[GameResult], points: MatchPoints):
    """Match points earned in games between members of ``group`` only."""
    members = set(group)
    earned = dict.fromkeys(group, 0)
    for game in results:
        if game.b is None or game.a not in members or game.b not in members:
            continue
        if game.winner is None:
            earned[game.a] += points.draw
            earned[game.b] += points.draw
        else:
            earned[game.a if game.winner == "a" else game.b] += points.win
            earned[game.b if game.winner == "a" else game.a] += points.loss
    return earned


def standings(
    participants: Iterable[int],
    results: Sequence[GameResult],
    *,
    points: MatchPoints | None = None,
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
    seed: int = 0,
) -> list[Row]:
    """The ranked table: rows sorted by the tie-breaker chain (each higher is better), equal
    rows split by head-to-head among just the tied players, then by a draw from ``seed``."""
    points = points or MatchPoints()
    unknown = [name for name in tiebreakers if name not in TIEBREAKERS]
    if unknown:
        raise ValueError(f"Unknown tie-breaker(s): {', '.join(unknown)}")
    rows = _tally(participants, results, points)
    for row in rows.values():
        row.sos = strength_of_schedule(row, rows)
    rng = random.Random(seed)
    draw = {pid: rng.random() for pid in sorted(rows)}
    simple: dict[str, Callable[[Row], float]] = {
        "match_points": lambda r: r.match_points,
        "vp_diff": lambda r: r.vp_diff,
        "vp_for": lambda r: r.vp_for,
        "wins": lambda r: r.won,
        "sos": lambda r: r.sos,
        "draw": lambda r: draw[r.participant],
    }
    chain = [*tiebreakers, "draw"] if "draw" not in tiebreakers else list(tiebreakers)
    groups: list[list[int]] = [sorted(rows)] if rows else []
    for name in chain:
        refined: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            if name == "head_to_head":
                earned = _head_to_head(group, results, points)
                key: Callable[[int], float] = earned.__getitem__
            else:
                getter = simple[name]
                key = lambda pid, getter=getter: getter(rows[pid])  # noqa: E731
            ordered = sorted(group, key=key, reverse=True)
            current = [ordered[0]]
            for pid in ordered[1:]:
                if key(pid) == key(current[-1]):
                    current.append(pid)
                else:
                    refined.append(current)
                    current = [pid]
            refined.append(current)
        groups = refined
    table = [rows[group[0]] for group in groups]
    for position, row in enumerate(table, start=1):
        row.rank = position
    return table
