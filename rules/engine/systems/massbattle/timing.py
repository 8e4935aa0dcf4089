"""Timed turns: a player's turn that ran out of time on the game clock ends there (seed 003
p.11 "other timers": "若某位玩家在自己的回合中超时,那么他要立即停止行动,没有进行的近战也不
再发生,将冲锋单位后移1"" — a player over time in their turn stops at once, the melees not yet
fought do not happen, and the units that charged move back 1").

The clock records only *which* turns ran out (``GameClock.timed_out_turns``), not the moment;
the engine plays such a turn's movement and shooting and ends it before its melee phase,
which is what the rule says is lost. Trade-off: time that ran out earlier in the turn (during
movement) is played as if it ran out at the melee phase; the clock cannot tell the two apart.
"""

from __future__ import annotations

from rules.engine.systems.massbattle.charge import ChargePlan
from rules.engine.systems.massbattle.movement import recoil
from rules.engine.systems.massbattle.state import BattleState

#: Chargers of an unfought melee move back this far (seed 003 p.11).
TIMED_OUT_STEP_BACK = 1.0


def turn_timed_out(state: BattleState, side: str, melees: list[list[ChargePlan]]) -> None:
    """End ``side``'s turn for time: no melee is fought and every charger still in contact
    moves back 1" (the table edge or another unit may stop it short, as a recoil: seed 003
    §7), so no unit is left in base contact."""
    state.phase = "melee"
    state.event(
        side,
        side,
        f"Side {side} ran out of time: the turn ends, its melees are not fought",
        timed_out=True,
    )
    for group in melees:
        for plan in group:
            charger, target = plan.charger, plan.target
            if not charger.alive:
                continue
            moved = recoil(state, charger, target, TIMED_OUT_STEP_BACK) if target.alive else 0.0
            state.event(
                side,
                charger.id,
                f'{charger.name} moves back 1": its charge is not fought',
                target.id,
                moved=round(moved, 3),
            )
    state.engaged = set()
