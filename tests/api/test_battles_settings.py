"""Engine settings through ``/api/v1/battles/``, ``/simulations/`` and ``/systems/``
(issue 14: house rules passed per battle, stored with it, shown and replayed with it).

Skirmish seed 8 between the sample pair is a battle that ``leftover_attacks`` changes: with
"lost" a model's remaining attacks on a target are lost once one causes an injury roll
(seed 001 "Attacking stunned and knocked down warriors"), and the report differs from the default
"rolled" one.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from rules.engine.systems import get_system
from rules.models import Battle

pytestmark = pytest.mark.django_db

SYSTEM = "skirmish"
HOUSE_RULE = {"leftover_attacks": "lost"}


@pytest.fixture
def sample_rosters(owner, catalogues):
    return [
        roster_import(owner=owner, data=load_sample_roster(SYSTEM, name))
        for name in ("night-watch", "marsh-raiders")
    ]


def post(client, path, rosters, capture, **extra):
    with capture(execute=True):
        return client.post(path, {"rosters": [r.pk for r in rosters], **extra}, format="json")


def test_a_battle_is_played_with_its_settings_and_shows_them(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    plain = post(
        owner_client, "/api/v1/battles/", sample_rosters, django_capture_on_commit_callbacks, seed=8
    ).json()
    ruled = post(
        owner_client,
        "/api/v1/battles/",
        sample_rosters,
        django_capture_on_commit_callbacks,
        seed=8,
        settings=HOUSE_RULE,
    ).json()
    plain, ruled = (owner_client.get(b["url"]).json() for b in (plain, ruled))
    assert plain["status"] == ruled["status"] == "resolved"
    assert plain["report_hash"] != ruled["report_hash"]
    defaults = get_system(SYSTEM).settings_type().to_dict()
    assert plain["settings"] == defaults
    assert ruled["settings"] == {**defaults, **HOUSE_RULE}
    assert Battle.objects.get(pk=ruled["id"]).settings == HOUSE_RULE


def test_a_replay_uses_the_stored_settings(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    battle = post(
        owner_client,
        "/api/v1/battles/",
        sample_rosters,
        django_capture_on_commit_callbacks,
        seed=8,
        settings=HOUSE_RULE,
    ).json()
    replay = owner_client.post(f"{battle['url']}replay/").json()
    assert replay["identical"] is True


def test_the_effective_settings_ask_for_the_same_battle_again(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    first = post(
        owner_client,
        "/api/v1/battles/",
        sample_rosters,
        django_capture_on_commit_callbacks,
        seed=8,
        settings=HOUSE_RULE,
    ).json()
    shown = owner_client.get(first["url"]).json()
    again = post(
        owner_client,
        "/api/v1/battles/",
        sample_rosters,
        django_capture_on_commit_callbacks,
        seed=8,
        settings=shown["settings"],
    ).json()
    assert owner_client.get(again["url"]).json()["report_hash"] == shown["report_hash"]


@pytest.mark.parametrize(
    ("chosen", "code", "field"),
    [
        ({"no_such_rule": True}, "settings.unknown", "settings.no_such_rule"),
        ({"leftover_attacks": "sometimes"}, "settings.invalid", "settings.leftover_attacks"),
        ({"henchman_dead_max": "two"}, "settings.invalid", "settings.henchman_dead_max"),
        (
            {"fists_give_unarmoured_save": 1},
            "settings.invalid",
            "settings.fists_give_unarmoured_save",
        ),
    ],
)
@pytest.mark.parametrize("path", ["/api/v1/battles/", "/api/v1/simulations/"])
def test_bad_settings_are_a_400_naming_the_setting(
    owner_client, sample_rosters, chosen, code, field, path
):
    response = owner_client.post(
        path,
        {"rosters": [r.pk for r in sample_rosters], "runs": 2, "settings": chosen},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert field in error["fields"]
    assert not Battle.objects.exists()


def test_settings_that_are_not_an_object_are_a_400(owner_client, sample_rosters):
    response = owner_client.post(
        "/api/v1/battles/",
        {"rosters": [r.pk for r in sample_rosters], "settings": ["lost"]},
        format="json",
    )
    assert response.status_code == 400
    assert "settings" in response.json()["error"]["fields"]


def test_a_simulation_stores_and_plays_its_settings(
    owner_client, sample_rosters, django_capture_on_commit_callbacks
):
    bodies = [
        post(
            owner_client,
            "/api/v1/simulations/",
            sample_rosters,
            django_capture_on_commit_callbacks,
            runs=6,
            seed=8,
            **extra,
        ).json()
        for extra in ({}, {"settings": HOUSE_RULE})
    ]
    plain, ruled = (owner_client.get(b["url"]).json() for b in bodies)
    assert ruled["settings"]["leftover_attacks"] == "lost"
    assert plain["settings"]["leftover_attacks"] == "rolled"
    assert plain["status"] == ruled["status"] == "resolved"
    assert plain["result"] != ruled["result"]


def test_each_system_lists_its_settings_with_defaults_choices_and_reasons(api_client, catalogues):
    body = api_client.get(f"/api/v1/systems/{SYSTEM}/").json()
    settings = {s["name"]: s for s in body["settings"]}
    assert settings["leftover_attacks"]["default"] == "rolled"
    assert settings["leftover_attacks"]["choices"] == ["rolled", "lost"]
    assert settings["leftover_attacks"]["type"] == "string"
    assert "injury roll" in settings["leftover_attacks"]["reason"]
    listed = api_client.get("/api/v1/systems/").json()["results"]
    assert all(system["settings"] for system in listed)
