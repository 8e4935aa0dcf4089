"""Who may read and build from a faction catalogue (or use a rules variant): the rule every
selector, the API and roster input apply (the same as rosters: a catalogue one may not read
answers 404).

- a sample (no owner) and a public catalogue: everyone;
- an unlisted catalogue: its owner, and whoever presents its link token;
- a private catalogue: its owner only.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db.models import Q

from armybuilder.catalogue_issues import issue
from armybuilder.errors import CatalogueRejected
from armybuilder.models import Faction, RulesVariant, Visibility


def visible_q(user: Any, token: str = "") -> Q:
    """The factions ``user`` (maybe anonymous) may read, ``token`` opening one unlisted."""
    allowed = Q(owner__isnull=True) | Q(visibility=Visibility.PUBLIC)
    if getattr(user, "is_authenticated", False):
        allowed |= Q(owner=user)
    if token:
        allowed |= Q(visibility=Visibility.UNLISTED, link_token=token)
    return allowed


def can_use(faction: Faction, *, user: Any, token: str = "") -> bool:
    """:func:`visible_q` for one row already loaded (the catalogue cache's)."""
    if faction.owner_id is None or faction.visibility == Visibility.PUBLIC:
        return True
    if getattr(user, "is_authenticated", False) and faction.owner_id == user.pk:
        return True
    return bool(token and faction.visibility == Visibility.UNLISTED and faction.link_token == token)


def apply_visibility(row: Faction | RulesVariant, visibility: str) -> None:
    """Set a catalogue's or rules variant's visibility (unsaved): unlisted keeps its link
    token or draws one, any other ends the old link; CatalogueRejected for an unknown one."""
    if visibility not in Visibility.values:
        raise CatalogueRejected(
            [
                issue(
                    "catalogue.visibility",
                    "visibility",
                    f"Unknown visibility '{visibility}'.",
                    f"Use one of: {', '.join(Visibility.values)}.",
                )
            ]
        )
    row.visibility = visibility
    if visibility == Visibility.UNLISTED:
        row.link_token = row.link_token or secrets.token_urlsafe(32)
    else:
        row.link_token = None
