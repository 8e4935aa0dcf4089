"""Skimmers and fast vehicles moving fast (NOT IN SEED ≈: 4e pp.58-73).

Published text checked with the ``search`` tool (corpus "pages"):

- 4e "Vehicle Movement", http://redelf.narod.ru/w40k/rulebook4/92.html: most vehicles move
  up to 12", "Fast vehicles can move up to 24" in the Movement phase"; vehicles that move
  "out of, into or through difficult terrain risk becoming stuck … Skimmers and walkers are
  handled differently and are explained later. Other vehicles must make a Dangerous Terrain
  test"; skimmers' anti-gravity drives "allow them to skim swiftly over rough terrain".
- 4e "Vehicles and Shooting", http://redelf.narod.ru/w40k/rulebook4/94.html: main weapons
  S ≥ 7 (or ordnance), defensive S ≤ 6, how many fire "depends on how fast it moves"
  (``volleys.vehicle_weapon_allowance``).
- The skimmer paragraph itself was not in the stored excerpt of 92.html. The later
  rulebooks' published skimmer text (5th edition, https://scoolov.github.io/wh40000rules/
  the-rules/vehicles/skimmers/; Horus Heresy, https://www.newrecruit.eu/wiki/horus-heresy/
  horus-heresy-(2022)/rules/skimmers) keeps the 4e rules and words them: skimmers "can move
  over friendly and enemy models" and "over all terrain, ignoring all penalties for
  difficult terrain and Dangerous Terrain tests. However, if a moving Skimmer starts or
  ends its move in difficult or dangerous terrain, it must take a Dangerous Terrain test".
  Hence the setting ``skimmer_terrain_test`` (the digest's quick-reference row says only
  "no (pass over)").
- A 3rd/4th-edition Eldar FAQ (https://angelfire.com/games4/eldarportal/eldarfaq.html):
  "With skimmers, if you Immobilise the vehicle, it crashes"; a skimmer that moved over 6"
  "can only be glanced" (``damage.fast_skimmer``).

What the engine plays here: a skimmer flies over impassable terrain (and, like every unit
in this engine, over models) but may not end its move on impassable terrain; a moving
skimmer tests for the terrain it starts or ends in (the setting); an immobilised skimmer
that moved more than 6" crashes and is destroyed, whatever immobilised it (the setting
``terrain_crashes_fast_skimmers`` for a failed terrain test). The AI lets a fast skimmer
move fast when that costs it no gun (``moves_fast_for_free``, ``jink_point``).
"""

from __future__ import annotations

from rules.engine.geometry import IMPASSABLE, Point, segment_entry_distance
from rules.engine.systems.grimdark.army import Unit
from rules.engine.systems.grimdark.battle import Battle

FAST_MOVE = 6.0  # a skimmer that moved more than this is moving fast (4e pp.58-73)
CRUISING = 12.0  # a fast vehicle still fires one main weapon up to this (4e p.59, 94.html)
JINK = 7.0  # how far the AI's fast skimmer swerves to count as moving fast
LANDING_STEP = 0.01


def is_skimmer(unit: Unit) -> bool:
    """A vehicle of the Skimmer type (4e pp.58-73, http://redelf.narod.ru/w40k/rulebook4/9.html
    "The different types are Fast, Tank, Open-topped, Skimmer and Walker")."""
    return "skimmer" in unit.vehicle_kinds


def landing_point(battle: Battle, start: Point, target: Point) -> Point:
    """Where a skimmer flying start → target comes down: the target, or, when that lies on
    impassable terrain, the last point short of it (it passes over impassable terrain but
    may not end its move there, NOT IN SEED ≈ 4e pp.58-73; see the module docstring)."""
    p = target
    for _ in range(len(battle.table.terrain) + 1):
        blocks = [a for a in battle.table.areas_at(p) if a.kind == IMPASSABLE]
        if not blocks:
            return p
        entry = min(segment_entry_distance(a.rect, start, p) or 0.0 for a in blocks)
        p = start.toward(p, max(0.0, entry - LANDING_STEP))
    return start


def skimmer_must_test(battle: Battle, unit: Unit, start: Point, moved: float) -> bool:
    """A moving skimmer takes a dangerous terrain test when it starts or ends its move in
    difficult (or dangerous) terrain; flying over it costs nothing (setting
    ``skimmer_terrain_test``: "start_or_end", "end" or "none", NOT IN SEED ≈ 4e pp.58-73,
    see the module docstring for the published wording checked)."""
    rule = battle.settings.skimmer_terrain_test
    if moved <= 0.0 or rule == "none":
        return False
    if any(a.slows for a in battle.table.areas_at(unit.position)):
        return True
    return rule == "start_or_end" and any(a.slows for a in battle.table.areas_at(start))


def cruises_for_free(unit: Unit) -> bool:
    """A fast vehicle loses no gun by moving up to 12": it fires every weapon up to 6" and
    one main weapon with all its defensive ones up to 12" (4e p.59,
    http://redelf.narod.ru/w40k/rulebook4/94.html, ``volleys.vehicle_weapon_allowance``),
    so one with at most one main weapon and no barrage (which needs the vehicle stationary)
    may as well move more than 6", after which it is hit only on 6s in close combat
    (``tables.close_combat_hit_on_vehicle``)."""
    if "fast" not in unit.vehicle_kinds or unit.immobilised:
        return False
    guns = [w for m in unit.alive for w in m.ranged]
    if any(w.barrage for w in guns):
        return False
    return sum(1 for w in guns if w.main) <= 1


def moves_fast_for_free(unit: Unit) -> bool:
    """A fast skimmer that cruises for free (``cruises_for_free``) should move fast: more
    than 6" also turns penetrating hits into glancing ones (``damage.fast_skimmer``)."""
    return is_skimmer(unit) and cruises_for_free(unit)


def jink_point(battle: Battle, unit: Unit) -> Point | None:
    """Where the AI's fast skimmer swerves to when it would rather hold and shoot: ``JINK``
    inches square to the line to the nearest enemy (so the range hardly changes), on the
    table, not ending in difficult or impassable terrain; the side nearer the enemy first.
    None when neither side is clear."""
    enemies = battle.enemies(unit.side)
    if not enemies:
        return None
    here = unit.position
    nearest = min(enemies, key=lambda e: (battle.gap(unit, e), e.id))
    base = here.angle_to(nearest.position)
    options = []
    for turn in (90.0, -90.0):
        p = battle.table.clamp(here.offset(base + turn, JINK), unit.radius)
        if here.distance(p) <= FAST_MOVE + 0.5:
            continue
        if any(a.slows or a.kind == IMPASSABLE for a in battle.table.areas_at(p)):
            continue
        options.append((p.distance(nearest.position), turn, p))
    if not options:
        return None
    return min(options)[2]
