"""Ruins with an upper floor: climbing up, jumping down and falling (NOT IN SEED: seed 001 is
the close-combat chapter; published Mordheim rules, Movement: "Climbing", "Jumping down",
"Falling"; digest §15.2).

Each ruin has an upper floor ``FLOOR_HEIGHT`` × its level inches up (``TerrainArea.height``,
1-3). A fighter stands on the ground (``z`` 0) or on the floor of the ruin it is in.

- Climbing: the height climbed counts against the move (move + height ≤ M) and takes one
  Initiative test (D6 ≤ I); a failed climb up means the model does not move that turn.
- Jumping down: up to 6", one Initiative test per full 2"; a failure is a fall. Jumping does
  not use the move.
- Falling: D3 hits at S equal to the height in inches, no armour save; the model moves no
  further that turn. A fighter knocked down or stunned within 1" of the floor's edge takes an
  Initiative test or falls ("Falling", published).
- Sight: a fighter up on a floor sees, and is seen, over the walls of other ruins.

Simplified (this project's reading): climbing down is always a jump (never slower than
climbing), a floor has no stairs or edges other than its ruin's outline, and bases are kept
apart in plan view whatever the level.
"""

from __future__ import annotations

from rules.engine.geometry import TerrainArea
from rules.engine.systems.skirmish.attacks import Exchange, Strike, roll_exchange
from rules.engine.systems.skirmish.fighters import Fighter
from rules.engine.systems.skirmish.skills import ACROBAT_JUMP
from rules.engine.systems.skirmish.state import BattleState, apply_exchange, disengage
from rules.engine.systems.skirmish.tables import STANDING, to_wound

FLOOR_HEIGHT = 2.0
"""Inches per level of a ruin's upper floor (levels 1-3: 2", 4", 6")."""
MAX_JUMP = 6.0
JUMP_TEST_EVERY = 2.0
EDGE = 1.0
"""A fighter downed within 1" of its floor's edge may slip and fall."""


def ruin_at(state: BattleState, x: float, y: float) -> TerrainArea | None:
    """The ruin whose outline holds the point, if any."""
    for area in state.table.terrain:
        r = area.rect
        if r.x <= x <= r.x + r.width and r.y <= y <= r.y + r.height:
            return area
    return None


def floor_height(area: TerrainArea) -> float:
    return FLOOR_HEIGHT * max(1, area.height)


def initiative_test(state: BattleState, fighter: Fighter, reason: str) -> bool:
    """D6 ≤ I passes (published Initiative test; a 6 always fails, a 1 always passes)."""
    roll = state.dice.d6()
    passed = roll == 1 or (roll != 6 and roll <= fighter.I)
    state.event(fighter.side, fighter.id, f"initiative test ({reason}): {roll}", dice=[roll])
    return passed


def fall(state: BattleState, fighter: Fighter, height: float) -> None:
    """D3 hits at S = the height in inches (at least 1), no armour save, no critical; the
    fighter lands at the foot of the wall, out of any combat, and moves no further."""
    hits = state.dice.d3()
    strength = max(1, round(height))
    strike = Strike(
        hit_need=None,
        wound_need=to_wound(strength, fighter.T),
        save_need=None,
        parryable=False,
        weapon="fall",
    )
    exchange = Exchange(
        (strike,) * hits,
        target_wounds=fighter.wounds,
        target_state=fighter.state,
        critical_available=False,
    )
    fighter.z = 0.0
    disengage(state, fighter)
    fighter.moved = True
    result = roll_exchange(exchange, state.dice, state.settings)
    state.event(
        fighter.side,
        fighter.id,
        f'falls {height:g}": {hits} hits at S{strength}, {result.outcome}',
        dice=result.dice,
    )
    apply_exchange(state, None, fighter, result)


def jump_down(state: BattleState, fighter: Fighter) -> bool:
    """Jump from the floor to the ground: one Initiative test per full 2" (at most 6"), one
    test in all for an Acrobat (up to 12", published rulebook p.123); any failure is a fall
    from the full height. True when the fighter landed and may go on."""
    height = fighter.z
    if height <= 0.0:
        return True
    if "acrobat" in fighter.skills and height <= ACROBAT_JUMP:
        tests = 1
    else:
        tests = int(min(height, MAX_JUMP) // JUMP_TEST_EVERY)
    for _ in range(tests):
        if not initiative_test(state, fighter, "jumping down"):
            fall(state, fighter, height)
            return False
    fighter.z = 0.0
    state.event(fighter.side, fighter.id, f'jumps down {height:g}"')
    return True


def climb(state: BattleState, fighter: Fighter, area: TerrainArea) -> bool:
    """One Initiative test to climb onto ``area``'s floor, none with Scale Sheer Surfaces
    (published rulebook p.123); the caller checked that the move and the height fit in M
    (``climb_allowance``). False: the climb failed and the fighter does not move."""
    if "scale-sheer-surfaces" not in fighter.skills and not initiative_test(
        state, fighter, "climbing"
    ):
        state.event(fighter.side, fighter.id, "fails to climb")
        return False
    fighter.z = floor_height(area)
    state.event(fighter.side, fighter.id, f'climbs {fighter.z:g}" into {area.name}')
    return True


def climb_allowance(fighter: Fighter) -> float:
    """Inches of move and height a fighter may climb in a turn: M, twice that with Scale
    Sheer Surfaces (published rulebook p.123)."""
    return fighter.M * (2.0 if "scale-sheer-surfaces" in fighter.skills else 1.0)


def near_edge(area: TerrainArea, x: float, y: float) -> bool:
    r = area.rect
    return min(x - r.x, r.x + r.width - x, y - r.y, r.y + r.height - y) <= EDGE


def downed_on_a_floor(state: BattleState, fighter: Fighter) -> None:
    """A fighter knocked down or stunned up on a floor within 1" of its edge tests its
    Initiative or falls (published Falling)."""
    if fighter.z <= 0.0 or fighter.out or fighter.state == STANDING:
        return
    area = ruin_at(state, fighter.x, fighter.y)
    if area is None or not near_edge(area, fighter.x, fighter.y):
        return
    if not initiative_test(state, fighter, "slipping off the edge"):
        fall(state, fighter, fighter.z)
