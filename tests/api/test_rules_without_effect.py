"""Special rules the engine does not play are warnings at upload and are listed on the
battle (and simulation) resource of every battle that used them (issue 15: "never silently
ignored")."""

from __future__ import annotations

import pytest
import yaml

from armybuilder.rosterdata import CATALOGUE_DIR, SAMPLES_DIR
from tests.api.test_user_catalogues import upload

pytestmark = pytest.mark.django_db

DAWNGUARD = (CATALOGUE_DIR / "massbattle" / "dawnguard-realms.yaml").read_text()
HATED = DAWNGUARD.replace("faction: dawnguard-realms", "faction: hated-realms", 1).replace(
    "rules: [phalanx]", "rules: [phalanx, hatred]", 1
)
VANGUARD = yaml.safe_load((SAMPLES_DIR / "massbattle" / "dawnguard-vanguard.yaml").read_text())


def roster_of(client, faction: str) -> int:
    created = client.post("/api/v1/rosters/", {**VANGUARD, "faction": faction}, format="json")
    assert created.status_code == 201, created.json()
    return created.json()["id"]


@pytest.fixture
def hated(owner_client, catalogues):
    response = upload(owner_client, HATED)
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_battle_lists_the_rules_it_played_without_effect(
    owner_client, hated, django_capture_on_commit_callbacks
):
    assert [w["message"] for w in hated["warnings"]] == ["`hatred` has no effect in battles yet."]
    request = {
        "rosters": [
            roster_of(owner_client, hated["slug"]),
            roster_of(owner_client, "dawnguard-realms"),
        ],
        "seed": 3,
    }
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post("/api/v1/battles/", request, format="json")
    resource = owner_client.get(battle.json()["url"]).json()
    assert resource["status"] == "resolved"
    assert resource["rules_without_effect"] == [
        {
            "rule": "hatred",
            "units": [
                {"side": "a", "id": "u1", "name": "The Beacon Horde"},
                {"side": "a", "id": "u2", "name": "Pass Wardens"},
            ],
        }
    ]
    listed = owner_client.get("/api/v1/battles/").json()["results"][0]
    assert listed["rules_without_effect"] == resource["rules_without_effect"]


def test_samples_list_no_rule_without_effect(
    owner_client, catalogues, django_capture_on_commit_callbacks
):
    sample = roster_of(owner_client, "dawnguard-realms")
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post(
            "/api/v1/battles/", {"rosters": [sample, sample], "seed": 1}, format="json"
        )
    assert owner_client.get(battle.json()["url"]).json()["rules_without_effect"] == []


def test_a_simulation_lists_them_too(owner_client, hated, django_capture_on_commit_callbacks):
    mine = roster_of(owner_client, hated["slug"])
    with django_capture_on_commit_callbacks(execute=True):
        simulation = owner_client.post(
            "/api/v1/simulations/", {"rosters": [mine, mine], "runs": 2, "seed": 1}, format="json"
        )
    assert simulation.status_code == 202, simulation.json()
    body = owner_client.get(simulation.json()["url"]).json()
    assert [r["rule"] for r in body["rules_without_effect"]] == ["hatred"]
    assert [u["side"] for u in body["rules_without_effect"][0]["units"]] == ["a", "a", "b", "b"]


def test_the_battle_page_names_them_above_the_result(
    owner, owner_client, hated, client, django_capture_on_commit_callbacks
):
    request = {
        "rosters": [
            roster_of(owner_client, hated["slug"]),
            roster_of(owner_client, "dawnguard-realms"),
        ],
        "seed": 3,
    }
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post("/api/v1/battles/", request, format="json").json()
    client.force_login(owner)
    page = client.get(f"/battles/{battle['id']}/").content.decode()
    assert 'id="rules-without-effect"' in page
    # Both rosters are called "Dawnguard Vanguard": the sides' letters tell them apart.
    assert (
        "<strong>Hatred</strong> — Dawnguard Vanguard (A): The Beacon Horde, Pass Wardens" in page
    )
    assert "<code>hatred</code>" not in page
    sample = owner_client.post(
        "/api/v1/battles/",
        {"rosters": [request["rosters"][1], request["rosters"][1]], "seed": 3},
        format="json",
    ).json()
    assert (
        'id="rules-without-effect"' not in client.get(f"/battles/{sample['id']}/").content.decode()
    )


GLOSSED = HATED.replace("faction: hated-realms", "faction: glossed-realms", 1).replace(
    "special_rules:\n",
    "special_rules:\n  - {slug: hatred, name: Hatred of the Pass, text: Re-roll misses.}\n",
    1,
)


def test_the_notice_speaks_glossary_names_and_tells_same_named_units_apart(
    owner, owner_client, catalogues, client, django_capture_on_commit_callbacks
):
    """Issue 24: the notice read ``<code>hatred</code> (The Beacon Horde, The Beacon Horde,
    The Beacon Horde, The Beacon Horde)`` for a list against itself; now the glossary name,
    each unit once under its army, the armies lettered and a second same-named unit
    numbered. The API keeps the slugs."""
    uploaded = upload(owner_client, GLOSSED)
    assert uploaded.status_code == 201, uploaded.json()
    units = [dict(u) for u in VANGUARD["units"]]
    units[1]["name"] = units[0]["name"]
    payload = {**VANGUARD, "faction": uploaded.json()["slug"], "units": units}
    created = owner_client.post("/api/v1/rosters/", payload, format="json")
    assert created.status_code == 201, created.json()
    mine = created.json()["id"]
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post(
            "/api/v1/battles/", {"rosters": [mine, mine], "seed": 3}, format="json"
        ).json()
    client.force_login(owner)
    page = client.get(f"/battles/{battle['id']}/").content.decode()
    api = owner_client.get(f"/api/v1/battles/{battle['id']}/").json()
    assert (
        "<li><strong>Hatred of the Pass</strong> — "
        "Dawnguard Vanguard (A): The Beacon Horde, The Beacon Horde (2); "
        "Dawnguard Vanguard (B): The Beacon Horde, The Beacon Horde (2)</li>"
    ) in page
    assert [r["rule"] for r in api["rules_without_effect"]] == ["hatred"]
