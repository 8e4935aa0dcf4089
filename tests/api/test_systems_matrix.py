"""Every game system through every API layer: import both sample rosters, check they are
legal, fight a battle, replay it, simulate ten runs, and ask the exact-odds calculator.

Tasks run eagerly in the test settings, so a battle or simulation is resolved when its
transaction commits (``django_capture_on_commit_callbacks(execute=True)``).
"""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import

pytestmark = pytest.mark.django_db

SAMPLES: dict[str, tuple[str, str]] = {
    "grimdark": ("iron-wardens-strike-force", "chitin-host-swarm"),
    "skirmish": ("night-watch", "marsh-raiders"),
    "massbattle": ("dawnguard-vanguard", "gravemire-tide"),
    "hextactical": ("thornwall-patrol", "saltmarsh-raid"),
}
SYSTEMS = tuple(SAMPLES)
# Systems whose units are individual fighters: each outcome carries per-fighter detail.
FIGHTER_SYSTEMS = ("skirmish", "hextactical")
FIGHTER_KEYS = {"id", "name", "status"}


def import_samples(owner, system: str) -> list:
    return [
        roster_import(owner=owner, data=load_sample_roster(system, name))
        for name in SAMPLES[system]
    ]


def post(client, url: str, body: dict[str, Any], capture) -> Any:
    with capture(execute=True):
        return client.post(url, body, format="json")


@pytest.mark.parametrize("system", SYSTEMS)
def test_both_sample_rosters_import_as_legal_lists(owner_client, owner, catalogues, system):
    for roster in import_samples(owner, system):
        body = owner_client.get(f"/api/v1/rosters/{roster.pk}/").json()
        assert body["system"] == system
        assert body["validation"]["legal"] is True, body["validation"]["errors"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_battle_resolves_with_positions_outcomes_and_a_log_and_replays_identically(
    owner_client, owner, catalogues, django_capture_on_commit_callbacks, system
):
    rosters = import_samples(owner, system)
    response = post(
        owner_client,
        "/api/v1/battles/",
        {"rosters": [r.pk for r in rosters], "seed": 11},
        django_capture_on_commit_callbacks,
    )
    assert response.status_code == 202, response.content
    battle = owner_client.get(response.json()["url"]).json()
    assert battle["status"] == "resolved", battle["failure_reason"]
    assert battle["system"] == system
    assert battle["winner"] in ("a", "b", "")
    report = battle["report"]
    assert report["turns_played"] >= 2
    assert len(report["positions"]) >= 3  # deployment plus at least two turn ends
    for turn in report["positions"][:3]:
        assert {p["side"] for p in turn} == {"a", "b"}
    assert set(report["scores"]) == {"a", "b"}

    units = report["units"]
    assert {u["side"] for u in units} == {"a", "b"}
    assert all(u["status"] and u["models_start"] >= 1 for u in units)
    if system in FIGHTER_SYSTEMS:
        fighters = [f for u in units for f in u["fighters"]]
        assert fighters
        assert all(set(f) >= FIGHTER_KEYS for f in fighters)

    log = owner_client.get(f"{battle['log_url']}?page_size=5").json()
    assert log["count"] > 0
    assert log["results"][0]["text"]

    replay = owner_client.post(f"{battle['url']}replay/").json()
    assert replay["identical"] is True
    assert replay["report_hash"] == battle["report_hash"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_ten_run_simulation_resolves_with_every_run_counted(
    owner_client, owner, catalogues, django_capture_on_commit_callbacks, system
):
    rosters = import_samples(owner, system)
    response = post(
        owner_client,
        "/api/v1/simulations/",
        {"rosters": [r.pk for r in rosters], "runs": 10, "seed": 21},
        django_capture_on_commit_callbacks,
    )
    assert response.status_code == 202, response.content
    detail = owner_client.get(response.json()["url"]).json()
    assert detail["status"] == "resolved", detail["failure_reason"]
    assert detail["progress"] == 100
    odds = detail["result"]["odds"]
    assert sum(odds[k]["count"] for k in ("win", "draw", "loss")) == 10


# --- exact odds ----------------------------------------------------------------------------

GRIMDARK_ONE_SHOT = {
    "system": "grimdark",
    "mode": "shooting",
    "attacks": 1,
    "skill": 4,
    "strength": 4,
    "ap": None,
    "rules": [],
    "target": {"toughness": 4, "save": None, "wounds": 1, "models": 1},
}
SKIRMISH_ONE_BLOW = {
    "system": "skirmish",
    "mode": "close_combat",
    "attacker": {"WS": 4, "S": 3, "A": 1, "weapons": ["axe"]},
    "target": {"WS": 3, "S": 3, "T": 3, "W": 1},
}
MASSBATTLE_ONE_DIE = {
    "system": "massbattle",
    "kind": "melee",
    "attacks": 1,
    "to_hit": 4,
    "defence": 4,
    "target": {"damage": 0, "nerve": 20},
}
HEXTACTICAL_ONE_SWING = {
    "system": "hextactical",
    "skill": 10,
    "defence": None,
    "damage": "1d",
    "damage_type": "cr",
    "dr": 0,
    "critical_hits": False,
}


def calc(client, body: dict[str, Any]):
    return client.post("/api/v1/calc/attacks/", body, format="json")


def test_grimdark_one_bs4_s4_shot_at_t4_without_save_slays_one_in_three(api_client):
    response = calc(api_client, GRIMDARK_ONE_SHOT)
    assert response.status_code == 200, response.content
    body = response.json()
    # seed 000 [22]: BS4 hits on 3+ (2/3); [23]: S4 v T4 wounds on 4+ (1/2); no save
    assert body["distributions"]["hits"][1] == pytest.approx(2 / 3, abs=1e-6)
    assert body["expected"]["wounds"] == pytest.approx(1 / 3, abs=1e-5)
    assert body["distributions"]["models_slain"] == pytest.approx([2 / 3, 1 / 3], abs=1e-6)


def test_grimdark_bs3_shot_is_half_times_half(api_client):
    response = calc(api_client, {**GRIMDARK_ONE_SHOT, "skill": 3})
    # seed 000 [22]: BS3 hits on 4+ (1/2); [23]: S4 v T4 wounds on 4+ (1/2)
    assert response.json()["expected"]["unsaved_wounds"] == pytest.approx(1 / 4, abs=1e-5)


def test_skirmish_ws4_blow_at_ws3_t3_leaves_the_target_unharmed_two_times_in_three(api_client):
    response = calc(api_client, SKIRMISH_ONE_BLOW)
    assert response.status_code == 200, response.content
    body = response.json()
    # seed 001 §4: WS4 v WS3 hits on 3+ (2/3); §7: S3 v T3 wounds on 4+ (1/2); no armour,
    # no parry (an axe cannot parry): unharmed = 1 − 2/3 × 1/2; one wound on W1 rolls injury.
    outcomes = body["outcomes"]
    assert body["detail"]["strikes"][0]["hit_need"] == 3
    assert body["detail"]["strikes"][0]["wound_need"] == 4
    assert outcomes["unharmed"] == pytest.approx(2 / 3, abs=1e-9)
    assert outcomes["wounded"] == pytest.approx(0.0, abs=1e-12)
    down = outcomes["knocked_down"] + outcomes["stunned"] + outcomes["out_of_action"]
    assert down == pytest.approx(1 / 3, abs=1e-9)


def test_massbattle_one_me4_die_at_de4_deals_damage_one_time_in_four(api_client):
    response = calc(api_client, MASSBATTLE_ONE_DIE)
    assert response.status_code == 200, response.content
    body = response.json()
    # seed 003 §7: one die hits on Me 4+ (1/2), then damages on De 4+ (1/2)
    assert (body["needs"]["hit_on"], body["needs"]["damage_on"]) == (4, 4)
    assert body["distributions"]["hits"] == pytest.approx([1 / 2, 1 / 2])
    assert body["distributions"]["damage"] == pytest.approx([3 / 4, 1 / 4])
    # seed 003 §8: with Nerve 20 one point of damage can never waver or rout the target
    assert body["outcomes"]["steady"] == pytest.approx(1.0)


def test_massbattle_flank_melee_doubles_the_dice(api_client):
    response = calc(api_client, {**MASSBATTLE_ONE_DIE, "facing": "flank"})
    # seed 003 §7: attacks on a flank are doubled
    assert response.json()["needs"]["dice"] == 2
    assert response.json()["expected"]["damage"] == pytest.approx(0.5)


def test_hextactical_skill_10_attack_without_defence_lands_half_the_time(api_client):
    response = calc(api_client, HEXTACTICAL_ONE_SWING)
    assert response.status_code == 200, response.content
    body = response.json()
    # NOT IN SEED: GURPS 4e — 3d6 ≤ 10 is 108/216 = 1/2; 1d crushing vs DR 0 injures 1–6 evenly
    assert body["detail"]["exact"]["p_hit"] == "1/2"
    assert body["outcomes"]["hit"] == pytest.approx(1 / 2)
    injury = body["distributions"]["injury"]
    assert injury[0] == pytest.approx(1 / 2)
    assert injury[1:] == pytest.approx([1 / 12] * 6)
    assert body["expected"]["injury"] == pytest.approx(1.75)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**GRIMDARK_ONE_SHOT, "strength": 11}, "strength"),
        ({**SKIRMISH_ONE_BLOW, "attacker": {"WS": 11, "S": 3, "A": 1}}, "attacker.WS"),
        ({**MASSBATTLE_ONE_DIE, "defence": 0}, "defence"),
        ({**HEXTACTICAL_ONE_SWING, "damage_type": "laser"}, "damage_type"),
    ],
    ids=SYSTEMS,
)
def test_a_bad_field_answers_400_naming_it(api_client, body, field):
    response = calc(api_client, body)
    assert response.status_code == 400, response.content
    assert field in response.json()["error"]["fields"], response.json()
