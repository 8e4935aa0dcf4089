"""Signed list verification: a token carrying the canonical list itself, its content hash,
the catalogue revisions and the validation result, signed with the instance's Ed25519 key
(:mod:`armybuilder.signing`), naming the instance and expiring after
``MUSTER_VERIFICATION_MAX_AGE_DAYS``.

An organiser checks *the list in front of them*: :func:`verification_check` takes the token
and the list (our text layout or JSON, as the exports write it) and says whether the
signature is the instance's, whether that list is the one signed and whether it was legal
at the signed catalogue revisions. Anyone can do the same offline: the token is
``muster-list-1.<payload>.<signature>`` (base64url), the signature is Ed25519 over
``muster-list-1.<payload>``, the key is published at ``GET /api/v1/verify/key/``.

The canonical list is the interchange payload with units and options in a fixed order and
without the cosmetic unit names (the text export omits a name equal to the unit's), so the
text and JSON exports of one list have the same hash.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from armybuilder.catalogue_files import canonical_json, content_hash
from armybuilder.errors import ImportFormatError, VerificationError
from armybuilder.exchange import interchange_payload
from armybuilder.models import Roster
from armybuilder.selectors import (
    context_validate,
    roster_context,
    roster_export_json,
    roster_export_text,
)
from armybuilder.signing import (
    b64url,
    b64url_decode,
    instance_key,
    key_id_matches,
    sign,
    signature_valid,
)
from armybuilder.text_selectors import roster_payload_from_text

TOKEN_PREFIX = "muster-list-1"  # noqa: S105 - a format tag, not a secret
VERIFICATION_LINE = "# Verification: "
"""How the text export carries the token (the text import skips ``# `` lines)."""


def canonical_list(payload: dict[str, Any]) -> dict[str, Any]:
    """The list as signed: interchange fields, units sorted, options sorted, no unit names."""
    out = interchange_payload(payload)
    units = [
        {**{k: v for k, v in unit.items() if k != "name"}, "options": sorted(unit["options"])}
        for unit in out["units"]
    ]
    out["units"] = sorted(units, key=canonical_json)
    return out


def list_hash(payload: dict[str, Any]) -> str:
    """The content hash of a list's canonical form."""
    return content_hash(canonical_list(payload))


def roster_hash(*, payload: dict[str, Any], house_rules: dict[str, Any] | None = None) -> str:
    """Canonical hash of a roster: its canonical list and any house rules."""
    return content_hash({"roster": canonical_list(payload), "house_rules": house_rules or {}})


@dataclass(frozen=True, slots=True)
class Verification:
    """A signed statement of a roster: the token and the data it carries."""

    token: str
    data: dict[str, Any]


def encode_token(data: dict[str, Any]) -> str:
    """``muster-list-1.<payload>.<signature>`` of ``data`` (canonical JSON, Ed25519)."""
    signed = f"{TOKEN_PREFIX}.{b64url(canonical_json(data).encode('utf-8'))}"
    return f"{signed}.{b64url(sign(signed.encode('ascii')))}"


def decode_token(token: str) -> dict[str, Any]:
    """The data of a genuine token of this instance; VerificationError
    ``verification.bad_signature`` otherwise."""
    bad = VerificationError("verification.bad_signature", "The verification token is not genuine")
    parts = token.strip().split(".")
    if len(parts) != 3 or parts[0] != TOKEN_PREFIX:
        raise bad
    try:
        signature = b64url_decode(parts[2])
        data = json.loads(b64url_decode(parts[1]))
    except ValueError as error:
        raise bad from error
    if not signature_valid(f"{parts[0]}.{parts[1]}".encode("ascii"), signature):
        raise bad
    if not isinstance(data, dict) or not key_id_matches(data.get("key_id")):
        raise bad
    return data


def roster_verification(*, roster: Roster, now: float | None = None) -> Verification:
    """Sign the roster as it is now: the canonical list and its hash, the roster's hash
    (with house rules), catalogue revisions, validation, instance, key id, issue and expiry
    times (seconds since the epoch; no expiry when the setting is 0)."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    issued = int(now if now is not None else time.time())
    max_age = int(settings.MUSTER_VERIFICATION_MAX_AGE_DAYS) * 86_400
    data = {
        "instance": settings.MUSTER_INSTANCE_NAME,
        "key_id": instance_key().key_id,
        "issued_at": issued,
        "expires_at": issued + max_age if max_age else None,
        "roster": roster.pk,
        "revision": roster.revision,
        "name": roster.payload.get("name", ""),
        "system": roster.system.slug,
        "faction": roster.faction.slug,
        "list": canonical_list(roster.payload),
        "list_hash": list_hash(roster.payload),
        "house_rules": roster.house_rules or {},
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
    return Verification(token=encode_token(data), data=data)


def parse_list(shown: Any) -> dict[str, Any]:
    """The list an organiser was shown: a JSON object, JSON text, or our text layout;
    ImportFormatError (400) when it cannot be read."""
    if isinstance(shown, dict):
        data = shown
    elif isinstance(shown, str) and shown.lstrip().startswith("{"):
        try:
            data = json.loads(shown)
        except ValueError as error:
            raise ImportFormatError("import.json", f"Not valid JSON: {error}", "list") from error
    elif isinstance(shown, str):
        data = roster_payload_from_text(text=shown)
    else:
        raise ImportFormatError("import.json", "The list must be text or an object", "list")
    if not isinstance(data, dict) or not all(k in data for k in ("system", "faction", "units")):
        raise ImportFormatError("import.json", "The list needs system, faction and units", "list")
    try:
        return canonical_list(data)
    except (KeyError, TypeError, AttributeError) as error:
        raise ImportFormatError("import.json", "The list's units are malformed", "list") from error


@dataclass(frozen=True, slots=True)
class VerificationCheck:
    """The signed data; whether the roster still matches it today; and, when a list was
    shown, whether it is the signed one and was legal at the signed catalogue revisions."""

    data: dict[str, Any]
    roster_exists: bool
    matches_roster: bool
    catalogues_current: bool
    list_matches: bool | None = None
    legal_at_signed_revisions: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "signature_valid": True,
            "instance": self.data.get("instance"),
            "expires_at": self.data.get("expires_at"),
            "data": self.data,
            "roster_exists": self.roster_exists,
            "matches_roster": self.matches_roster,
            "catalogues_current": self.catalogues_current,
            "list_matches": self.list_matches,
            "legal_at_signed_revisions": self.legal_at_signed_revisions,
        }


def verification_check(
    *, token: str, shown_list: Any = None, now: float | None = None
) -> VerificationCheck:
    """Check a token's signature (``verification.bad_signature``) and expiry
    (``verification.expired``); compare the shown list, if any, with the signed one, and the
    signed roster with the roster as it is now."""
    data = decode_token(token)
    expires = data.get("expires_at")
    if expires is not None and (now if now is not None else time.time()) > expires:
        raise VerificationError("verification.expired", "The verification token has expired")
    list_matches = legal = None
    if shown_list is not None:
        list_matches = content_hash(parse_list(shown_list)) == data["list_hash"]
        legal = bool(data["validation"]["valid"]) if list_matches else None
    roster = Roster.objects.select_related("system", "faction").filter(pk=data["roster"]).first()
    if roster is None:
        return VerificationCheck(data, False, False, False, list_matches, legal)
    context = roster_context(roster=roster)
    return VerificationCheck(
        data=data,
        roster_exists=True,
        matches_roster=roster_hash(payload=roster.payload, house_rules=roster.house_rules)
        == data["hash"],
        catalogues_current=context.revisions == data["catalogue_revisions"],
        list_matches=list_matches,
        legal_at_signed_revisions=legal,
    )


def roster_export_signed_json(*, roster: Roster) -> dict[str, Any]:
    """The JSON export with the roster's verification token (``verification``)."""
    return {
        **roster_export_json(roster=roster),
        "verification": roster_verification(roster=roster).token,
    }


def roster_export_signed_text(*, roster: Roster) -> str:
    """The text export with a last ``# Verification: <token>`` line."""
    token = roster_verification(roster=roster).token
    return f"{roster_export_text(roster=roster)}{VERIFICATION_LINE}{token}\n"
