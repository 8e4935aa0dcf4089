"""``POST /api/v1/calc/attacks/`` with ``"system": "massbattle"``: exact odds end to end
(seed 003 §6 shooting, §7 melee, §8 nerve)."""

import pytest

pytestmark = pytest.mark.django_db

# A horde of spearmen charging a regiment in the flank: Me 4+, At 10, Crushing Strength 1,
# against De 4+ with 3 damage already on it, Ne 14 and a banner.
FLANK_CHARGE = {
    "system": "massbattle",
    "kind": "melee",
    "attacks": 10,
    "to_hit": 4,
    "defence": 4,
    "facing": "flank",
    "crushing_strength": 1,
    "target": {"damage": 3, "nerve": 14, "banner": True},
}


def post(client, body):
    return client.post("/api/v1/calc/attacks/", body, format="json")


def test_massbattle_melee_odds_answer_distributions_and_nerve(api_client):
    response = post(api_client, FLANK_CHARGE)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["system"] == "massbattle"
    # seed 003 §7: a flank charge doubles the attacks; Me 4+ hits half of 20 dice
    assert body["needs"]["dice"] == 20
    assert body["needs"]["hit_on"] == 4
    assert body["expected"]["hits"] == pytest.approx(10.0, abs=1e-6)
    # seed 003 §10: Crushing Strength (1) damages De 4+ on 3+: 10 hits × 2/3
    assert body["needs"]["damage_on"] == 3
    assert body["expected"]["damage"] == pytest.approx(20 / 3, abs=1e-6)
    assert sum(body["distributions"]["damage"]) == pytest.approx(1.0, abs=1e-9)
    # seed 003 §8: every outcome of the nerve test sums to one
    assert sum(body["outcomes"].values()) == pytest.approx(1.0, abs=1e-9)
    assert body["outcomes"]["routed"] > 0


def test_massbattle_ranged_attack_with_modifiers_halves_the_dice_past_six(api_client):
    body = post(
        api_client,
        {
            "system": "massbattle",
            "kind": "ranged",
            "attacks": 10,
            "to_hit": 5,
            "modifiers": 2,
            "defence": 4,
            "piercing": 1,
        },
    ).json()
    # seed 003 §6: 5+ with −2 needs 7: half the dice (5), hitting on 6s
    assert (body["needs"]["dice"], body["needs"]["hit_on"]) == (5, 6)


def test_massbattle_bad_field_is_named(api_client):
    response = post(api_client, {**FLANK_CHARGE, "facing": "sideways"})
    assert response.status_code == 400
    assert "facing" in response.json()["error"]["fields"]
    missing = post(api_client, {k: v for k, v in FLANK_CHARGE.items() if k != "defence"})
    assert missing.status_code == 400
    assert "defence" in missing.json()["error"]["fields"]
