"""Signed roster verification: a token stating a roster's canonical hash, catalogue revisions
and validation result, and checking a token against the roster as it is now."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core import signing

from armybuilder.catalogue_files import content_hash
from armybuilder.errors import VerificationError
from armybuilder.exchange import interchange_payload
from armybuilder.models import Roster
from armybuilder.selectors import context_validate, roster_context

VERIFICATION_SALT = "armybuilder.roster-verification"


def roster_hash(*, payload: dict[str, Any], house_rules: dict[str, Any] | None = None) -> str:
    """Canonical hash of a list: the interchange payload (no ids) and any house rules."""
    return content_hash({"roster": interchange_payload(payload), "house_rules": house_rules or {}})


@dataclass(frozen=True, slots=True)
class Verification:
    """A signed statement of a roster: its hash, catalogue revisions and validation."""

    token: str
    data: dict[str, Any]


def roster_verification(*, roster: Roster) -> Verification:
    """The roster's canonical hash, catalogue revisions and validation result, signed with
    ``django.core.signing`` (salted) so anyone holding the token can check it later."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    data = {
        "roster": roster.pk,
        "revision": roster.revision,
        "name": roster.payload.get("name", ""),
        "system": roster.system.slug,
        "faction": roster.faction.slug,
        "hash": roster_hash(payload=roster.payload, house_rules=roster.house_rules),
        "catalogue_revisions": context.revisions,
        "validation": {
            "valid": result.is_valid,
            "points": result.points,
            "points_limit": result.points_limit,
            "errors": [v.code for v in result.errors],
            "warnings": [v.code for v in result.warnings],
        },
    }
    return Verification(token=signing.dumps(data, salt=VERIFICATION_SALT, compress=True), data=data)


@dataclass(frozen=True, slots=True)
class VerificationCheck:
    """The signed data and whether the roster still matches it today."""

    data: dict[str, Any]
    roster_exists: bool
    matches_roster: bool
    catalogues_current: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "data": self.data,
            "roster_exists": self.roster_exists,
            "matches_roster": self.matches_roster,
            "catalogues_current": self.catalogues_current,
        }


def verification_check(*, token: str, max_age: int | None = None) -> VerificationCheck:
    """Check a token's signature (VerificationError ``verification.bad_signature`` or
    ``verification.expired``) and compare it with the roster as it is now."""
    try:
        data = signing.loads(token, salt=VERIFICATION_SALT, max_age=max_age)
    except signing.SignatureExpired as error:
        raise VerificationError(
            "verification.expired", "The verification token has expired"
        ) from error
    except signing.BadSignature as error:
        raise VerificationError(
            "verification.bad_signature", "The verification token is not genuine"
        ) from error
    roster = Roster.objects.select_related("system", "faction").filter(pk=data["roster"]).first()
    if roster is None:
        return VerificationCheck(data, False, False, False)
    context = roster_context(roster=roster)
    return VerificationCheck(
        data=data,
        roster_exists=True,
        matches_roster=roster_hash(payload=roster.payload, house_rules=roster.house_rules)
        == data["hash"],
        catalogues_current=context.revisions == data["catalogue_revisions"],
    )
