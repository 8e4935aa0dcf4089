"""The ``hextactical`` GameSystem: build combatants, resolve a duel or skirmish, award CP."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.kernel.events import EventLog
from rules.engine.kernel.policy import side_policies
from rules.engine.kernel.sides import SIDES
from rules.engine.report import BattleReport
from rules.engine.systems.base import EngineError, EventHook, Mission, PostBattle, RosterData
from rules.engine.systems.capabilities import RoutDecides
from rules.engine.systems.hextactical.ai import Policy
from rules.engine.systems.hextactical.campaign_pack import CharacterPointsPack
from rules.engine.systems.hextactical.catalogue import CATALOGUE
from rules.engine.systems.hextactical.combatant import Combatant, build_combatant
from rules.engine.systems.hextactical.odds import ODDS
from rules.engine.systems.hextactical.resolve import ENGINE_VERSION, HexTacticalBattle
from rules.engine.systems.hextactical.scenario import DEFAULT_MISSION, MISSIONS
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS, Settings
from rules.engine.systems.hextactical.summary import SUMMARY


@dataclass(slots=True)
class Army:
    """A side's roster as plain data; combatants are rebuilt fresh for each battle."""

    name: str
    faction: str
    points: int
    units: list[dict[str, Any]] = field(default_factory=list)


class HexTacticalSystem:
    """GURPS 4e tactical combat on a hex map (seed 004)."""

    slug = "hextactical"
    name = "Hex Tactical (GURPS 4th edition)"
    missions: dict[str, Mission] = MISSIONS
    default_mission = DEFAULT_MISSION
    settings_type = Settings
    engine_version = ENGINE_VERSION
    odds = ODDS
    campaign = CharacterPointsPack()
    summary = SUMMARY
    results = RoutDecides()
    catalogue = CATALOGUE

    def __init__(self, settings: Settings = DEFAULT_SETTINGS) -> None:
        self.settings = settings

    def build_army(self, roster: RosterData) -> Army:
        """Check every unit builds into a combatant; EngineError names the bad field."""
        if not isinstance(roster, dict) or not roster.get("units"):
            raise EngineError(
                "roster.no_units", "A hextactical roster needs at least one combatant."
            )
        units = []
        for index, unit in enumerate(roster["units"]):
            try:
                build_combatant(unit, "a")
            except EngineError as exc:
                code = "unit." + re.sub(r"\[\d+\]", "", exc.code).replace(".", "_")
                path = f"units[{index}].{exc.code}"
                raise EngineError(code, f"{path}: {exc.message}") from exc
            units.append(unit)
        return Army(
            str(roster.get("name", "")),
            str(roster.get("faction", "")),
            int(roster.get("points", 0) or 0),
            units,
        )

    def _combatants(self, army: Army, side: str, settings: Settings) -> list[Combatant]:
        out = []
        for index, unit in enumerate(army.units):
            c = build_combatant(unit, side, settings)
            c.id = f"{side}.{c.id or index + 1}"
            out.append(c)
        return out

    def resolve_battle(
        self,
        army_a: Army,
        army_b: Army,
        mission: str,
        seed: int,
        on_event: EventHook | None = None,
        log: bool = True,
        settings: Settings | None = None,
        policies: Mapping[str, Policy] | None = None,
    ) -> BattleReport:
        """Play a duel or skirmish second by second to the end; same seed and settings, same
        report (``settings`` None: the settings this system object was made with).
        ``policies`` maps a side to its AI (default :class:`Policy`)."""
        mission = mission or self.default_mission
        if mission not in self.missions:
            raise EngineError("mission.unknown", f"Unknown hextactical mission {mission!r}.")
        settings = settings or self.settings
        return HexTacticalBattle(
            {
                "a": self._combatants(army_a, "a", settings),
                "b": self._combatants(army_b, "b", settings),
            },
            {"a": army_a.name, "b": army_b.name},
            mission,
            seed,
            EventLog(log, on_event),
            settings,
            side_policies(policies, Policy),
        ).run()

    def post_battle(self, report: BattleReport, side: str, seed: int) -> PostBattle:
        """Character points per game to each survivor (not dead): ``Settings.post_battle_cp`` =
        base + taking down an enemy + being on the winning side (1–3 CP). No dice are rolled."""
        if side not in SIDES:
            raise EngineError("side.invalid", "side must be 'a' or 'b'.")
        base, takedown, victory = self.settings.post_battle_cp
        result = PostBattle(side=side)
        for unit in report.units:
            if unit.side != side:
                continue
            reasons: list[str] = []
            cp = 0
            if unit.status != "dead":
                cp = base
                reasons.append("survived")
                if unit.kills:
                    cp += takedown
                    reasons.append("took down an enemy")
                if report.winner == side:
                    cp += victory
                    reasons.append("victory")
            result.entries.append(
                {
                    "unit_id": unit.id,
                    "name": unit.name,
                    "status": unit.status,
                    "character_points": cp,
                    "reasons": reasons,
                }
            )
        result.resources = {"character_points": sum(e["character_points"] for e in result.entries)}
        return result


SYSTEM = HexTacticalSystem()
