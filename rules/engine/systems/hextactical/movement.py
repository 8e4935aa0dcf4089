"""Movement on the hex map: movement-point costs and the reachable hexes, walking a path under
opportunity fire, steps, Evading through a foe's hex, entering close combat, facing, fleeing.

The hex rules are seed 004 ("Entering an enemy's hex", "Opportunity fire"); movement costs and
Evade are NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Step, Tactical
movement, Evade and slam).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import manoeuvres, ranged, wounds
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.defence import melee_skills
from rules.engine.systems.hextactical.gmlog import contest_text
from rules.engine.systems.hextactical.grapple import held_by
from rules.engine.systems.hextactical.reach import Tree
from rules.engine.systems.hextactical.rolls import quick_contest

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle


def reachable(
    b: Battle,
    c: Combatant,
    budget: int,
    enter: AbstractSet[Hex] | None = None,
    evade: bool = False,
) -> Tree:
    """Hexes reachable with ``budget`` movement points: into any front hex (front-left and
    front-right too, facing the way one goes) 1 MP, a sidestep or backward step 2 MP (GURPS 4e
    Basic Set pp.B386–387 "Movement and facing"); always at least 1 hex.
    Returns hex → (cost, previous hex, facing on arrival). ``enter`` lists enemy hexes
    one may move into and stop (seed 004 "Entering an enemy's hex"). With ``evade`` a
    lone foe's hex may be passed straight through into the hex beyond, paying for both
    hexes (seed 004 §15.6–15.7): the tree then links the far hex to the hex before the
    foe's, two hexes apart, and ``move_along`` rolls the Evade there.

    A uniform-cost search with one bucket per movement-point total (every step costs 1 or 2,
    so a bucket is complete before it is expanded): each bucket is expanded in hex order, the
    order of a heap of (cost, hex, facing), and a hex keeps the first cheapest way in. The
    search walks the map's hex numbers (:class:`GridNumbers`, numbered in hex order), the
    :class:`Tree` it returns reads as hex → (cost, previous hex, facing on arrival), hexes in
    the order first reached."""
    board = b.board
    grid = board.grid
    number = grid.number
    start = number[c.pos]
    enter_numbers = {number[h] for h in enter} if enter else _NO_NUMBERS
    # Board.free(n, c) for every hex at once: open, and nobody else stands there; an enemy's
    # hex one may enter is passable too (and ends the move)
    passable = list(board.open_numbers())
    for stand, people in board.occ.items():
        if len(people) > 1 or people[0] is not c:
            passable[number[stand]] = False
    for n in enter_numbers:
        passable[n] = True
    tree = Tree(grid, start, c.facing)
    spent = tree.spent
    levels: list[list[int]] = [[] for _ in range(max(budget, 2) + 1)]
    levels[0].append(start)
    cheap_steps, dear_steps, arrival_facing = grid.cheap, grid.dear, tree.arrival_facing
    for cost, level in enumerate(levels):
        # the first step may overspend (at most 2 MP): always at least 1 hex
        limit = 2 if cost == 0 and budget >= 1 else budget
        if cost >= limit:
            break  # no step fits: the later levels are empty
        level.sort()
        one, two = cost + 1, cost + 2
        for h in level:
            if spent[h] != cost or h in enter_numbers:
                continue  # reached more cheaply since, or an enemy's hex one stops in
            facing = arrival_facing[h]
            for n, arrival, direction in cheap_steps[h * 6 + facing]:
                if spent[n] <= one:
                    continue
                if not passable[n]:
                    if evade:
                        _relax_evade(b, c, h, n, direction, facing, cost, budget, tree, levels)
                    continue
                tree.reach(n, one, h, arrival)
                levels[one].append(n)
            if two > limit:
                continue
            for n, arrival in dear_steps[h * 6 + facing]:
                if spent[n] <= two or not passable[n]:
                    continue  # a sidestep or backward step never Evades (_relax_evade)
                tree.reach(n, two, h, arrival)
                levels[two].append(n)
    return tree


_NO_NUMBERS: frozenset[int] = frozenset()


def evade_foe(b: Battle, c: Combatant, h: Hex) -> Combatant | None:
    """The lone active foe in ``h`` that ``c`` could try to Evade, if any."""
    people = b.board.occ.get(h)
    if not people or len(people) != 1:
        return None
    foe = people[0]
    return foe if foe.side != c.side and foe.active and not foe.close_with else None


def _relax_evade(
    b: Battle,
    c: Combatant,
    h: int,
    foe_hex: int,
    direction: int,
    facing: int,
    cost: int,
    budget: int,
    tree: Tree,
    levels: list[list[int]],
) -> None:
    """Search edge for an Evade (hex numbers of :class:`GridNumbers`): into a lone foe's front
    hex (1 MP) and on into the hex beyond (1 MP); enough movement for both is needed (seed 004
    "Entering an enemy's hex" §15.6–15.7, not in seed 004: GURPS Basic Set, Tactical movement "Enemy
    in the hex")."""
    turns = hexgrid.facing_turns(facing, direction)
    grid = b.board.grid
    if turns > 1 or evade_foe(b, c, grid.hexes[foe_hex]) is None:
        return
    beyond = grid.neighbour[foe_hex * 6 + direction]
    total = cost + 2
    if total > budget or beyond < 0 or not b.board.free(grid.hexes[beyond], c):
        return
    if tree.spent[beyond] > total:
        tree.reach(beyond, total, h, direction)
        levels[total].append(beyond)


def path_to(tree: Tree, goal: Hex) -> list[Hex]:
    """The hexes from the start of ``tree`` to ``goal``, the start itself left out."""
    return tree.path_to(goal)


def move_along(
    b: Battle, c: Combatant, path: list[Hex], end_facing: int | None, budget: int
) -> None:
    """Walk ``path`` hex by hex; waiting shooters may fire as each hex is entered (seed 004
    "Opportunity fire"). Ends facing ``end_facing`` if allowed: any facing if at most half
    the MP were used, else one hex-side (not in seed 004: GURPS Basic Set, Tactical movement).
    One held by a foe does not move (GURPS 4e Basic Set p.B370)."""
    if c.grappled_by and held_by(b, c) is not None:
        return
    if not b.log_enabled:
        _walk(b, c, path, end_facing, budget)
        return
    start, start_facing = c.pos, c.facing
    used = _walk(b, c, path, end_facing, budget)
    log_move(b, c, start, start_facing, used)


def _walk(b: Battle, c: Combatant, path: list[Hex], end_facing: int | None, budget: int) -> int:
    """The walk of :func:`move_along`; the movement points used."""
    used = 0
    for h in path:
        direction = hexgrid.direction_to(c.pos, h)
        turns = hexgrid.facing_turns(c.facing, direction)
        used += 1 if turns <= 1 else 2
        if turns == 1:
            c.facing = direction
        if hexgrid.distance(c.pos, h) == 2:
            used += 1
            if not _pass_through(b, c, hexgrid.neighbour(c.pos, direction), h):
                return used
            continue
        people = b.board.occ.get(h, ())
        enemy_here = next((o for o in people if o.side != c.side and o.active), None)
        b.board.place(c, h)
        if enemy_here is not None:
            enter_close_combat(b, c, enemy_here, direction)
            return used
        ranged.check_opportunity_fire(b, c)
        if not c.active or c.stunned:
            return used
    if end_facing is not None:
        c.facing = (
            end_facing if used * 2 <= budget else hexgrid.turn_towards(c.facing, end_facing, 1)
        )
    return used


def _pass_through(b: Battle, c: Combatant, foe_hex: Hex, beyond: Hex) -> bool:
    """Move through ``foe_hex`` into ``beyond`` with an Evade; False when the move stops
    (seed 004 "Entering an enemy's hex" §15.6; not in seed 004: GURPS Basic Set, Evade and slam)."""
    foe = evade_foe(b, c, foe_hex)
    if foe is None:
        if not b.board.free(foe_hex, c) or not b.board.free(beyond, c):
            return False
        for h in (foe_hex, beyond):
            b.board.place(c, h)
            ranged.check_opportunity_fire(b, c)
            if not c.active or c.stunned:
                return False
        return True
    if not evade(b, c, foe) or not b.board.free(beyond, c):
        if not b.settings.evade_failure_stops_before:
            b.board.place(c, foe_hex)
            enter_close_combat(b, c, foe, c.facing)
        return False
    b.board.place(c, beyond)
    ranged.check_opportunity_fire(b, c)
    return c.active and not c.stunned


def evade(b: Battle, c: Combatant, foe: Combatant) -> bool:
    """Evade: Quick Contest of the mover's DX (or Acrobatics) with the posture and arc
    modifiers against the foe's DX; a win passes through his hex, a loss or tie stops the
    move (seed 004 "Entering an enemy's hex" §15.4, §15.6; NOT IN SEED: GURPS 4e Basic Set
    rule "Evading", not in seed 004: GURPS Basic Set, Evade and slam). Only during Move or Move and
    Attack."""
    if not manoeuvres.evade_allowed(c.maneuver):
        return False
    arc = hexgrid.arc_of(foe.pos, foe.facing, c.pos, b.settings.arcs)
    mine = manoeuvres.evade_skill(c.dx, c.skills) + manoeuvres.evade_modifier(foe.posture, arc)
    theirs = manoeuvres.evade_resistance(foe.dx, melee_skills(foe), b.settings)
    contest = quick_contest(b.dice, mine, theirs)
    won = manoeuvres.evade_succeeds(contest)
    if b.log_enabled:
        b.log(
            "move",
            c,
            f"{c.name} tries to evade past {foe.name}: "
            + contest_text("Evade", mine, contest.mine.roll, theirs, contest.theirs.roll)
            + f": {'passes' if won else 'stopped'}",
            foe.id,
            [contest.mine.roll, contest.theirs.roll],
            evade=True,
            skill=mine,
            resist=theirs,
            won=won,
        )
    return won


def step_to(b: Battle, c: Combatant, h: Hex | None) -> None:
    """A step: one hex (or the combatant's step length) ignoring MP costs (not in seed 004: GURPS
    Basic Set, Step); not while a foe holds him (GURPS 4e Basic Set p.B370)."""
    if h is None or h == c.pos or (c.grappled_by and held_by(b, c) is not None):
        return
    start = c.pos
    b.board.place(c, h)
    if b.log_enabled:
        log_move(b, c, start, c.facing)
    ranged.check_opportunity_fire(b, c)


def face(b: Battle, c: Combatant, facing: int | None) -> None:
    """Turn to ``facing`` when the maneuver's plan names one (logged for the GM)."""
    if facing is not None and facing != c.facing:
        if b.log_enabled:
            b.log(
                "move",
                c,
                f"{c.name} turns from {FACING_NAMES[c.facing]} to {FACING_NAMES[facing]}",
                "",
                facing_from=c.facing,
                facing=facing,
            )
        c.facing = facing


#: Facing 0–5 as the GM reads it on the map (rows grow downwards, so 1 is north-east).
FACING_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


def hex_label(h: Hex) -> str:
    """A hex as the map shows it: column, row (offset coordinates, as in the report)."""
    col, row = hexgrid.axial_to_offset(h)
    return f"({col},{row})"


def log_move(b: Battle, c: Combatant, start: Hex, start_facing: int, mp: int = 0) -> None:
    """One movement for the GM: from and to which hex, the movement points spent and the
    facing at the end (only called while the log records)."""
    if c.pos == start and c.facing == start_facing:
        return
    spent = f", {mp} MP" if mp else ""
    b.log(
        "move",
        c,
        f"{c.name} moves {hex_label(start)} → {hex_label(c.pos)}{spent},"
        f" facing {FACING_NAMES[c.facing]}",
        "",
        start=list(hexgrid.axial_to_offset(start)),
        end=list(hexgrid.axial_to_offset(c.pos)),
        mp=mp,
        facing=c.facing,
    )


def enter_close_combat(b: Battle, c: Combatant, enemy: Combatant, direction: int) -> None:
    """Entering an enemy's hex: both are in close combat; the entrant holds the half next to
    the hex he came from and faces the foe (seed 004 "Entering an enemy's hex" §15)."""
    c.close_with = enemy.id
    enemy.close_with = c.id
    c.half_from = (direction + 3) % 6
    enemy.half_from = direction
    c.facing = direction
    if b.log_enabled:
        b.log("move", c, f"{c.name} enters {enemy.name}'s hex: close combat", enemy.id)


def flee(b: Battle, c: Combatant) -> None:
    """Engine policy, not a GURPS rule: a broken combatant runs for its own map edge and
    leaves the battle when it reaches it."""
    edge_col = 0 if c.side == "a" else b.layout.width - 1
    c.maneuver = "move"
    tree = reachable(b, c, c.move)
    goal = min(tree, key=lambda h: (abs(hexgrid.axial_to_offset(h)[0] - edge_col), tree[h][0], h))
    path = path_to(tree, goal)
    move_along(b, c, path, None, c.move)
    if c.active and hexgrid.axial_to_offset(c.pos)[0] == edge_col:
        wounds.take_out(b, c, "fled", None)
