"""Grappling in close combat: takedown, pin, break free and the penalties of being held (GURPS
4e Basic Set pp.B370–371 "Grappling", "Actions After Being Grappled"; p.B391 "Close Combat";
digest §19.17).

A grapple is an Attack at a foe in one's hex (close combat), rolled against DX or the best
grappling skill (Judo, Sumo Wrestling, Wrestling), with any active defence
(``melee.grapple``). A foe held can be taken down on a later turn: a Quick Contest of the
higher of ST, DX and grappling skill on each side, and the winner throws him down. One lying
down can be pinned by a Quick Contest of ST; a pinned fighter gets no active defence.

One held may not move or step out of the hex and is at −4 DX (p.B370: "the foe has −4 to
DX as long as you're holding on"; the digest's "attacker grappled −4"): every DX-based roll
takes it (:func:`grappled_penalty`), unless he has more than twice the holder's ST. He may
try to break free as an Attack, so once a turn: a Quick Contest of his ST or best grappling
skill (at −4, being DX-based) against the holder's ST or best grappling skill; winning ends
the hold (and the pin). ST here is ST + Lifting ST (p.B65). Decided: no cumulative modifier
between attempts and no extra penalty for a pinned escaper, and only one holder at a time
(the engine holds one grip per fighter); the Basic Set's further modifiers could not be
confirmed against the text here (engine choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.gmlog import contest_text
from rules.engine.systems.hextactical.rolls import quick_contest

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: Skills that may replace DX for grappling (p.B370), as the character sheet names them.
GRAPPLING_SKILLS = ("Judo", "Sumo Wrestling", "Wrestling")
#: DX penalty while a foe holds you (p.B370; digest §19.6 "attacker grappled −4").
GRAPPLED_DX = -4


def best_grappling_skill(c: Combatant) -> int | None:
    """The best of Judo, Sumo Wrestling and Wrestling, None without any (p.B370)."""
    levels = [c.skills[s] for s in GRAPPLING_SKILLS if s in c.skills]
    return max(levels) if levels else None


def grappling_skill(c: Combatant) -> int:
    """DX or the best grappling skill (p.B370)."""
    skill = best_grappling_skill(c)
    return c.dx if skill is None or skill < c.dx else skill


def escape_score(c: Combatant, dx_penalty: int = 0) -> int:
    """ST (with Lifting ST, p.B65) or the best grappling skill less ``dx_penalty`` (−4 while
    held, p.B370), for breaking free and holding on (p.B371)."""
    skill = best_grappling_skill(c)
    return c.lift_st if skill is None else max(c.lift_st, skill + dx_penalty)


def takedown_score(c: Combatant, dx_penalty: int = 0) -> int:
    """The higher of ST (with Lifting ST, p.B65), DX and grappling skill — the last two less
    ``dx_penalty`` (−4 while held, p.B370) — for a takedown (p.B370)."""
    return max(c.lift_st, grappling_skill(c) + dx_penalty)


def holds(att: Combatant, target: Combatant) -> bool:
    """``att`` still holds ``target``: he grappled him, both fight, in one hex."""
    return target.grappled_by == att.id and att.active and target.active and att.pos == target.pos


def held_by(b: Battle, c: Combatant) -> Combatant | None:
    """The foe who still holds ``c``, if any (p.B370)."""
    by = b.by_id.get(c.grappled_by) if c.grappled_by else None
    return by if by is not None and holds(by, c) else None


def grappled_penalty(b: Battle, c: Combatant) -> int:
    """−4 to ``c``'s DX-based rolls while a foe holds him (p.B370) — strikes, grapples,
    ranged attacks, the DX roll to ready in close combat or keep one's feet after a slam, a
    feint's contest, and the DX-based grappling skill in a takedown or an escape — else 0;
    none when ``c`` has more than twice the holder's ST (p.B370; Lifting ST counts, p.B65).
    Active defences are not DX rolls and keep their value (engine reading)."""
    if not c.grappled_by:
        return 0
    holder = held_by(b, c)
    if holder is None or c.lift_st > 2 * holder.lift_st:
        return 0
    return GRAPPLED_DX


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
    mine = takedown_score(att, grappled_penalty(b, att))
    if not _contest(
        b, att, target, "takedown", mine, takedown_score(target, grappled_penalty(b, target))
    ):
        return False
    target.posture = "prone"
    return True


def pin(b: Battle, att: Combatant, target: Combatant) -> bool:
    """Pin a held foe lying down: Quick Contest of ST; pinned, he has no defence (p.B370)."""
    if not holds(att, target) or target.posture != "prone":
        return False
    if not _contest(b, att, target, "pin", att.lift_st, target.lift_st):
        return False
    target.pinned_by = att.id
    return True


def break_free(b: Battle, c: Combatant) -> bool:
    """``c`` tries to break free of the foe holding him: a Quick Contest of ST or best
    grappling skill on each side; winning ends the hold and any pin (p.B371)."""
    holder = held_by(b, c)
    if holder is None:
        return False
    mine = escape_score(c, grappled_penalty(b, c))
    if not _contest(b, c, holder, "break free", mine, escape_score(holder)):
        return False
    c.grappled_by = ""
    c.pinned_by = ""
    if b.log_enabled:
        b.log("status", c, f"{c.name} breaks free of {holder.name}", holder.id)
    return True


def pinned(b: Battle, c: Combatant) -> bool:
    """``c`` is pinned by a foe who still holds him: no active defence (p.B370)."""
    by = b.by_id.get(c.pinned_by) if c.pinned_by else None
    return by is not None and holds(by, c)
