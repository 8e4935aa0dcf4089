"""Injury (NOT IN SEED: GURPS 4e Basic Set, not in seed 004: GURPS Basic Set, Wounding modifiers and
injury, Shock, Major wounds, knockdown and stun, Low and negative HP) and exact attack odds."""

from fractions import Fraction

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical import damage, injury
from rules.engine.systems.hextactical.odds import attack_odds


def test_wounding_modifiers_and_dr():
    assert damage.injury(7, 3, "cut") == 6
    assert damage.injury(7, 3, "imp") == 8
    assert damage.injury(4, 3, "pi-") == 1
    assert damage.injury(3, 3, "cr") == 0


def test_shock_major_wound_and_death_thresholds():
    assert injury.shock_penalty(6, 10) == 4
    assert injury.shock_penalty(3, 10, ("high-pain-threshold",)) == 0
    assert injury.shock_penalty(3, 10, ("low-pain-threshold",)) == 6
    assert injury.is_major_wound(6, 11)
    assert not injury.is_major_wound(5, 11)
    assert injury.death_thresholds_crossed(5, -25, 10) == [1, 2]
    assert injury.consciousness_modifier(-21, 10) == -2
    assert injury.automatically_dead(-50, 10)


def test_resolve_injury_kills_at_minus_five_times_hp():
    outcome = injury.resolve_injury(Dice(1), injury=70, old_hp=10, hp_max=10, ht=12, traits=())
    assert outcome.dead


def test_attack_odds_exact_values():
    result = attack_odds(
        {
            "skill": 12,
            "defence": None,
            "damage": "1d",
            "damage_type": "cr",
            "dr": 0,
            "critical_hits": False,
        }
    )
    assert Fraction(result["exact"]["p_hit"]) == Fraction(160, 216)
    assert result["injury"]["0"] == pytest.approx(56 / 216)
    assert result["injury"]["6"] == pytest.approx(160 / 216 / 6)
    defended = attack_odds(
        {
            "skill": 12,
            "modifiers": [-2],
            "defence": 10,
            "damage": "2d+1",
            "damage_type": "cut",
            "dr": 3,
        }
    )
    assert defended["effective_skill"] == 10
    assert Fraction(defended["exact"]["p_defended"]) == Fraction(104, 216) * Fraction(108, 216)
    assert sum(defended["injury"].values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"damage": "1d"}, "odds.skill"),
        ({"skill": 10, "damage": "1d", "dr": -1}, "odds.dr"),
        ({"skill": 10, "damage": "1d", "damage_type": "zap"}, "odds.damage_type"),
        ({"skill": 10, "damage": "lots"}, "odds.damage"),
        ({"skill": 10, "damage": "1d", "defence": "high"}, "odds.defence"),
    ],
)
def test_attack_odds_errors_name_the_field(request_, code):
    with pytest.raises(EngineError) as error:
        attack_odds(request_)
    assert error.value.code == code
