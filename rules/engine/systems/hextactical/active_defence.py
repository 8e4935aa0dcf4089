"""The defender's roll against any attack: the best allowed Dodge, Parry or Block, retreat,
feint and balance penalties, and All-Out Defense (Double Defense).

The defence values are ``defence.py``; the flank and rear limits seed 004 §14, retreat §17;
NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Maneuvers, Active defences).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.engine import hexgrid
from rules.engine.hexgrid import Hex
from rules.engine.systems.hextactical import tactics
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.defence import DefenceChoice, defence_choices
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.grapple import pinned
from rules.engine.systems.hextactical.plan import AOD_DOUBLE
from rules.engine.systems.hextactical.rolls import success_roll

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

# : Defence modifier the turn after a critical miss lost one's balance (not in seed 004: GURPS Basic
# Set, Critical misses).
LOSE_BALANCE_DEFENCE = -2


#: Postures one may retreat from: lying, sitting or kneeling fighters cannot step back
#: (GURPS 4e Basic Set p.B377 "Retreating", p.B551 postures).
RETREAT_POSTURES = frozenset({"standing", "crouching"})


def can_retreat(
    b: Battle, defender: Combatant, attacker: Combatant, ranged: bool = False
) -> Hex | None:
    """The hex straight away from the attacker, if free (seed 004 "Retreat" §17); only against
    a melee attack, and not while stunned, kneeling, sitting or lying down (GURPS 4e Basic Set
    p.B377 "Retreating")."""
    if (
        ranged
        or defender.pos == attacker.pos
        or defender.stunned
        or defender.posture not in RETREAT_POSTURES
    ):
        return None
    away = hexgrid.neighbour(defender.pos, hexgrid.direction_to(attacker.pos, defender.pos))
    return away if b.board.free(away) else None


def defend(
    b: Battle,
    target: Combatant,
    att: Combatant,
    *,
    ranged: bool,
    thrown: bool,
    detail: bool = False,
) -> Any:
    """The defender's best active defence; True/kind when it succeeds (not in seed 004: GURPS Basic
    Set, Active defences,
    flank and rear limits seed 004 §14). Aim is lost when defending (not in seed 004: GURPS Basic
    Set, Maneuvers). With
    All-Out Defense (Double Defense) a failed defence may be followed by a different one
    against the same attack (not in seed 004: GURPS Basic Set, Maneuvers). A defence needs no
    consciousness roll below 0 HP: that roll is made at the start of one's turn (GURPS 4e
    Basic Set p.B419)."""
    if not target.active or pinned(b, target):
        return False  # pinned: no active defence (GURPS 4e Basic Set p.B370)
    tried: list[str] = []
    for _ in range(2 if target.aod_defence == AOD_DOUBLE else 1):
        outcome = _defend_once(b, target, att, ranged, thrown, tried)
        if outcome is None:
            return False
        if outcome:
            return outcome if detail else True
        if not target.active or target.posture == "prone":
            return False
    return False


def _defend_once(
    b: Battle, target: Combatant, att: Combatant, ranged: bool, thrown: bool, tried: list[str]
) -> str | None:
    """One active-defence roll with the best defence of a kind not yet ``tried``: its kind
    on success, "" on failure, None when no defence is left."""
    arc = hexgrid.arc_of(target.pos, target.facing, att.pos, b.settings.arcs)
    lr = hexgrid.side_of(target.pos, target.facing, att.pos) if arc == "side" else ""
    hands = target.weapon.hands if target.weapon_ready else 1
    allowance = tactics.defence_allowance(arc, lr, target.traits, target.side_hand, hands)
    retreat_hex = can_retreat(b, target, att, ranged)
    # A retreat from this foe keeps its bonus against all his attacks until one's next turn
    # (GURPS 4e Basic Set p.B377), with no further step.
    retreated = target.retreated_from == att.id and not ranged
    choices = defence_choices(
        target,
        allowance,
        ranged=ranged,
        thrown=thrown,
        can_retreat=retreat_hex is not None or retreated,
        retreated=retreated,
        in_close_combat=bool(target.close_with) and target.pos == att.pos,
        settings=b.settings,
        explain=b.log_enabled,
    )
    choices = [d for d in choices if d.kind not in tried]
    if not choices:
        return None
    choice: DefenceChoice = choices[0]
    tried.append(choice.kind)
    balance = LOSE_BALANCE_DEFENCE if target.balance_lost else 0
    feinted = 0
    if target.feint_by == att.id:
        # A won feint: its margin off this one defence (not in seed 004: GURPS Basic Set,
        # Maneuvers).
        feinted = -target.feint_penalty
        target.feint_by = ""
        target.feint_penalty = 0
    value = choice.value + balance + feinted
    target.aim_turns = 0
    if choice.kind == "parry":
        target.parries[choice.weapon] = target.parries.get(choice.weapon, 0) + 1
    elif choice.kind == "block":
        target.blocked = True
    if choice.retreat and not retreated and retreat_hex is not None:
        target.retreats += 1
        target.retreated_from = att.id
        b.board.place(target, retreat_hex)
    result = success_roll(b.dice, value)
    if b.log_enabled:
        b.log(
            "defend",
            target,
            f"{target.name} {choice.kind}"
            f"{' and retreats' if choice.retreat else ''}: "
            + roll_text(
                breakdown(
                    _defence_name(choice),
                    choice.value - sum(v for _, v in choice.parts),
                    (*choice.parts, ("lost balance", balance), ("feint", feinted)),
                ),
                result.roll,
                "success" if result.success else "fail",
            ),
            att.id,
            [result.roll],
            value=value,
            arc=arc,
        )
    if result.success:
        return choice.kind
    if result.critical and choice.kind == "dodge":
        target.posture = "prone"
    return ""


def _defence_name(choice: DefenceChoice) -> str:
    """The defence whose value (posture and stun included) is the base of the roll, e.g.
    "Parry (Broadsword)"."""
    return choice.kind.capitalize() + (f" ({choice.weapon})" if choice.weapon else "")
