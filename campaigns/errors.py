"""Domain errors of the campaigns app: a stable ``code``, a message and the field at fault,
raised as ``CampaignError(code, message, field)``; the subclass sets the HTTP status."""

from __future__ import annotations

from core.errors import ApplicationError


class CampaignError(ApplicationError):
    """A request the campaign rules refuse (400)."""


class CampaignConflict(CampaignError):
    """The game or campaign is not in a state that allows it (409)."""

    status = 409


class CampaignForbidden(CampaignError):
    """The user may see the object but not do this to it (403)."""

    status = 403


class CampaignNotFound(CampaignError):
    """The object does not exist or the user may not see it (404)."""

    status = 404
