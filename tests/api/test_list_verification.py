"""Issue 22 §4: a verification token carries the canonical list, is signed with the
instance's Ed25519 key (published for offline checks), names the instance and expires;
``/verify/`` checks the list in front of the organiser; exports carry the token."""

import base64
import json
import os

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from armybuilder.services.verification import roster_export_signed_json, roster_verification
from tests.api.conftest import strike_force

pytestmark = pytest.mark.django_db


def verify(client, token: str, **extra):
    return client.post("/api/v1/verify/", {"token": token, **extra}, format="json")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_the_token_names_the_instance_and_carries_the_list(owner_client, roster, settings):
    body = owner_client.get(f"/api/v1/rosters/{roster.pk}/verification/").json()
    prefix, payload, _ = body["token"].split(".")
    assert prefix == "muster-list-1"
    data = json.loads(unb64(payload))
    assert data["instance"] == settings.MUSTER_INSTANCE_NAME
    assert data["list"]["faction"] == "iron-wardens"
    assert len(data["list"]["units"]) == 3
    assert data["expires_at"] - data["issued_at"] == 365 * 86_400


def test_the_exported_text_is_the_signed_list(owner_client, api_client, roster):
    text = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/", {"format": "text"})
    text = text.content.decode()
    token = text.rsplit("# Verification: ", 1)[1].strip()
    check = verify(api_client, token, list=text).json()
    assert check["signature_valid"] is True
    assert check["list_matches"] is True
    assert check["legal_at_signed_revisions"] is True


def test_the_exported_json_is_the_signed_list_as_object_or_text(owner_client, api_client, roster):
    data = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/", {"format": "json"}).json()
    token = data.pop("verification")
    assert verify(api_client, token, list=data).json()["list_matches"] is True
    assert verify(api_client, token, list=json.dumps(data)).json()["list_matches"] is True


def test_another_list_shown_with_a_genuine_token_does_not_match(owner_client, api_client, roster):
    data = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/", {"format": "json"}).json()
    token = data.pop("verification")
    data["units"][1]["size"] = 20
    check = verify(api_client, token, list=data).json()
    assert check["list_matches"] is False
    assert check["legal_at_signed_revisions"] is None


def test_without_a_list_the_answer_says_nothing_about_one(api_client, roster):
    check = verify(api_client, roster_verification(roster=roster).token).json()
    assert check["list_matches"] is None
    assert check["matches_roster"] is True


def test_a_token_signed_with_another_key_is_refused(api_client, roster, settings):
    settings.MUSTER_SIGNING_KEY = base64.urlsafe_b64encode(os.urandom(32)).decode()
    forged = roster_verification(roster=roster).token
    settings.MUSTER_SIGNING_KEY = ""
    answer = verify(api_client, forged)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "verification.bad_signature"


def test_a_django_signing_token_of_the_old_format_is_refused(api_client, roster):
    from django.core import signing

    old = signing.dumps({"roster": roster.pk}, salt="armybuilder.roster-verification")
    assert verify(api_client, old).json()["error"]["code"] == "verification.bad_signature"


def test_an_expired_token_is_refused(api_client, roster):
    token = roster_verification(roster=roster, now=1_000_000).token
    answer = verify(api_client, token)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "verification.expired"


def test_a_token_checks_offline_with_the_published_key(api_client, roster):
    key = api_client.get("/api/v1/verify/key/").json()
    assert key["algorithm"] == "Ed25519"
    token = roster_verification(roster=roster).token
    signed, signature = token.rsplit(".", 1)
    public = Ed25519PublicKey.from_public_bytes(unb64(key["public_key"]))
    public.verify(unb64(signature), signed.encode())  # raises if not genuine
    assert json.loads(unb64(signed.split(".")[1]))["key_id"] == key["key_id"]


def test_the_key_file_is_created_private_once(roster, settings, tmp_path):
    settings.MUSTER_SIGNING_KEY_FILE = tmp_path / "keys" / "signing-key.ed25519"
    first = roster_verification(roster=roster).data["key_id"]
    assert oct(settings.MUSTER_SIGNING_KEY_FILE.stat().st_mode & 0o777) == "0o600"
    assert roster_verification(roster=roster).data["key_id"] == first


def test_the_signed_text_export_imports_back(owner_client, roster):
    text = owner_client.get(f"/api/v1/rosters/{roster.pk}/export/?format=text").content.decode()
    answer = owner_client.post(
        "/api/v1/rosters/import/", {"format": "text", "text": text}, format="json"
    )
    assert answer.status_code == 201, answer.content


def test_a_signed_list_over_its_points_limit_verifies_as_not_legal(owner, api_client, catalogues):
    """Issue 22 §4: the organiser learns whether the list in front of them was legal at the
    signed catalogue revisions, not only that it is the signed one."""
    from armybuilder.services.rosters import roster_create

    roster = roster_create(owner=owner, **strike_force(points_limit=100))
    exported = roster_export_signed_json(roster=roster)
    token = exported.pop("verification")
    check = verify(api_client, token, list=exported).json()
    assert check["signature_valid"] is True
    assert check["list_matches"] is True
    assert check["legal_at_signed_revisions"] is False
