"""The campaign audit log: one line per change, who made it and what it carried."""

from __future__ import annotations

from typing import Any

from campaigns.models import AuditEntry, Campaign, Game


def audit(
    *,
    campaign: Campaign,
    actor: Any,
    action: str,
    game: Game | None = None,
    data: dict[str, Any] | None = None,
) -> AuditEntry:
    """Append one line to the campaign's audit log."""
    actor = actor if getattr(actor, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        campaign=campaign, game=game, actor=actor, action=action, data=data or {}
    )


def audit_game(game: Game, actor: Any, action: str, data: dict[str, Any]) -> AuditEntry:
    """Append one line about ``game`` to its campaign's audit log."""
    return audit(campaign=game.campaign, actor=actor, action=action, game=game, data=data)
