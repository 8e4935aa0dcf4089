"""Grappling in close combat: takedown and pin (GURPS 4e Basic Set p.B370 "Grappling";
digest §19.17).

A grapple is an Attack at a foe in one's hex (close combat), rolled against DX or the best
grappling skill (Judo, Sumo Wrestling, Wrestling), with any active defence
(``melee.grapple``). A foe held can be taken down on a later turn: a Quick Contest of the
higher of ST, DX and grappling skill on each side, and the winner throws him down. One lying
down can be pinned by a Quick Contest of ST; a pinned fighter gets no active defence. Break
free and the DX penalty of being held are not played (left for a later round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.gmlog import contest_text
from rules.engine.systems.hextactical.rolls import quick_contest

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: Skills that may replace DX for grappling (p.B370).
GRAPPLING_SKILLS = ("judo", "sumo-wrestling", "wrestling")


def grappling_skill(c: Combatant) -> int:
    """DX or the best grappling skill (p.B370)."""
    return max([c.dx, *(c.skills[s] for s in GRAPPLING_SKILLS if s in c.skills)])


def takedown_score(c: Combatant) -> int:
    """The higher of ST, DX and grappling skill, for a takedown (p.B370)."""
    return max(c.st, grappling_skill(c))


def holds(att: Combatant, target: Combatant) -> bool:
    """``att`` still holds ``target``: he grappled him, both fight, in one hex."""
    return target.grappled_by == att.id and att.active and target.active and att.pos == target.pos


def _contest(
    b: Battle, att: Combatant, target: Combatant, kind: str, mine: int, theirs: int
) -> bool:
    """A Quick Contest of grappling; logs both rolls; True when ``att`` wins."""
    contest = quick_contest(b.dice, mine, theirs)
    if b.log_enabled:
        text = contest_text(kind, mine, contest.mine.roll, theirs, contest.theirs.roll)
        rolls = [contest.mine.roll, contest.theirs.roll]
        outcome = "won" if contest.won else "lost"
        b.log("attack", att, f"{att.name} on {target.name}: {text}: {outcome}", target.id, rolls)
    return contest.won


def takedown(b: Battle, att: Combatant, target: Combatant) -> bool:
    """Takedown of a foe one holds: Quick Contest of the higher of ST, DX and grappling skill;
    the winner throws the foe down (p.B370)."""
    if not holds(att, target) or target.posture == "prone":
        return False
    if not _contest(b, att, target, "takedown", takedown_score(att), takedown_score(target)):
        return False
    target.posture = "prone"
    return True


def pin(b: Battle, att: Combatant, target: Combatant) -> bool:
    """Pin a held foe lying down: Quick Contest of ST; pinned, he has no defence (p.B370)."""
    if not holds(att, target) or target.posture != "prone":
        return False
    if not _contest(b, att, target, "pin", att.st, target.st):
        return False
    target.pinned_by = att.id
    return True


def pinned(b: Battle, c: Combatant) -> bool:
    """``c`` is pinned by a foe who still holds him: no active defence (p.B370)."""
    by = b.by_id.get(c.pinned_by) if c.pinned_by else None
    return by is not None and holds(by, c)
