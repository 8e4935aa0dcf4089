"""Issue 15's proof, end to end through the API: upload a faction → build a roster from it →
validate → battle and simulate it (its unplayed rule listed) → join a campaign that pins it,
the campaign's games played at the pinned revision; a roster built from any other catalogue
is refused naming it."""

from __future__ import annotations

import pytest

from campaigns.models import Game, GameStatus
from tests.api.conftest import make_user, token_client
from tests.api.test_rules_without_effect import HATED, VANGUARD

pytestmark = pytest.mark.django_db


def created(response) -> dict:
    assert response.status_code in (201, 202), response.json()
    return response.json()


def test_bring_your_own_army_from_upload_to_a_pinned_campaign_game(
    catalogues, django_capture_on_commit_callbacks
):
    org, ann, bob = (token_client(make_user(n)) for n in ("org", "ann", "bob"))
    mine = created(
        ann.post(
            "/api/v1/catalogues/",
            {"text": HATED, "format": "yaml", "visibility": "public"},
            format="json",
        )
    )
    assert [w["code"] for w in mine["warnings"]] == ["rule.no_effect"]

    army = {**VANGUARD, "faction": mine["slug"]}
    assert ann.post("/api/v1/rosters/validate/", army, format="json").json()["validation"]["legal"]
    roster = created(ann.post("/api/v1/rosters/", army, format="json"))
    sample = created(ann.post("/api/v1/rosters/", VANGUARD, format="json"))

    with django_capture_on_commit_callbacks(execute=True):
        battle = created(
            ann.post(
                "/api/v1/battles/",
                {"rosters": [roster["id"], sample["id"]], "seed": 5},
                format="json",
            )
        )
        simulation = created(
            ann.post(
                "/api/v1/simulations/",
                {"rosters": [roster["id"], sample["id"]], "runs": 4, "seed": 5},
                format="json",
            )
        )
    battle = ann.get(battle["url"]).json()
    assert battle["status"] == "resolved"
    assert battle["report"]["winner"] in ("a", "b", None)
    assert [r["rule"] for r in battle["rules_without_effect"]] == ["hatred"]
    simulation = ann.get(simulation["url"]).json()
    assert simulation["status"] == "resolved"
    assert simulation["result"]["runs"] == 4

    campaign = created(
        org.post(
            "/api/v1/campaigns/",
            {"system": "massbattle", "name": "Realms league", "points_limit": 2000, "seed": 4},
            format="json",
        )
    )
    pins = f"/api/v1/campaigns/{campaign['id']}/catalogues/"
    created(org.post(pins, {"catalogue": mine["id"], "revision": 1}, format="json"))
    code = campaign["join_code"]
    ann_in = created(
        ann.post(
            "/api/v1/campaigns/join/", {"join_code": code, "roster": roster["id"]}, format="json"
        )
    )

    fork = created(
        bob.post(f"/api/v1/catalogues/{mine['id']}/fork/", {"slug": "bobs"}, format="json")
    )
    forked = created(
        bob.post("/api/v1/rosters/", {**VANGUARD, "faction": fork["slug"]}, format="json")
    )
    refused = bob.post(
        "/api/v1/campaigns/join/", {"join_code": code, "roster": forked["id"]}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "campaign.catalogue_not_pinned"
    assert f"'{fork['slug']}'" in refused.json()["error"]["message"]
    bobs_sample = created(bob.post("/api/v1/rosters/", VANGUARD, format="json"))
    assert (
        bob.post(
            "/api/v1/campaigns/join/",
            {"join_code": code, "roster": bobs_sample["id"]},
            format="json",
        ).json()["error"]["code"]
        == "campaign.catalogue_not_pinned"
    )
    sample_catalogue = org.get("/api/v1/catalogues/?scope=samples&system=massbattle&search=dawn")
    created(
        org.post(pins, {"catalogue": sample_catalogue.json()["results"][0]["id"]}, format="json")
    )
    bob_in = created(
        bob.post(
            "/api/v1/campaigns/join/",
            {"join_code": code, "roster": bobs_sample["id"]},
            format="json",
        )
    )

    dearer = HATED.replace(
        "{size: 40, cost: 230, label: Horde}", "{size: 40, cost: 260, label: Horde}"
    )
    assert (
        ann.put(f"/api/v1/catalogues/{mine['id']}/", {"text": dearer}, format="json").json()[
            "revision"
        ]
        == 2
    )
    game = created(
        org.post(
            f"/api/v1/campaigns/{campaign['id']}/games/",
            {"participant_a": ann_in["participant"], "participant_b": bob_in["participant"]},
            format="json",
        )
    )
    with django_capture_on_commit_callbacks(execute=True):
        created(org.post(f"/api/v1/games/{game['id']}/play/", {}, format="json"))
    played = Game.objects.get(pk=game["id"])
    assert played.status == GameStatus.CONFIRMED
    horde = next(u for u in played.snapshot_a["units"] if u["name"] == "The Beacon Horde")
    assert horde["points"] == roster["units"][0]["points"]  # revision 1's price, not 2's

    moved = org.post(f"{pins}{mine['id']}/move/", {}, format="json").json()
    [row] = moved["rosters"]
    assert row["participant"] == ann_in["participant"]
    assert ("The Beacon Horde", 30) in [(u["name"], u["delta"]) for u in row["changes"]["units"]]
