"""Issue 22 §7: inputs the fuzzer turned into server errors answer 4xx naming the field —
NUL characters and lone surrogates in roster and unit names, share tokens, query
parameters and the import form, and manual pairings with ``null``."""

import pytest

from tests.api.conftest import PASSWORD, make_user, strike_force, token_client
from tests.integration.campaigns.factories import coinflip_roster

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]

ESCAPES = ["\\u0000", "\\ud800"]


def post_raw(client, url: str, body: str):
    return client.post(url, body.encode(), content_type="application/json")


@pytest.mark.parametrize("escape", ESCAPES)
def test_a_roster_name_with_unstorable_text_is_refused(owner_client, catalogues, escape):
    body = strike_force(name="PLACEHOLDER")
    import json

    text = json.dumps(body).replace("PLACEHOLDER", f"bad{escape}name")
    answer = post_raw(owner_client, "/api/v1/rosters/", text)
    assert answer.status_code == 400, answer.content
    assert "name" in answer.json()["error"]["fields"]


@pytest.mark.parametrize("escape", ESCAPES)
def test_a_unit_name_with_unstorable_text_is_refused(owner_client, catalogues, escape):
    import json

    body = strike_force()
    body["units"][0]["name"] = "PLACEHOLDER"
    text = json.dumps(body).replace("PLACEHOLDER", f"bad{escape}name")
    answer = post_raw(owner_client, "/api/v1/rosters/", text)
    assert answer.status_code == 400, answer.content
    assert "units[0].name" in answer.json()["error"]["fields"]


@pytest.mark.parametrize("token", ["%00", "abc%00def", "%ED%A0%80"])
def test_a_share_token_with_unstorable_text_answers_4xx(owner_client, token):
    answer = owner_client.get(f"/api/v1/shared/{token}/")
    assert 400 <= answer.status_code < 500, answer.content
    assert answer.json()["error"]["code"] in ("invalid", "roster.not_found")


def test_a_query_parameter_with_a_nul_is_refused_naming_it(owner_client):
    answer = owner_client.get("/api/v1/battles/?mission=a%00b")
    assert answer.status_code == 400, answer.content
    assert "mission" in answer.json()["error"]["fields"]


@pytest.mark.parametrize("escape", ESCAPES)
def test_the_import_form_refuses_unstorable_text(client, owner, catalogues, escape):
    import json

    client.login(username=owner.username, password=PASSWORD)
    text = json.dumps(strike_force(name="PLACEHOLDER")).replace("PLACEHOLDER", f"x{escape}y")
    answer = client.post("/rosters/import/", {"text": text, "name": ""})
    assert answer.status_code == 200
    assert b"not valid Unicode" in answer.content or b"NUL" in answer.content


@pytest.mark.parametrize("pairings", [[[None, 2]], [[None, None]]])
def test_manual_pairings_with_null_first_are_refused(pairings):
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.membership import campaign_join

    org, ann, bob = (make_user(n) for n in ("org", "ann", "bob"))
    campaign = campaign_create(user=org, system="coinflip", name="League", points_limit=100)
    for user in (ann, bob):
        campaign_join(user=user, join_code=campaign.join_code, roster=coinflip_roster(user))
    answer = token_client(org).post(
        f"/api/v1/campaigns/{campaign.pk}/rounds/",
        {"pairing": "manual", "pairings": pairings},
        format="json",
    )
    assert answer.status_code == 400, answer.content
    assert "pairings[0]" in answer.json()["error"]["fields"]
