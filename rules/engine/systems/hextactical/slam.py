"""Slam: running into a foe to knock him down (GURPS 4e Basic Set pp.B371–372, digest §19.17).

The slammer moves (Move and Attack here) and rolls DX, Brawling or Sumo Wrestling to hit,
without Move and Attack's −4 and skill cap of 9 (p.B371; p.B366 "a melee attack other than a
slam"); the foe may use any active defence. On a hit both roll slam damage — each from his own
HP × the slammer's velocity / 100 as dice of crushing damage (p.B371) — and "Slam results"
(p.B371) compare the two: the slammer who dealt at least twice what he took knocks the foe
down, one who dealt more (but less than twice) makes him roll DX or fall, one who took at least
twice what he dealt falls himself; otherwise (equal damage, or the foe dealt more but less than
twice) nobody falls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical import active_defence, wounds
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.damage import DamageDice, roll_basic_damage
from rules.engine.systems.hextactical.damage import injury as injury_amount
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.grapple import grappled_penalty
from rules.engine.systems.hextactical.plan import SLAM
from rules.engine.systems.hextactical.rolls import success_roll

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: Skills that may replace DX to hit with a slam (p.B371).
SLAM_SKILLS = ("Brawling", "Sumo Wrestling")
#: What a slam does to one side (p.B371 "Slam results").
FALLS = "falls"
ROLLS_DX = "rolls DX"
STAYS_UP = ""
#: Below 1d, HP × velocity (hundredths of a die) → adds to 1d (p.B371 slam damage table):
#: 0.25 or less 1d−3, 0.5 or less 1d−2, below 1 1d−1.
SMALL_SLAM: tuple[tuple[int, int], ...] = ((25, -3), (50, -2), (99, -1))


def slam_dice(hp: int, velocity: int) -> DamageDice:
    """Slam damage for ``hp`` at ``velocity`` yards per second: HP × velocity / 100 dice of
    crushing damage, rounded to the nearest die (½ up), with the table's 1d−3 / 1d−2 / 1d−1
    below one die (GURPS 4e Basic Set p.B371)."""
    hundredths = max(0, hp) * max(0, velocity)
    for limit, adds in SMALL_SLAM:
        if hundredths <= limit:
            return DamageDice(1, adds, "cr")
    return DamageDice((hundredths + 50) // 100, 0, "cr")


def slam_base(att: Combatant) -> tuple[str, int]:
    """The best of DX, Brawling and Sumo Wrestling, with its name (p.B371)."""
    best = ("DX", att.dx)
    for name in SLAM_SKILLS:
        level = att.skills.get(name)
        if level is not None and level > best[1]:
            best = (name, level)
    return best


def slam_skill(att: Combatant) -> int:
    """The slam's skill: DX, Brawling or Sumo Wrestling less shock; Move and Attack's −4 and
    cap of 9 do not apply to a slam (p.B371)."""
    return slam_base(att)[1] - min(att.shock_now, 8)


def slam_results(dealt: int, taken: int) -> tuple[str, str]:
    """What a slam does to (the foe, the slammer) when the slammer ``dealt`` and ``taken`` this
    much basic damage (p.B371 "Slam results"): dealt at least twice what he took, the foe
    falls; dealt more but less than twice, the foe rolls DX or falls; took at least twice what
    he dealt, the slammer falls; otherwise nobody (equal damage is not "more")."""
    if dealt > taken:
        return (FALLS if dealt >= 2 * taken else ROLLS_DX), STAYS_UP
    if taken > 0 and taken >= 2 * dealt:
        return STAYS_UP, FALLS
    return STAYS_UP, STAYS_UP


def knock_down(b: Battle, c: Combatant, result: str) -> None:
    """``c`` falls from a slam, or rolls DX and falls on a failure (p.B371)."""
    if result == STAYS_UP or not c.active or c.posture == "prone":
        return
    if result == ROLLS_DX:
        grappled = grappled_penalty(b, c)  # −4 DX while a foe holds him (p.B370)
        roll = success_roll(b.dice, c.dx + grappled)
        if b.log_enabled:
            outcome = "stays up" if roll.success else "falls"
            text = roll_text(breakdown("DX", c.dx, (("grappled", grappled),)), roll.roll, outcome)
            b.log("status", c, f"{c.name} keeps his feet after the slam: {text}", "", [roll.roll])
        if roll.success:
            return
    c.posture = "prone"
    if b.log_enabled:
        b.log("status", c, f"{c.name} is knocked down by the slam", "", posture="prone")


def slam(b: Battle, att: Combatant, target: Combatant, velocity: int) -> None:
    """``att`` slams ``target`` at ``velocity`` yards per second: the roll to hit, the foe's
    defence, then both take slam damage and "Slam results" say who falls (p.B371)."""
    skill = slam_skill(att)
    result = success_roll(b.dice, skill)
    if b.log_enabled:
        name, base = slam_base(att)
        parts = breakdown(name, base, (("shock", -min(att.shock_now, 8)),))
        b.log(
            "attack",
            att,
            f"{att.name} slams {target.name} at {velocity} yd/s: "
            + roll_text(parts, result.roll, "hit" if result.success else "miss"),
            target.id,
            [result.roll],
            skill=skill,
            maneuver="move_attack",
            option=SLAM,
        )
    if not result.success:
        return
    if active_defence.defend(b, target, att, ranged=False, thrown=False):
        return
    deals, takes = slam_dice(att.hp_max, velocity), slam_dice(target.hp_max, velocity)
    dealt = roll_basic_damage(b.dice, deals)
    taken = roll_basic_damage(b.dice, takes)
    if b.log_enabled:  # each side's slam dice and what they rolled (the GM log)
        b.log(
            "damage",
            att,
            f"{att.name} slams {target.name}: deals {deals.label()} = {dealt},"
            f" takes {takes.label()} = {taken}",
            target.id,
            dealt=dealt,
            taken=taken,
        )
    for by, to, basic in ((att, target, dealt), (target, att, taken)):
        amount = injury_amount(basic, to.dr, "cr")
        wounding = wounds.wounding_text(b, to.dr, "cr")
        wounds.apply_injury(b, by, to, amount, basic, wounding=wounding)
    foe, slammer = slam_results(dealt, taken)
    knock_down(b, target, foe)
    knock_down(b, att, slammer)
