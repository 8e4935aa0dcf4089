"""The grimdark GameSystem object (slug "grimdark")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.kernel.events import EventHook
from rules.engine.report import BattleReport
from rules.engine.systems.base import Mission, PostBattle, RosterData
from rules.engine.systems.capabilities import CatalogueCapability
from rules.engine.systems.grimdark import army, campaign, resolve, rosters
from rules.engine.systems.grimdark import missions as mission_defs
from rules.engine.systems.grimdark.battlescribe import BATTLESCRIBE
from rules.engine.systems.grimdark.odds import ODDS
from rules.engine.systems.grimdark.results import VictoryPointResults
from rules.engine.systems.grimdark.settings import GrimdarkSettings
from rules.engine.systems.grimdark.summary import SUMMARY
from rules.engine.systems.unit_experience import UnitExperiencePack


class GrimdarkSystem:
    """Warhammer 40,000 4th-edition core rules (seed 000) as a GameSystem."""

    slug = "grimdark"
    name = "Grimdark (40k 4th edition)"
    missions: Mapping[str, Mission] = mission_defs.MISSIONS
    default_mission = mission_defs.DEFAULT_MISSION
    settings_type = GrimdarkSettings
    engine_version = resolve.ENGINE_VERSION
    odds = ODDS
    campaign = UnitExperiencePack("grimdark-experience")
    summary = SUMMARY
    results = VictoryPointResults()
    catalogue = CatalogueCapability(
        sample_matchup=("iron-wardens-strike-force", "chitin-host-swarm"),
        known_rules=frozenset(army.KNOWN_RULES),
        importers={"battlescribe": BATTLESCRIBE},
    )

    def build_army(self, roster: RosterData) -> rosters.Army:
        """Validate RosterData; EngineError with a stable code when unplayable."""
        return rosters.build_army(roster)

    def resolve_battle(
        self,
        army_a: Any,
        army_b: Any,
        mission: str,
        seed: int,
        on_event: EventHook | None = None,
        log: bool = True,
        settings: GrimdarkSettings | None = None,
        policies: Mapping[str, Any] | None = None,
    ) -> BattleReport:
        """Play a whole battle (see :func:`resolve.resolve_battle`)."""
        return resolve.resolve_battle(
            army_a, army_b, mission, seed, on_event, log, settings, policies
        )

    def post_battle(self, report: BattleReport, side: str, seed: int) -> PostBattle:
        """Campaign experience for ``side`` (see :mod:`campaign`)."""
        return campaign.post_battle(report, side, seed)


SYSTEM = GrimdarkSystem()
