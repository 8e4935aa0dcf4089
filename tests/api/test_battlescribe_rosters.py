"""BattleScribe rosters: ``GET /api/v1/battlescribe/rosters/{id}/`` exports a roster as
``.ros``/``.rosz`` and ``POST /api/v1/battlescribe/rosters/`` imports one; rosters built from
imported catalogues play battles and simulations."""

from __future__ import annotations

import pytest

from armybuilder.battlescribe.xmlsafe import parse_xml
from tests.api.battlescribe_support import GRIMDARK, MASSBATTLE, SKIRMISH, accept, post_files
from tests.api.battlescribe_support import files as uploads

pytestmark = pytest.mark.django_db

EXPORT = "/api/v1/battlescribe/rosters/{}/"
IMPORT = "/api/v1/battlescribe/rosters/"


def imported(client, system: str, names) -> dict[str, str]:
    """Import the files; the saved catalogues' slugs by name."""
    response = accept(client, system, *names)
    assert response.status_code == 201, response.json()
    return {c["name"]: c["slug"] for c in response.json()["catalogues"]}


def make_roster(client, system: str, faction: str, units: list[dict], limit: int) -> dict:
    body = {
        "name": f"{faction} list",
        "system": system,
        "faction": faction,
        "points_limit": limit,
        "units": units,
    }
    response = client.post("/api/v1/rosters/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


EMBER_UNITS = [
    {"unit": "cinder-spears", "size": 20, "options": ["banner", "greataxes"], "name": "Ash Wall"},
    {"unit": "ash-riders", "size": 10},
    {"unit": "forge-warden"},
    {"unit": "ember-crossbow-engine"},
]


@pytest.fixture
def ember(owner_client, catalogues) -> dict:
    slug = imported(owner_client, "massbattle", MASSBATTLE)["Emberhold"]
    return make_roster(owner_client, "massbattle", slug, EMBER_UNITS, 2000)


def same_list(roster: dict) -> list[tuple]:
    return [
        (u["unit"], u["size"], sorted(u["options"]), u.get("name") or "") for u in roster["units"]
    ]


@pytest.mark.parametrize("fmt", ["ros", "rosz"])
def test_exported_roster_imports_back_as_the_same_roster_and_validation(owner_client, ember, fmt):
    exported = owner_client.get(EXPORT.format(ember["id"]), {"format": fmt})
    assert exported.status_code == 200
    name = exported["Content-Disposition"].split('"')[1]
    assert name.endswith(f".{fmt}")
    if fmt == "ros":
        root = parse_xml(exported.content, file=name)
        assert root.tag == "roster"
        assert root.namespace == "http://www.battlescribe.net/schema/rosterSchema"
    back = post_files(
        owner_client, IMPORT, "massbattle", uploads((name, exported.content)), key="file"
    )
    assert back.status_code == 201, back.json()
    again = back.json()
    assert again["unknown"] == []
    assert same_list(again) == same_list(ember)
    assert again["faction"] == ember["faction"]
    assert again["points_limit"] == ember["points_limit"]
    assert again["validation"] == ember["validation"]


def test_unknown_selections_are_listed_not_dropped(owner_client, ember):
    exported = owner_client.get(EXPORT.format(ember["id"])).content
    extra = (
        b'<selection id="x1" name="Phantom Knights" entryId="er-phantom" number="1" '
        b'type="unit"/></selections></force>'
    )
    changed = exported.replace(b"</selections></force>", extra, 1)
    back = post_files(
        owner_client, IMPORT, "massbattle", uploads(("list.ros", changed)), key="file"
    )
    assert back.status_code == 201, back.json()
    [unknown] = back.json()["unknown"]
    assert unknown["entryId"] == "er-phantom"
    assert unknown["reason"] == "no such unit"
    assert len(back.json()["units"]) == len(ember["units"])


def test_a_roster_of_another_users_private_catalogue_is_refused(ember, stranger_client):
    from tests.api.conftest import make_user, token_client

    owner = token_client(make_user("reader"))
    exported = owner.get(EXPORT.format(ember["id"]))
    assert exported.status_code == 404
    ros = (
        b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r"><forces>'
        b'<force id="f" catalogueId="er-emberhold"><selections/></force></forces></roster>'
    )
    back = post_files(stranger_client, IMPORT, "massbattle", uploads(("l.ros", ros)), key="file")
    assert back.status_code == 400
    assert back.json()["error"]["code"] == "battlescribe.catalogue_unknown"


def test_a_battle_between_two_rosters_of_imported_catalogues(
    owner_client, ember, django_capture_on_commit_callbacks
):
    second = make_roster(owner_client, "massbattle", ember["faction"], EMBER_UNITS[:3], 2000)
    assert ember["validation"]["legal"], ember["validation"]
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post(
            "/api/v1/battles/",
            {"rosters": [ember["id"], second["id"]], "seed": 11},
            format="json",
        )
    assert battle.status_code == 202, battle.json()
    assert owner_client.get(battle.json()["url"]).json()["status"] == "resolved"


def test_a_skirmish_simulation_between_two_imported_warbands(
    owner_client, catalogues, django_capture_on_commit_callbacks
):
    slugs = imported(owner_client, "skirmish", SKIRMISH)
    lamps = make_roster(
        owner_client,
        "skirmish",
        slugs["Lamplighters"],
        [
            {"unit": "lamp-captain", "options": ["sword"]},
            {"unit": "wick-sworn", "options": ["axe"]},
            {"unit": "wick-guards", "size": 3, "options": ["club"]},
        ],
        500,
    )
    rats = make_roster(
        owner_client,
        "skirmish",
        slugs["Rat-catchers"],
        [
            {"unit": "rat-warden", "options": ["bow"]},
            {"unit": "trap-setter"},
            {"unit": "sewer-hounds", "size": 4},
        ],
        500,
    )
    assert lamps["validation"]["legal"], lamps["validation"]
    assert rats["validation"]["legal"], rats["validation"]
    with django_capture_on_commit_callbacks(execute=True):
        simulation = owner_client.post(
            "/api/v1/simulations/",
            {"rosters": [lamps["id"], rats["id"]], "runs": 6, "seed": 5},
            format="json",
        )
    assert simulation.status_code == 202, simulation.json()
    detail = owner_client.get(simulation.json()["url"]).json()
    assert detail["status"] == "resolved"
    odds = detail["result"]["odds"]
    assert sum(odds[k]["count"] for k in ("win", "draw", "loss")) == 6


def test_an_imported_grimdark_force_is_legal_and_plays(
    owner_client, catalogues, django_capture_on_commit_callbacks
):
    slug = imported(owner_client, "grimdark", GRIMDARK)["Star Wardens"]
    units = [
        {"unit": "star-captain", "options": ["power-sword"]},
        {"unit": "star-squad", "size": 10, "options": ["flame-caster"]},
        {"unit": "star-squad", "size": 5},
    ]
    one = make_roster(owner_client, "grimdark", slug, units, 1500)
    two = make_roster(owner_client, "grimdark", slug, units, 1500)
    assert one["validation"]["legal"], one["validation"]
    assert one["points"] == 90 + 15 + 150 + 6 + 75
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post(
            "/api/v1/battles/", {"rosters": [one["id"], two["id"]], "seed": 3}, format="json"
        )
    assert battle.status_code == 202, battle.json()
    assert owner_client.get(battle.json()["url"]).json()["status"] == "resolved"


def test_a_roster_of_a_sample_catalogue_round_trips_too(owner_client, roster):
    mine = owner_client.get(f"/api/v1/rosters/{roster.pk}/").json()
    exported = owner_client.get(EXPORT.format(roster.pk))
    assert exported.status_code == 200
    assert b'catalogueId="muster:iron-wardens"' in exported.content
    back = post_files(
        owner_client, IMPORT, "grimdark", uploads(("list.ros", exported.content)), key="file"
    )
    assert back.status_code == 201, back.json()
    assert back.json()["unknown"] == []
    assert same_list(back.json()) == same_list(mine)
    assert back.json()["validation"] == mine["validation"]
