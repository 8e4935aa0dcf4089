"""The exact odds endpoint function (rules/engine/systems/grimdark/odds.py)."""

from fractions import Fraction

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


# --- issue 18 item 9: every rule parameter is checked, or has the rule's real effect -------


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"rules": ["poisoned(1)"], "strength": None}, "odds.rules"),  # a 1 always fails
        ({"rules": ["poisoned(7)"], "strength": None}, "odds.rules"),  # would never wound
        ({"rules": ["poisoned(0)"], "strength": None}, "odds.rules"),  # was played as 4+
        ({"rules": ["poisoned(" + "9" * 5000 + ")"]}, "odds.rules"),  # no int() of it
        ({"rules": ["rending(3)"]}, "odds.rules"),  # only poisoned takes a number
        ({"rules": ["rending", "rending"]}, "odds.rules"),
        ({"rules": ["poisoned(2)", "poisoned(3)"], "strength": None}, "odds.rules"),
        ({"rules": ["rending\n"]}, "odds.rules"),
        ({"rules": [4]}, "odds.rules"),
        ({"rules": "rending"}, "odds.rules"),
        ({"mode": "close_combat", "ap": None, "rules": ["sniper"]}, "odds.rules"),
        ({"mode": "close_combat", "ap": None, "rules": ["twin_linked"]}, "odds.rules"),
        ({"mode": "close_combat", "ap": None, "rules": ["template"]}, "odds.rules"),
        ({"mode": "close_combat", "ap": 2}, "odds.ap"),
        ({"rules": ["witchblade"], "strength": 0}, "odds.rules"),
        ({"rules": ["witchblade"], "strength": None}, "odds.rules"),
        ({"strength": 0}, "odds.strength"),
        ({"rules": ["sniper"], "strength": 0}, "odds.strength"),
        (
            {"mode": "close_combat", "ap": None, "rules": ["power_fist", "lightning_claws"]},
            "odds.rules",
        ),
        ({"attacks": 10**9}, "odds.attacks"),
        ({"attacks": 4.0}, "odds.attacks"),
        ({"attacks": True}, "odds.attacks"),
        ({"skill": 0, "mode": "close_combat", "ap": None}, "odds.skill"),
        ({"ap": 0}, "odds.ap"),
        ({"ap": 7}, "odds.ap"),
        ({"target": {"toughness": 11}}, "odds.target.toughness"),
        ({"target": {"save": 8}}, "odds.target.save"),
        ({"target": {"invulnerable": 7}}, "odds.target.invulnerable"),
        ({"target": {"cover": 1}}, "odds.target.cover"),
        ({"target": {"models": 10**9}}, "odds.target.models"),
        ({"target": {"weapon_skill": 0}}, "odds.target.weapon_skill"),
    ],
)
def test_item_9_bad_parameters_are_refused_naming_the_field(change, code):
    with pytest.raises(EngineError) as err:
        attack_odds(request(**change))
    assert err.value.code == code


@pytest.mark.parametrize("n", range(2, 7))
def test_poisoned_n_wounds_on_n_plus_whatever_the_toughness(n):
    # seed 000 [46]: poisoned(N) wounds on N+; 10 shots, BS4 hits 2/3, no save
    out = attack_odds(request(strength=None, rules=[f"poisoned({n})"], target={"save": None}))
    assert out["needs"]["to_wound"] == n
    assert out["expected_exact"]["wounds"] == str(Fraction(10 * 2 * (7 - n), 3 * 6))


def test_poisoned_without_a_number_wounds_on_four_plus():
    assert attack_odds(request(strength=None, rules=["poisoned"]))["needs"]["to_wound"] == 4


def test_witchblade_wounds_on_two_even_when_poisoned_as_in_a_battle():
    # assault.melee_attack: a witchblade's 2+ replaces the weapon's poison
    out = attack_odds(
        request(mode="close_combat", ap=None, strength=None, rules=["poisoned(4)", "witchblade"])
    )
    assert out["needs"]["to_wound"] == 2


def test_template_rending_is_exactly_a_plain_template():
    # seed 000 [31][32]: no to-hit roll, so no to-hit 6 to rend; 10 auto hits, S4 v T4 4+
    # wounds, a 3+ save: 10 × 1/2 × 1/3, no armour-ignoring wound among them
    out = attack_odds(request(rules=["template", "rending"], ap=None))
    assert out["needs"]["to_hit"] is None
    assert out["expected_exact"]["hits"] == "10"
    assert out["expected_exact"]["unsaved_wounds"] == "5/3"


@pytest.mark.parametrize(
    "change",
    [
        {"rules": ["twin_linked"]},
        {"rules": ["rending"], "attacks": 200, "target": {"wounds": 3, "models": 200}},
        {"mode": "close_combat", "ap": None, "rules": ["lightning_claws", "preferred_enemy"]},
    ],
)
def test_expected_is_the_exact_mean_rounded_half_to_even_to_six_decimals(change):
    out = attack_odds(request(**change))
    for key, exact in out["expected_exact"].items():
        assert out["expected"][key] == float(round(Fraction(exact), 6))


def test_a_mean_halfway_between_two_sixth_decimals_rounds_to_even():
    # 7 template hits poisoned 4+, no save: unsaved ~ Binomial(7, 1/2); W3 models, 3 of them
    out = attack_odds(
        request(
            attacks=7,
            strength=None,
            ap=None,
            rules=["template", "poisoned(4)"],
            target={"save": None, "wounds": 3, "models": 3},
        )
    )
    assert out["expected_exact"]["models_slain"] == "107/128"  # 0.8359375
    assert out["expected"]["models_slain"] == 0.835938
