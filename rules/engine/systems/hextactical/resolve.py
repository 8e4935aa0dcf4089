"""A hextactical battle on the kernel's loop: a turn is one second (seed 004; the basic
combat sequence is NOT IN SEED: GURPS 4e Basic Set rule, not in seed 004: GURPS Basic Set)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine import hexgrid
from rules.engine.kernel.events import EventLog
from rules.engine.kernel.loop import BattleLoop
from rules.engine.kernel.reporting import Result
from rules.engine.kernel.sides import SIDES, other
from rules.engine.report import BattleMap, MapFeature, UnitOutcome, UnitPosition
from rules.engine.systems.hextactical.battle import Battle, BattlePolicy
from rules.engine.systems.hextactical.combatant import Combatant
from rules.engine.systems.hextactical.scenario import MISSIONS, Layout, build_layout
from rules.engine.systems.hextactical.settings import Settings

ENGINE_VERSION = "0.7.0"
"""Hextactical's engine version: changes whenever the same inputs and seed give another
battle."""


class HexTacticalBattle(BattleLoop):
    """One duel or skirmish: the map and the :class:`Battle` state from two child dice
    (``spawn("map")`` then ``spawn("battle")``), one second per turn up to the mission's
    time limit, until a side has nobody left fighting."""

    system = "hextactical"
    engine_version = ENGINE_VERSION

    def __init__(
        self,
        sides: dict[str, list[Combatant]],
        names: Mapping[str, str],
        mission: str,
        seed: int,
        log: EventLog,
        settings: Settings,
        policies: Mapping[str, BattlePolicy],
    ) -> None:
        super().__init__(
            mission=mission,
            seed=seed,
            max_turns=MISSIONS[mission].max_turns,
            armies=names,
            log=log,
            settings=settings,
            policies=policies,
        )
        self.sides = sides

    def setup(self) -> None:
        """The map (shooters get cover to start behind), then the battle state."""
        ranged_only = {
            s: [c.weapon.ranged and not c.weapon.melee for c in self.sides[s]] for s in SIDES
        }
        self.layout: Layout = build_layout(self.mission, self.dice.spawn("map"), ranged_only)
        self.battle = Battle(
            self.sides,
            self.layout,
            self.dice.spawn("battle"),
            self.settings,
            self.policies,
            self.log,
        )

    def deploy(self) -> None:
        self.battle.deploy()

    def play_turn(self, turn: int) -> None:
        self.battle.play_second()

    def snapshot(self) -> list[UnitPosition]:
        """Every combatant's hex (offset column/row), facing and status."""
        snapshot = []
        for c in self.battle.all:
            col, row = hexgrid.axial_to_offset(c.pos)
            snapshot.append(
                UnitPosition(
                    c.id,
                    c.side,
                    float(col),
                    float(row),
                    c.active,
                    1 if c.active else 0,
                    float(c.facing),
                    1.0,
                    1.0,
                    c.status,
                )
            )
        return snapshot

    def is_over(self) -> bool:
        return self.battle.is_over()

    def score(self) -> Result:
        """Victory when the other side is all dead, unconscious or fled; at the time limit the
        side that took down more character points wins (engine choice)."""
        battle = self.battle
        scores = {
            side: sum(e.points for e in battle.sides[other(side)] if not e.active) for side in SIDES
        }
        alive_a, alive_b = battle.side_alive("a"), battle.side_alive("b")
        if alive_a != alive_b:
            winner: str | None = "a" if alive_a else "b"
        elif not alive_a or scores["a"] == scores["b"]:
            winner = None
        else:
            winner = "a" if scores["a"] > scores["b"] else "b"
        summary = (
            f"{'Draw' if winner is None else 'Side ' + winner + ' wins'} after "
            f"{battle.second} seconds"
        )
        extra = {"seconds": battle.second, "time_limit": self.max_turns}
        return Result(winner, scores, summary, extra)

    def turns_played(self) -> int:
        return self.battle.second

    def outcomes(self) -> list[UnitOutcome]:
        return [outcome(c) for c in self.battle.all]

    def battle_map(self) -> BattleMap:
        """The hex map and its blocking obstacles."""
        features = [
            MapFeature("terrain", float(col), float(row), 1.0, 1.0, label, {"blocks": True})
            for h, label in sorted(self.layout.obstacles.items())
            for col, row in [hexgrid.axial_to_offset(h)]
        ]
        return BattleMap(float(self.layout.width), float(self.layout.height), "hex", features)


def outcome(c: Combatant) -> UnitOutcome:
    """How one combatant ended the battle (one fighter per unit)."""
    fighter: dict[str, Any] = {
        "id": c.id,
        "name": c.name,
        "status": c.status,
        "taken_out_by": c.taken_out_by,
        "enemies_taken_out": list(c.takedowns),
        "wounds_suffered": c.hp_lost,
    }
    return UnitOutcome(
        id=c.id,
        name=c.name,
        side=c.side,
        status=c.status,
        models_start=1,
        models_lost=0 if c.active else 1,
        kills=len(c.takedowns),
        points=c.points,
        points_lost=0 if c.active else c.points,
        fighters=[fighter],
        extra={
            "hp_max": c.hp_max,
            "hp": c.hp,
            "hp_lost": c.hp_lost,
            "mortally_wounded": c.mortal,
        },
    )
