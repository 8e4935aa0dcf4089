"""A tiny game system for testing the battle services without a real rules engine.

Each side rolls one D6 per unit per turn for three turns; the higher total wins. A roster
named "explode" makes the engine raise, to test failure handling; one named "sleep:<s>"
takes <s> seconds (a battle long enough to kill its worker during it), one named
"kill-worker" kills the process playing it (a battle that keeps killing its worker).
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass

from rules.engine.dice import Dice
from rules.engine.kernel.settings import RuleSettings
from rules.engine.report import BattleMap, BattleReport, Event, UnitOutcome, UnitPosition
from rules.engine.systems.base import EngineError, Mission, PostBattle
from rules.engine.systems.capabilities import CatalogueCapability, RosterSummary, RoutDecides
from rules.engine.systems.unit_experience import UnitExperiencePack


@dataclass(frozen=True, slots=True)
class CoinflipSettings(RuleSettings):
    """The coin flip has no doubtful rule."""


class CoinflipSystem:
    slug = "coinflip"
    settings_type = CoinflipSettings
    engine_version = "0.1.0"
    name = "Coinflip (test system)"
    missions = {"duel": Mission("duel", "Duel", 3)}
    default_mission = "duel"
    odds = None
    campaign = UnitExperiencePack("coinflip-experience")
    summary = RosterSummary()
    results = RoutDecides()
    catalogue = CatalogueCapability()

    def build_army(self, roster: dict) -> dict:
        if not roster.get("units"):
            raise EngineError("units.empty", "An army needs at least one unit.")
        return roster

    def resolve_battle(self, army_a, army_b, mission, seed, on_event=None, log=True, settings=None):
        names = (army_a["name"], army_b["name"])
        if "explode" in names:
            raise EngineError("engine.boom", "The test engine was told to fail.")
        if "kill-worker" in names:
            os.kill(os.getpid(), signal.SIGKILL)
        for name in names:
            if name.startswith("sleep:"):
                time.sleep(float(name.split(":", 1)[1].split()[0]))
        dice = Dice(seed)
        scores = {"a": 0, "b": 0}
        events = []
        for turn in (1, 2, 3):
            for side, army in (("a", army_a), ("b", army_b)):
                rolls = dice.d6s(len(army["units"]))
                scores[side] += sum(rolls)
                if log:
                    events.append(Event(turn, "roll", side, army["name"], "rolls", dice=rolls))
        winner = None if scores["a"] == scores["b"] else max(scores, key=scores.get)
        units = [
            UnitOutcome(u["id"], u["name"], side, "intact", u["size"], points=u["points"])
            for side, army in (("a", army_a), ("b", army_b))
            for u in army["units"]
        ]
        positions = [[UnitPosition(u.id, u.side, 1.0, 1.0, True, u.models_start) for u in units]]
        return BattleReport(
            system=self.slug,
            mission=mission,
            seed=seed,
            engine_version=self.engine_version,
            winner=winner,
            scores=scores,
            turns_played=3,
            armies={"a": army_a["name"], "b": army_b["name"]},
            units=units,
            positions=positions,
            map=BattleMap(10, 10),
            events=events,
        )

    def post_battle(self, report, side, seed):
        return PostBattle(side=side)


COINFLIP = CoinflipSystem()


def coinflip_roster(name: str = "Reds", units: int = 2) -> dict:
    """RosterData of the coinflip system."""
    return {
        "system": "coinflip",
        "name": name,
        "faction": "test",
        "points": 10 * units,
        "points_limit": 100,
        "units": [
            {"id": f"u{i}", "unit": "pawn", "name": f"Pawn {i}", "size": 1, "points": 10}
            for i in range(1, units + 1)
        ],
    }
