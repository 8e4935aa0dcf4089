"""Share a roster read-only by link, and stop sharing it."""

from __future__ import annotations

import secrets

from armybuilder.models import Roster


def roster_share(*, roster: Roster) -> str:
    """Share the roster by link (read-only for whoever holds it); returns the token. Sharing
    again keeps the same link."""
    if not roster.share_token:
        roster.share_token = secrets.token_urlsafe(32)
        roster.save(update_fields=["share_token", "updated_at"])
    return roster.share_token


def roster_unshare(*, roster: Roster) -> None:
    """Stop sharing: the old link answers 404 from now on."""
    if roster.share_token:
        roster.share_token = None
        roster.save(update_fields=["share_token", "updated_at"])
