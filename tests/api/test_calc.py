"""``POST /api/v1/calc/attacks/``: exact odds by system, bounded input, EngineError → 400."""

import pytest

pytestmark = pytest.mark.django_db

GRIMDARK = {
    "system": "grimdark",
    "mode": "shooting",
    "attacks": 10,
    "skill": 4,
    "strength": 4,
    "ap": 5,
    "rules": ["twin_linked"],
    "target": {
        "toughness": 4,
        "save": 3,
        "invulnerable": None,
        "cover": None,
        "wounds": 1,
        "models": 10,
        "weapon_skill": 4,
    },
}


def post(client, body):
    return client.post("/api/v1/calc/attacks/", body, format="json")


def test_grimdark_odds_answer_expected_values_and_distributions(api_client):
    """The shared result shape: expected, distributions, outcomes, needs, detail."""
    response = post(api_client, GRIMDARK)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["system"] == "grimdark"
    assert set(body) == {"system", "expected", "distributions", "outcomes", "needs", "detail"}
    # seed 000 [22]: BS4 hits on 3+, twin-linked re-rolls misses: 10 × (1 − (1/3)²) = 8.89
    assert body["expected"]["hits"] == pytest.approx(80 / 9, abs=1e-4)
    # S4 v T4 wounds on 4+: half the hits
    assert body["expected"]["wounds"] == pytest.approx(40 / 9, abs=1e-4)
    # AP5 does not beat a 3+ save: one wound in three goes through
    assert body["expected"]["unsaved_wounds"] == pytest.approx(40 / 27, abs=1e-4)
    assert set(body["expected"]) >= {"hits", "wounds", "unsaved_wounds", "models_slain"}
    assert body["needs"] == {"to_hit": 3, "to_wound": 4, "save": 3, "instant_death": False}
    distribution = body["distributions"]
    assert sum(distribution["unsaved_wounds"]) == pytest.approx(1.0)
    assert sum(distribution["models_slain"]) == pytest.approx(1.0)
    assert len(distribution["unsaved_wounds"]) == 11


def test_signed_in_clients_may_call_the_calculator(owner_client):
    assert post(owner_client, GRIMDARK).status_code == 200


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"attacks": 10**6}, "attacks"),
        ({"attacks": -1}, "attacks"),
        ({"attacks": "many"}, "attacks"),
        ({"skill": 11}, "skill"),
        ({"mode": "artillery"}, "mode"),
        ({"target": {"toughness": 0}}, "target.toughness"),
        ({"target": "tough"}, "target"),
        ({"rules": "twin_linked"}, "rules"),
    ],
)
def test_grimdark_bad_input_answers_400_with_the_field(api_client, change, field):
    response = post(api_client, {**GRIMDARK, **change})
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert field in error["fields"], error


def test_engine_error_maps_to_400_with_its_field(api_client):
    response = post(api_client, {**GRIMDARK, "rules": ["not_a_rule"]})
    assert response.status_code == 400
    error = response.json()["error"]
    assert "rules" in error["fields"]
    assert "not_a_rule" in error["message"]


def test_unknown_system_answers_400(api_client):
    response = post(api_client, {**GRIMDARK, "system": "chess"})
    assert response.status_code == 400
    assert "system" in response.json()["error"]["fields"]


def test_skirmish_odds_dispatch_to_its_calculator(api_client):
    body = {
        "system": "skirmish",
        "mode": "close_combat",
        "attacker": {"WS": 4, "S": 3, "A": 1, "weapons": ["sword"]},
        "target": {"WS": 3, "S": 3, "T": 3, "W": 1},
    }
    response = post(api_client, body)
    assert response.status_code == 200, response.content
    body = response.json()
    assert sum(body["outcomes"].values()) == pytest.approx(1.0)
    assert body["detail"]["mode"] == "close_combat"
    assert body["detail"]["strikes"][0]["weapon"] == "sword"


def test_skirmish_engine_error_names_the_field(api_client):
    body = {"system": "skirmish", "mode": "close_combat", "attacker": {"S": 3}, "target": {}}
    response = post(api_client, body)
    assert response.status_code == 400
    assert "attacker.WS" in response.json()["error"]["fields"]


def test_declared_bounds_refuse_absurd_numbers(api_client):
    body = {"system": "hextactical", "skill": 10**6, "damage": "2d", "damage_type": "cr"}
    response = post(api_client, body)
    assert response.status_code == 400
    assert "skill" in response.json()["error"]["fields"]


def test_hextactical_odds(api_client):
    body = {
        "system": "hextactical",
        "skill": 12,
        "defence": 10,
        "damage": "2d+1",
        "damage_type": "cut",
        "dr": 2,
    }
    response = post(api_client, body)
    assert response.status_code == 200, response.content
    body = response.json()
    assert 0 < body["outcomes"]["hit"] < 1
    assert sum(body["outcomes"].values()) == pytest.approx(1.0)
    assert sum(body["distributions"]["injury"]) == pytest.approx(1.0)
    assert body["expected"]["injury"] > 0
    assert body["needs"]["effective_skill"] == 12


def test_a_system_without_a_calculator_answers_400(api_client):
    """Only systems whose odds capability exists are offered (coinflip has none)."""
    response = post(api_client, {"system": "coinflip"})
    assert response.status_code == 400
    assert "system" in response.json()["error"]["fields"]


@pytest.mark.parametrize("dice", ["-3d", "99999999d"])
def test_hextactical_damage_dice_are_bounded(api_client, dice):
    # GURPS 4e Basic Set p.B15: a positive number of dice; the calculator reads at most 100d
    body = {"system": "hextactical", "skill": 12, "damage": dice, "damage_type": "cr"}
    response = post(api_client, body)
    assert response.status_code == 400
    assert "damage" in response.json()["error"]["fields"]
