"""Domain errors of the campaigns app: a stable ``code``, a message and the field at fault."""

from __future__ import annotations


class CampaignError(Exception):
    """A request the campaign rules refuse (the API answers 400 with ``code``)."""

    status_code = 400

    def __init__(
        self,
        code: str,
        message: str,
        field: str = "",
        fields: dict[str, list[str]] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.fields = fields or ({field: [message]} if field else {})


class CampaignConflict(CampaignError):
    """The game or campaign is not in a state that allows it (409)."""

    status_code = 409


class CampaignForbidden(CampaignError):
    """The user may see the object but not do this to it (403)."""

    status_code = 403


class CampaignNotFound(CampaignError):
    """The object does not exist or the user may not see it (404)."""

    status_code = 404
