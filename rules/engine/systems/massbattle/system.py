"""The massbattle GameSystem (Kings of War 2010 beta rules, seed 003)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rules.engine.gameclock import ClockRecord
from rules.engine.kernel.events import EventHook
from rules.engine.report import BattleReport
from rules.engine.systems.base import EngineError, Mission, PostBattle, RosterData
from rules.engine.systems.capabilities import CatalogueCapability
from rules.engine.systems.massbattle import battle
from rules.engine.systems.massbattle.ai import MassBattlePolicy
from rules.engine.systems.massbattle.battlescribe import BATTLESCRIBE
from rules.engine.systems.massbattle.constants import MAX_TURNS
from rules.engine.systems.massbattle.odds import ODDS
from rules.engine.systems.massbattle.postbattle import post_battle as _post_battle
from rules.engine.systems.massbattle.results import MarginResults
from rules.engine.systems.massbattle.settings import MassBattleSettings
from rules.engine.systems.massbattle.summary import SUMMARY
from rules.engine.systems.massbattle.units import KNOWN_RULES, Army, build_army
from rules.engine.systems.unit_experience import UnitExperiencePack

MISSIONS: dict[str, Mission] = {
    "battle": Mission(
        "battle",
        "Battle (rolled condition)",
        MAX_TURNS,
        "Victory condition rolled on a D6: Kill, Pillage or Kill and Pillage.",
    ),
    "kill": Mission(
        "kill", "Kill", MAX_TURNS, "Destroy enemy points; a lead of 20% of the army points wins."
    ),
    "pillage": Mission(
        "pillage", "Pillage", MAX_TURNS, "D6+1 objectives; hold two more than the enemy to win."
    ),
    "kill-and-pillage": Mission(
        "kill-and-pillage",
        "Kill and Pillage",
        MAX_TURNS,
        "Kill points plus 100 per objective held.",
    ),
}


class MassBattleSystem:
    """Kings of War 2010: units as rectangles of models, orders, nerve tests."""

    slug = "massbattle"
    name = "Mass battle (Kings of War 2010)"
    missions: Mapping[str, Mission] = MISSIONS
    default_mission = "battle"
    plays_clock = True
    settings_type = MassBattleSettings
    engine_version = battle.ENGINE_VERSION
    odds = ODDS
    campaign = UnitExperiencePack("massbattle-experience", accumulating=("gold",))
    summary = SUMMARY
    results = MarginResults()
    catalogue = CatalogueCapability(
        sample_matchup=("dawnguard-vanguard", "gravemire-tide"),
        known_rules=KNOWN_RULES,
        importers={"battlescribe": BATTLESCRIBE},
    )

    def build_army(self, roster: RosterData) -> Army:
        return build_army(roster)

    def resolve_battle(
        self,
        army_a: Army,
        army_b: Army,
        mission: str,
        seed: int,
        on_event: EventHook | None = None,
        log: bool = True,
        settings: MassBattleSettings | None = None,
        policies: Mapping[str, MassBattlePolicy] | None = None,
        flagged: tuple[str, int] | None = None,
        timed_out: Collection[int] = (),
        clock: ClockRecord | None = None,
    ) -> BattleReport:
        """Play a whole battle; ``flagged`` = (side, turn) whose chess clock ran out,
        ``timed_out`` = turns that ran out of time on a per-turn clock (seed 003 p.11: each
        ends before its melees, ``timing``); ``clock``, a game clock's record, gives both."""
        if not isinstance(army_a, Army) or not isinstance(army_b, Army):
            raise EngineError("army.invalid", "Armies must come from build_army.")
        if clock:
            flagged = clock.flagged or flagged
            timed_out = (*timed_out, *clock.timed_out_turns)
        return battle.resolve(
            army_a, army_b, mission, seed, on_event, log, flagged, settings, policies, timed_out
        )

    def post_battle(self, report: BattleReport, side: str, seed: int) -> PostBattle:
        if side not in ("a", "b"):
            raise EngineError("side.invalid", "side must be 'a' or 'b'.")
        return _post_battle(report, side, seed)


SYSTEM = MassBattleSystem()
