"""Campaign models, by what they hold: :mod:`.games` (campaigns, games, the ledger, the audit
log and roster versions) and :mod:`.warband` (between-games warband actions)."""

from campaigns.models.games import (
    FINAL_STATUSES,
    AuditEntry,
    Campaign,
    CampaignCatalogue,
    CampaignFormat,
    CampaignLine,
    CampaignStatus,
    EffectKind,
    Game,
    GameStatus,
    LedgerEntry,
    PairingMethod,
    Participant,
    ParticipantStatus,
    PostBattleRun,
    RosterVersion,
    Round,
    kind_valid,
)
from campaigns.models.warband import (
    ActiveWarbandActions,
    WarbandAction,
    WarbandActionKind,
)

__all__ = [
    "FINAL_STATUSES",
    "ActiveWarbandActions",
    "AuditEntry",
    "Campaign",
    "CampaignCatalogue",
    "CampaignFormat",
    "CampaignLine",
    "CampaignStatus",
    "EffectKind",
    "Game",
    "GameStatus",
    "LedgerEntry",
    "PairingMethod",
    "Participant",
    "ParticipantStatus",
    "PostBattleRun",
    "RosterVersion",
    "Round",
    "WarbandAction",
    "WarbandActionKind",
    "kind_valid",
]
