"""The hex map of one battle: its bounds, obstacles, who stands in which hex, lines of fire.

The hex geometry itself is :mod:`rules.engine.hexgrid`; this module adds the occupancy rules
of seed 004 (a hex one may stop in, leaving a shared hex ends close combat, lines of fire).
"""

from __future__ import annotations

from functools import lru_cache

from rules.engine import hexgrid
from rules.engine.hexgrid import ArcDefinition, Hex
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.grid_numbers import grid_numbers
from rules.engine.systems.hextactical.scenario import Layout

#: The steps of a line between two hexes (:func:`hexgrid.line_steps`) and the set of their hexes.
Line = tuple[tuple[tuple[Hex, ...], ...], frozenset[Hex]]


@lru_cache(maxsize=8192)
def line_of(a: Hex, b: Hex) -> Line:
    """The steps of the line from ``a`` to ``b`` (:func:`hexgrid.line_steps`) and the set of
    their hexes: pure geometry, the same on every map, so kept across battles (fighters of a
    matchup look along much the same lines battle after battle); what blocks a line is each
    board's own (:meth:`Board.line_clear`)."""
    steps = tuple(hexgrid.line_steps(a, b))
    return steps, frozenset([h for step in steps for h in step])


@lru_cache(maxsize=8192)
def _line_parts(
    a: Hex, b: Hex
) -> tuple[frozenset[Hex], frozenset[Hex], tuple[tuple[Hex, Hex], ...]]:
    """The hexes of :func:`line_of` ``(a, b)``, those of its single-hex steps, and its
    hex-side pairs: what :meth:`Board.line_clear` asks of a line, kept across battles."""
    steps, hexes = line_of(a, b)
    singles = frozenset([step[0] for step in steps if len(step) == 1])
    return hexes, singles, tuple([(step[0], step[1]) for step in steps if len(step) == 2])


class Board:
    """Bounds, solid obstacles and the occupants of each hex of one battle's map."""

    __slots__ = (
        "_clear",
        "_directions",
        "_open_numbers",
        "_sight",
        "around",
        "blocked",
        "by_id",
        "cells",
        "grid",
        "height",
        "occ",
        "open",
        "width",
    )

    def __init__(self, layout: Layout, by_id: dict[str, Combatant]) -> None:
        self.width = layout.width
        self.height = layout.height
        self.cells: frozenset[Hex] = frozenset(
            hexgrid.offset_to_axial(col, row)
            for col in range(layout.width)
            for row in range(layout.height)
        )
        self.blocked: set[Hex] = set(layout.obstacles)
        self.open: set[Hex] = set(self.cells - self.blocked)
        self.occ: dict[Hex, list[Combatant]] = {}
        self.by_id = by_id
        # Lines of fire depend on the obstacles only, which stand still: each is found once.
        self._clear: dict[tuple[Hex, Hex], bool] = {}
        self._sight: dict[tuple[Hex, int, int, ArcDefinition], tuple[Hex, ...]] = {}
        # Pure geometry, worked out once a battle: each hex's six neighbours (:meth:`neighbours`),
        # the direction of an offset (:meth:`direction`); lines between hexes: :func:`line_of`
        self.around: dict[Hex, tuple[Hex, ...]] = {}
        self._directions: dict[Hex, int] = {}
        # the hexes numbered for the movement search, and which numbers are open (obstacles
        # stand still: worked out again only when one is placed)
        self.grid = grid_numbers(layout.width, layout.height)
        self._open_numbers: tuple[bool, ...] | None = None

    def in_bounds(self, h: Hex) -> bool:
        return h in self.cells

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The six hexes next to ``h`` in direction order 0–5 (:func:`hexgrid.neighbours`),
        kept in :attr:`around` for the searches that ask again."""
        around = self.around.get(h)
        if around is None:
            around = self.around[h] = tuple(hexgrid.neighbours(h))
        return around

    def direction(self, a: Hex, b: Hex) -> int:
        """:func:`hexgrid.direction_to` from ``a`` to ``b``, kept per offset ``b − a`` (a
        direction does not depend on where one stands; its 1e-6 margin is far beyond the float
        error of moving the origin)."""
        if a == b:
            return 0
        offset = (b[0] - a[0], b[1] - a[1])
        direction = self._directions.get(offset)
        if direction is None:
            direction = self._directions[offset] = hexgrid.direction_to((0, 0), offset)
        return direction

    def block(self, h: Hex) -> None:
        """Put a solid obstacle in ``h`` (a scenario's terrain, or a test's)."""
        self.blocked.add(h)
        self.open.discard(h)
        self._clear.clear()
        self._sight.clear()
        self._open_numbers = None

    def open_numbers(self) -> tuple[bool, ...]:
        """Per hex number of :attr:`grid`, whether the hex is open (on the map, no obstacle)."""
        if self._open_numbers is None:
            self._open_numbers = tuple(h in self.open for h in self.grid.hexes)
        return self._open_numbers

    def free(self, h: Hex, me: Combatant | None = None) -> bool:
        """A hex one may stop in: on the map, no obstacle, nobody else active there."""
        if h not in self.open:
            return False
        people = self.occ.get(h)
        return not people or all(o is me for o in people)

    def side_at(self, h: Hex) -> str | None:
        people = self.occ.get(h)
        return people[0].side if people else None

    def occupants_at(self, h: Hex) -> list[tuple[str, str]]:
        return [(o.id, o.posture) for o in self.occ.get(h, ())]

    def line_clear(self, a: Hex, b: Hex) -> bool:
        """Line of fire not blocked by solid obstacles (seed 004 "Firing through occupied
        hexes" §9.1): simplified to the centre-to-centre line, a hex-side line being blocked
        only when both hexes hold obstacles."""
        key = (a, b)
        clear = self._clear.get(key)
        if clear is None:
            hexes, singles, pairs = _line_parts(a, b)
            blocked = self.blocked
            clear = self._clear[key] = hexes.isdisjoint(blocked) or (
                singles.isdisjoint(blocked)
                and not (pairs and any(p in blocked and q in blocked for p, q in pairs))
            )
        return clear

    def occupied_steps(self, a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
        """The steps of the line from ``a`` to ``b`` (:func:`line_of`) with someone in every
        hex: the only ones that can put people in the way
        (:func:`tactics.people_in_the_way`, where an empty hex adds nobody and a hex-side
        pair counts only with both hexes held), found without a look at the others' hexes."""
        steps, hexes = line_of(a, b)
        occ = self.occ
        if hexes.isdisjoint(occ):
            return []
        return [s for s in steps if s[0] in occ and (len(s) == 1 or s[1] in occ)]

    def front_in_sight(
        self, origin: Hex, facing: int, radius: int, arcs: ArcDefinition
    ) -> tuple[Hex, ...]:
        """The front-arc hexes of ``origin`` facing ``facing`` out to ``radius``, nearest ring
        first: on the map, not solid, with a clear line of fire from ``origin`` (seed 004 "Arc
        of vision", "Opportunity fire"). Obstacles stand still, so each is found once."""
        key = (origin, facing, radius, arcs)
        hexes = self._sight.get(key)
        if hexes is None:
            hexes = self._sight[key] = tuple(
                h
                for ring in range(1, radius + 1)
                for h in hexgrid.arc_hexes(origin, facing, ring, "front", arcs)
                if self.in_bounds(h) and h not in self.blocked and self.line_clear(origin, h)
            )
        return hexes

    def enter(self, c: Combatant) -> None:
        """Add ``c`` to the occupants of the hex he stands in (deployment)."""
        self.occ.setdefault(c.pos, []).append(c)

    def place(self, c: Combatant, h: Hex) -> None:
        """Move ``c`` to ``h``; leaving a shared hex ends the close combat (seed 004 "Leaving
        an enemy's hex")."""
        if c.close_with and h != c.pos:
            other = self.by_id.get(c.close_with)
            if other is not None and other.close_with == c.id:
                other.close_with = ""
            c.close_with = ""
        self._leave(c)
        c.pos = h
        self.occ.setdefault(h, []).append(c)

    def remove(self, c: Combatant) -> None:
        """Take ``c`` off the map (down or fled), ending any close combat with him."""
        self._leave(c)
        for other in self.by_id.values():
            if other.close_with == c.id:
                other.close_with = ""
        c.close_with = ""

    def _leave(self, c: Combatant) -> None:
        people = self.occ.get(c.pos)
        if people and c in people:
            people.remove(c)
            if not people:
                del self.occ[c.pos]
