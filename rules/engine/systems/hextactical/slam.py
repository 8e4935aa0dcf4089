"""Slam: running into a foe to knock him down (GURPS 4e Basic Set pp.B371–372, digest §19.17).

The slammer moves (Move and Attack here) and rolls DX to hit; the foe may use any active
defence. On a hit both roll slam damage — each from his own HP × the slammer's velocity /
100 as dice of crushing damage (p.B371) — and the one who takes at least twice the damage he
dealt falls down (p.B371 "Slam results"); otherwise both stay up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.systems.hextactical import active_defence, tactics, wounds
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.damage import DamageDice, roll_basic_damage
from rules.engine.systems.hextactical.damage import injury as injury_amount
from rules.engine.systems.hextactical.gmlog import breakdown, roll_text
from rules.engine.systems.hextactical.plan import SLAM
from rules.engine.systems.hextactical.rolls import success_roll

if TYPE_CHECKING:
    from rules.engine.systems.hextactical.battle import Battle

#: Move and Attack's melee penalty, which a slam takes too (p.B365: −4, skill at most 9).
MOVE_ATTACK_SLAM = -4
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


def slam_skill(att: Combatant) -> int:
    """DX less shock and Move and Attack's −4, at most 9 (pp.B371, B365)."""
    return tactics.cap_skill(att.dx - min(att.shock_now, 8) + MOVE_ATTACK_SLAM)


def falls(dealt: int, taken: int) -> bool:
    """Whether a slammer (or his foe) who ``dealt`` and ``taken`` this much basic damage falls:
    he took at least twice what he dealt, and something (p.B371 "Slam results")."""
    return taken > 0 and taken >= 2 * dealt


def slam(b: Battle, att: Combatant, target: Combatant, velocity: int) -> None:
    """``att`` slams ``target`` at ``velocity`` yards per second: DX roll, the foe's defence,
    then both take slam damage and the one who took twice as much falls (p.B371)."""
    skill = slam_skill(att)
    result = success_roll(b.dice, skill)
    if b.log_enabled:
        shock = -min(att.shock_now, 8)
        parts = breakdown(
            "DX", att.dx, (("shock", shock), ("Move and Attack", skill - att.dx - shock))
        )
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
    dealt = roll_basic_damage(b.dice, slam_dice(att.hp_max, velocity))
    taken = roll_basic_damage(b.dice, slam_dice(target.hp_max, velocity))
    if b.log_enabled:
        b.log(
            "damage",
            att,
            f"{att.name} slams {target.name}: deals {dealt}, takes {taken}",
            target.id,
            dealt=dealt,
            taken=taken,
        )
    wounds.apply_injury(b, att, target, injury_amount(dealt, target.dr, "cr"), dealt)
    wounds.apply_injury(b, target, att, injury_amount(taken, att.dr, "cr"), taken)
    for c, mine, theirs in ((target, taken, dealt), (att, dealt, taken)):
        if c.active and c.posture != "prone" and falls(mine, theirs):
            c.posture = "prone"
            if b.log_enabled:
                b.log("status", c, f"{c.name} is knocked down by the slam", "", posture="prone")
