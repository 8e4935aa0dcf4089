"""Who may read and build from a faction catalogue: the rule every selector, the API and
roster input apply (the same as rosters: a catalogue one may not read answers 404).

- a sample (no owner) and a public catalogue: everyone;
- an unlisted catalogue: its owner, and whoever presents its link token;
- a private catalogue: its owner only.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from armybuilder.models import Faction, Visibility


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
