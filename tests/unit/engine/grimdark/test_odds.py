"""The exact odds endpoint function (rules/engine/systems/grimdark/odds.py)."""

import pytest

from rules.engine.systems.base import EngineError
from rules.engine.systems.grimdark.odds import attack_odds


def request(**changes):
    base = {
        "mode": "shooting",
        "attacks": 10,
        "skill": 4,
        "strength": 4,
        "ap": 5,
        "rules": [],
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
    target = changes.pop("target", {})
    base.update(changes)
    base["target"] = {**base["target"], **target}
    return base


def test_bolters_against_power_armour():  # seed 000 [22][23][24]: 3+, 4+, 3+ save
    out = attack_odds(request())
    assert out["expected"]["hits"] == pytest.approx(10 * 2 / 3)
    assert out["expected"]["wounds"] == pytest.approx(10 / 3)
    assert out["expected"]["unsaved_wounds"] == pytest.approx(10 / 9)
    assert out["expected"]["models_slain"] == pytest.approx(10 / 9)
    assert sum(out["distribution"]["unsaved_wounds"]) == pytest.approx(1.0)
    assert len(out["distribution"]["hits"]) == 11


def test_twin_linked_rerolls_misses():  # seed 000 [30]
    out = attack_odds(request(rules=["twin_linked"]))
    assert out["expected"]["hits"] == pytest.approx(10 * (2 / 3 + 1 / 3 * 2 / 3))


def test_sniper_hits_on_two_and_wounds_on_four():  # seed 000 [32]
    out = attack_odds(
        request(rules=["sniper"], strength=None, skill=1, target={"toughness": 8, "save": None})
    )
    assert out["needs"]["to_hit"] == 2
    assert out["needs"]["to_wound"] == 4
    assert out["expected"]["unsaved_wounds"] == pytest.approx(10 * 5 / 6 / 2)


def test_rending_sixes_ignore_armour():  # seed 000 [32]
    plain = attack_odds(request(strength=3, ap=None, target={"toughness": 8, "save": 2}))
    rend = attack_odds(
        request(strength=3, ap=None, rules=["rending"], target={"toughness": 8, "save": 2})
    )
    assert plain["expected"]["wounds"] == 0
    assert rend["expected"]["unsaved_wounds"] == pytest.approx(10 / 6)


def test_cover_and_invulnerable_pick_the_best_save():  # seed 000 [25]
    out = attack_odds(request(strength=5, ap=2, target={"save": 3, "cover": 4, "invulnerable": 5}))
    assert out["needs"]["save"] == 4


def test_close_combat_uses_weapon_skill_and_ignores_cover():  # seed 000 [40][41]
    out = attack_odds(
        request(
            mode="close_combat",
            ap=None,
            skill=4,
            target={"weapon_skill": 9, "cover": 2, "save": None},
        )
    )
    assert out["needs"]["to_hit"] == 5
    assert out["needs"]["save"] is None


def test_power_fist_doubles_strength_and_instant_death():  # seed 000 [27][46]
    out = attack_odds(
        request(
            mode="close_combat",
            ap=None,
            rules=["power_fist"],
            attacks=3,
            target={"toughness": 4, "wounds": 3, "models": 1, "save": 2},
        )
    )
    assert out["needs"]["to_wound"] == 2
    assert out["needs"]["instant_death"]
    assert out["needs"]["save"] is None


def test_multi_wound_models_need_all_their_wounds():  # seed 000 [26]
    out = attack_odds(
        request(strength=10, ap=1, attacks=2, target={"toughness": 6, "wounds": 2, "models": 5})
    )
    slain = out["distribution"]["models_slain"]
    assert len(slain) == 2  # two wounds can kill at most one W2 model (no ID at T6)


def test_heavy_ccw_limits_the_save_to_four_plus():  # seed 000 [46]
    out = attack_odds(
        request(mode="close_combat", ap=None, rules=["heavy_ccw"], target={"save": 2})
    )
    assert out["needs"]["save"] == 4


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"mode": "melee"}, "odds.mode"),
        ({"attacks": -1}, "odds.attacks"),
        ({"attacks": "ten"}, "odds.attacks"),
        ({"skill": 11}, "odds.skill"),
        ({"strength": None}, "odds.strength"),
        ({"ap": 9}, "odds.ap"),
        ({"rules": ["lasers"]}, "odds.rules"),
        ({"target": {"toughness": 0}}, "odds.target.toughness"),
        ({"target": {"save": 1}}, "odds.target.save"),
        ({"target": {"wounds": 0}}, "odds.target.wounds"),
    ],
)
def test_bad_input_names_the_field(change, code):
    with pytest.raises(EngineError) as err:
        attack_odds(request(**change))
    assert err.value.code == code


def test_target_must_be_an_object():
    with pytest.raises(EngineError) as err:
        attack_odds({"mode": "shooting", "attacks": 1, "skill": 4, "strength": 4, "target": None})
    assert err.value.code == "odds.target"
