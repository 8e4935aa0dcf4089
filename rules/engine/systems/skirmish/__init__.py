"""The skirmish game system (Mordheim): close combat from seed 001, the rest of a battle
from the published rules (not in seed 001: published Mordheim rules): the "skirmish" GameSystem."""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.kernel.events import EventHook, EventLog
from rules.engine.kernel.policy import side_policies
from rules.engine.report import BattleReport
from rules.engine.systems.base import EngineError, Mission, PostBattle, RosterData
from rules.engine.systems.capabilities import CatalogueCapability, RoutDecides
from rules.engine.systems.skirmish.ai import SkirmishPolicy
from rules.engine.systems.skirmish.battle import ENGINE_VERSION, SkirmishBattle
from rules.engine.systems.skirmish.battlescribe import BATTLESCRIBE
from rules.engine.systems.skirmish.campaign_pack import MordheimPack
from rules.engine.systems.skirmish.fighters import FEAR_RULES, Warband, build_warband
from rules.engine.systems.skirmish.odds import ODDS
from rules.engine.systems.skirmish.post_battle import post_battle as _post_battle
from rules.engine.systems.skirmish.rating import LARGE_RULES
from rules.engine.systems.skirmish.scenarios import DEFAULT_MISSION, MISSIONS
from rules.engine.systems.skirmish.settings import DEFAULT_SETTINGS, SkirmishSettings
from rules.engine.systems.skirmish.skills import SKILL_TABLES
from rules.engine.systems.skirmish.summary import SUMMARY


class SkirmishSystem:
    """Mordheim-style warband skirmishes on a 4'×4' ruined town."""

    slug = "skirmish"
    name = "Skirmish (Mordheim)"
    missions: Mapping[str, Mission] = MISSIONS
    default_mission = DEFAULT_MISSION
    settings_type = SkirmishSettings
    engine_version = ENGINE_VERSION
    odds = ODDS
    campaign = MordheimPack()
    results = RoutDecides()
    summary = SUMMARY
    catalogue = CatalogueCapability(
        sample_matchup=("night-watch", "marsh-raiders"),
        known_rules=FEAR_RULES | LARGE_RULES,
        importers={"battlescribe": BATTLESCRIBE},
        skills=SKILL_TABLES,
    )

    def build_army(self, roster: RosterData) -> Warband:
        """One fighter per model; EngineError with the offending field's path."""
        return build_warband(roster)

    def resolve_battle(
        self,
        army_a: Warband,
        army_b: Warband,
        mission: str,
        seed: int,
        on_event: EventHook | None = None,
        log: bool = True,
        settings: SkirmishSettings | None = None,
        policies: Mapping[str, SkirmishPolicy] | None = None,
    ) -> BattleReport:
        """Play a whole battle; the same inputs, seed and settings give the same report.
        ``policies`` maps a side to its AI (default :class:`SkirmishPolicy`)."""
        if mission not in MISSIONS:
            raise EngineError("mission.unknown", f"Unknown skirmish scenario '{mission}'.")
        return SkirmishBattle(
            army_a,
            army_b,
            mission,
            seed,
            EventLog(log, on_event),
            settings or DEFAULT_SETTINGS,
            side_policies(policies, SkirmishPolicy),
        ).run()

    def post_battle(
        self,
        report: BattleReport,
        side: str,
        seed: int,
        settings: SkirmishSettings | None = None,
    ) -> PostBattle:
        """The published post-battle sequence for ``side`` as plain data."""
        return _post_battle(report, side, seed, settings or DEFAULT_SETTINGS)


SYSTEM = SkirmishSystem()
