"""The battle state: units, table, dice, turn counters, visibility, cover and the log."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from rules.engine.dice import Dice
from rules.engine.geometry import Point, Table, point_segment_distance
from rules.engine.kernel.events import EventLog
from rules.engine.kernel.sides import other
from rules.engine.systems.grimdark.army import MONSTROUS, VEHICLE, Unit
from rules.engine.systems.grimdark.settings import GrimdarkSettings

if TYPE_CHECKING:
    from rules.engine.systems.grimdark.ai import GrimdarkPolicy

LARGE_TYPES: tuple[str, ...] = (VEHICLE, MONSTROUS)
AREA_SIGHT_DEPTH = 6.0  # models see and are seen up to 6" into area terrain (seed 000 [21])


def _bounds(area: Any) -> tuple[float, float, float, float]:
    """An area's rectangle as (left, right, bottom, top), for quick box tests."""
    rect = area.rect
    return rect.x, rect.x + rect.width, rect.y, rect.y + rect.height


class Battle:
    """Everything one battle needs; phases are functions taking a Battle."""

    def __init__(
        self,
        units: list[Unit],
        table: Table,
        dice: Dice,
        mission: Any,
        policies: dict[str, GrimdarkPolicy],
        events: EventLog,
        names: dict[str, str],
        settings: GrimdarkSettings | None = None,
    ) -> None:
        self.units = units
        self.settings = settings or GrimdarkSettings()
        self.by_id = {u.id: u for u in units}
        self.by_side = {s: [u for u in units if u.side == s] for s in ("a", "b")}
        self.table = table
        self.dice = dice
        self.mission = mission
        self.policies = policies
        self.events = events
        self.logging = events.recording
        self.names = names
        self.turn = 0
        self.ptc = 0  # player turns played, counting from 1
        self.active = "a"
        self.phase = "deployment"
        self.objectives: list[Point] = []
        self.sight_areas = [a for a in table.terrain if a.height > 0]
        self._sight_bounds: list[tuple[Any, tuple[float, float, float, float]]] = []
        self._cover_bounds: list[tuple[Any, tuple[float, float, float, float]]] = []
        self.terrain_changed()
        self.large_units = [u for u in units if u.unit_type in LARGE_TYPES]
        self.first = "a"

    # ----- queries -------------------------------------------------------------------
    def side_units(self, side: str) -> list[Unit]:
        """Units of ``side`` on the table, in roster order."""
        return [
            u
            for u in self.by_side[side]
            if u.count > 0
            and not u.fled
            and not u.joined_to
            and not u.reserve
            and not u.embarked_in
        ]

    def enemies(self, side: str) -> list[Unit]:
        return self.side_units(other(side))

    def gap(self, a: Unit, b: Unit) -> float:
        """Closest-edge distance between two units' footprints (seed 000 [6])."""
        pa, pb = a.position, b.position
        d = math.hypot(pa.x - pb.x, pa.y - pb.y) - a.radius - b.radius
        return d if d > 0.0 else 0.0

    def within(self, unit: Unit, others: list[Unit], reach: float) -> list[Unit]:
        """Those of ``others`` at most ``reach`` from ``unit`` (:meth:`gap`, in one call)."""
        here, radius, out = unit.position, unit.radius, []
        for other_unit in others:
            there = other_unit.position
            d = math.hypot(here.x - there.x, here.y - there.y) - radius - other_unit.radius
            if (d if d > 0.0 else 0.0) <= reach:
                out.append(other_unit)
        return out

    def credit_destroyed(self, killer: Unit, target: Unit) -> None:
        """Record that ``killer`` destroyed ``target`` (and any joined character in it)."""
        for uid in [target.id, *target.members]:
            gone = not any(m.wounds > 0 for m in self.models_of(uid))
            if gone and uid not in killer.destroyed_units:
                killer.destroyed_units.append(uid)

    def models_of(self, uid: str) -> list[Any]:
        """The models that came from roster unit ``uid`` (a joined IC's sit in its host)."""
        unit = self.by_id[uid]
        holder = self.by_id[unit.joined_to] if unit.joined_to else unit
        return [m for m in holder.models if m.origin == uid]

    def edge_point(self, unit: Unit) -> Point:
        """Nearest point of the unit's own table edge (falling back, 4e pp.47-49)."""
        y = 0.0 if unit.side == "a" else self.table.height
        return Point(unit.position.x, y)

    def next_own_turn(self, unit: Unit) -> int:
        """The player-turn number of ``unit``'s next own turn."""
        return self.ptc + (2 if unit.side == self.active else 1)

    def moved_to(self, unit: Unit, p: Point) -> None:
        unit.position = self.table.clamp(p, min(unit.radius, 2.0))
        if unit.passengers:
            self.by_id[unit.passengers].position = unit.position

    def terrain_changed(self) -> None:
        """Recompute the terrain areas' bounds (a wreck appeared: append it to
        ``sight_areas`` first)."""
        self._sight_bounds = [(a, _bounds(a)) for a in self.sight_areas]
        self._cover_bounds = [
            (a, _bounds(a)) for a in self.table.terrain if a.cover_save is not None
        ]

    # ----- line of sight and cover ---------------------------------------------------
    def visible(self, firer: Unit, target: Unit) -> bool:
        """Simplified LOS (seed 000 [7][20][21]): area terrain blocks sight through it and
        beyond 6" inside unless the observer or target is taller; vehicles and monstrous
        creatures in between block sight unless one end is taller, skimmers only once
        immobilised (seed 000 [20] "Skimmers do not block LOS unless immobilised"). Worked
        out afresh each time (engine 0.8.0): any move or casualty of a blocker changes it."""
        a, b = firer.position, target.position
        tallest = firer.height if firer.height > target.height else target.height
        min_x, max_x = (a.x, b.x) if a.x < b.x else (b.x, a.x)
        min_y, max_y = (a.y, b.y) if a.y < b.y else (b.y, a.y)
        for area, (left, right, bottom, top) in self._sight_bounds:
            if left > max_x or right < min_x or bottom > max_y or top < min_y:
                continue
            rect = area.rect
            in_a, in_b = rect.contains(a), rect.contains(b)
            if in_a and in_b:
                if a.distance(b) > AREA_SIGHT_DEPTH and area.height >= tallest:
                    return False
                continue
            if in_b:
                if rect.depth_inside(b) > AREA_SIGHT_DEPTH and target.height <= area.height:
                    return False
                continue
            if in_a:
                if rect.depth_inside(a) > AREA_SIGHT_DEPTH and firer.height <= area.height:
                    return False
                continue
            if area.height >= tallest and rect.segment_length_inside(a, b) > 0.0:
                return False
        for blocker in self.large_units:
            # a blocker farther than its reach from the line's bounding box cannot block it
            reach, p = blocker.radius * 0.8, blocker.position
            if p.x + reach < min_x or p.x - reach > max_x or p.y + reach < min_y:
                continue
            if p.y - reach > max_y or blocker is firer or blocker is target:
                continue
            if blocker.height < tallest or blocker.id == firer.embarked_in:
                continue  # passengers fire from the hull
            if not blocker.on_table:
                continue
            if "skimmer" in blocker.vehicle_kinds and not blocker.immobilised:
                continue  # skimmers block sight only once immobilised (seed 000 [20])
            if point_segment_distance(p, a, b) < reach:
                return False
        return True

    def cover_save(self, target: Unit, firer: Unit | None) -> int | None:
        """Cover save (seed 000 [25]): the target stands in area terrain at least its own
        height − 1, or the line of fire crosses cover; cover the firer occupies is ignored
        unless the target shares it. Best cover counts; never better than 2+. A unit that
        turbo-boosted has ``settings.turbo_boost_save`` as cover until its next turn (4e
        pp.53-57, ``special_rules.turbo_boost``)."""
        best: int | None = None
        turbo = self.settings.turbo_boost_save
        if turbo and target.turbo_turn >= 0 and self.ptc <= target.turbo_turn + 1:
            best = turbo
        there = target.position
        here = firer.position if firer is not None else there
        min_x, max_x = (here.x, there.x) if here.x < there.x else (there.x, here.x)
        min_y, max_y = (here.y, there.y) if here.y < there.y else (there.y, here.y)
        for area, (left, right, bottom, top) in self._cover_bounds:
            if left > max_x or right < min_x or bottom > max_y or top < min_y:
                continue  # the line of fire's box misses it: neither end is inside either
            rect = area.rect
            if rect.contains(there):
                if area.height >= target.height - 1:
                    best = area.cover_save if best is None else min(best, area.cover_save)
                continue
            if firer is None or rect.contains(firer.position):
                continue
            if rect.segment_length_inside(firer.position, target.position) > 0.0:
                best = area.cover_save if best is None else min(best, area.cover_save)
        return None if best is None else max(2, best)

    def in_cover(self, unit: Unit) -> bool:
        """Whether the unit stands in cover terrain (for assaults, seed 000 [39])."""
        return any(
            a.cover_save is not None and a.rect.contains(unit.position) and a.height >= 1
            for a in self.table.terrain
        )

    # ----- log -----------------------------------------------------------------------
    def log(
        self,
        side: str,
        actor: str,
        text: str,
        target: str = "",
        dice: list[int] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        """Add one readable event line ("Turn 2, shooting: ...")."""
        if not self.logging:
            return
        text = f"Turn {self.turn}, {self.phase}: {text}" if self.turn else text
        self.events.record(self.turn, self.phase, side, actor, text, target, dice, dict(data or {}))
