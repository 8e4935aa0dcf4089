"""Exact odds: input checking, sanity, and exact versus simulated for a dozen exchanges."""

from __future__ import annotations

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.base import EngineError
from rules.engine.systems.skirmish.attacks import roll_exchange
from rules.engine.systems.skirmish.odds import attack_odds, exchange_for

HUMAN = {"WS": 3, "S": 3, "T": 3, "W": 1}


def cc(attacker: dict, target: dict, **extra) -> dict:
    return {"mode": "close_combat", "attacker": attacker, "target": target, **extra}


EXCHANGES = [
    cc({"WS": 3, "S": 3, "A": 1, "weapons": ["mace"]}, {**HUMAN}),
    cc(
        {"WS": 4, "S": 3, "A": 1, "weapons": ["sword", "dagger"]}, {**HUMAN, "equipment": ["sword"]}
    ),
    cc(
        {"WS": 4, "S": 4, "A": 2, "weapons": ["axe"]},
        {**HUMAN, "equipment": ["sword", "buckler", "light-armour"]},
    ),
    cc({"WS": 3, "S": 3, "A": 1, "weapons": ["halberd"]}, {**HUMAN, "equipment": ["heavy-armour"]}),
    cc(
        {"WS": 3, "S": 4, "A": 2, "weapons": ["double-handed"]},
        {**HUMAN, "W": 2, "equipment": ["sword", "buckler", "helmet"]},
    ),
    cc(
        {"WS": 4, "S": 3, "A": 1, "weapons": ["sword"]},
        {**HUMAN, "state": "knocked_down", "equipment": ["shield", "light-armour"]},
    ),
    cc({"WS": 2, "S": 3, "A": 1, "weapons": ["dagger"]}, {"WS": 5, "S": 4, "T": 4, "W": 1}),
    cc(
        {"WS": 4, "S": 3, "A": 3, "weapons": ["mace", "axe"]},
        {**HUMAN, "W": 3, "equipment": ["shield", "helmet"]},
    ),
    cc({"WS": 3, "S": 3, "A": 1, "weapons": ["spear", "shield"]}, {**HUMAN}, fear=True),
    cc({"WS": 3, "S": 4, "A": 2, "weapons": ["natural-weapons"]}, {**HUMAN, "W": 0}),
    {
        "mode": "shooting",
        "attacker": {"BS": 4, "weapons": ["bow"]},
        "target": {**HUMAN, "equipment": ["light-armour"]},
        "range": 16,
        "cover": True,
    },
    {
        "mode": "shooting",
        "attacker": {"BS": 3, "weapons": ["handgun"]},
        "target": {"T": 4, "W": 2, "equipment": ["heavy-armour", "shield"], "large": True},
        "range": 8,
        "moved": False,
    },
]


@pytest.mark.parametrize("request_", EXCHANGES)
def test_exact_odds_match_simulation(
    request_,
    # seed 001 §4-§10 and not in seed 001: published Mordheim rules, Shooting, Critical
    # hits, Injuries
):
    exact = attack_odds(request_)["outcomes"]
    assert sum(exact.values()) == pytest.approx(1.0, abs=1e-9)
    exchange = exchange_for(request_)
    dice = Dice(20260101)
    runs = 12_000
    counts = dict.fromkeys(exact, 0)
    for _ in range(runs):
        counts[roll_exchange(exchange, dice).outcome] += 1
    for outcome, p in exact.items():
        assert counts[outcome] / runs == pytest.approx(p, abs=0.018), outcome


def test_known_value_one_attack_no_armour():  # seed 001 §4 WS3 v WS3 4+, §7 S3 v T3 4+
    odds = attack_odds(cc({"WS": 3, "S": 3, "A": 1, "weapons": ["mace"]}, {**HUMAN}))["outcomes"]
    # plain wound 1/6: one injury roll (mace: 1 KD, 2-4 stunned, 5-6 out). Critical 1/12:
    # two wounds → two injury rolls, worst counts; master strike (1/3) adds 2 to both.
    plain, crit = 1 / 6, 1 / 12
    assert odds["unharmed"] == pytest.approx(0.75)
    ooa_crit = 2 / 3 * (1 - (4 / 6) ** 2) + 1 / 3 * (1 - (2 / 6) ** 2)
    assert odds["out_of_action"] == pytest.approx(plain * 2 / 6 + crit * ooa_crit)
    stunned_crit = 2 / 3 * ((4 / 6) ** 2 - (1 / 6) ** 2) + 1 / 3 * (2 / 6) ** 2
    assert odds["stunned"] == pytest.approx(plain * 3 / 6 + crit * stunned_crit)


def test_parry_lowers_the_odds():  # seed 001 §9
    plain = attack_odds(cc({"WS": 3, "S": 3, "A": 1, "weapons": ["mace"]}, {**HUMAN}))
    parry = attack_odds(
        cc({"WS": 3, "S": 3, "A": 1, "weapons": ["mace"]}, {**HUMAN, "equipment": ["sword"]})
    )
    no_parry = attack_odds(
        cc(
            {"WS": 3, "S": 3, "A": 1, "weapons": ["mace"]},
            {**HUMAN, "equipment": ["sword"]},
            parry=False,
        )
    )
    assert parry["parry"] == 1
    assert parry["outcomes"]["unharmed"] > plain["outcomes"]["unharmed"]
    assert no_parry["outcomes"] == plain["outcomes"]


def test_stunned_target_is_out_of_action():  # seed 001 §10.4
    odds = attack_odds(cc({"WS": 3, "S": 3, "A": 1}, {**HUMAN, "state": "stunned"}))
    assert odds["outcomes"]["out_of_action"] == 1.0


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ([], "request"),
        ({"mode": "melee"}, "mode"),
        (cc("x", HUMAN), "attacker"),
        (cc({"S": 3, "A": 1}, HUMAN), "attacker.WS"),
        (cc({"WS": 11, "S": 3, "A": 1}, HUMAN), "attacker.WS"),
        (
            cc({"WS": 3, "S": 3, "A": 1, "weapons": ["sword", "lance"]}, HUMAN),
            "attacker.weapons[1]",
        ),
        (cc({"WS": 3, "S": 3, "A": 1}, {**HUMAN, "equipment": "shield"}), "target.equipment"),
        (cc({"WS": 3, "S": 3, "A": 1}, {**HUMAN, "state": "asleep"}), "target.state"),
        (cc({"WS": 3, "S": 3, "A": 1}, {"WS": 3, "S": 3, "W": 1}), "target.T"),
        (cc({"WS": 3, "S": 3, "A": 1}, HUMAN, parry="yes"), "parry"),
        (
            {"mode": "shooting", "attacker": {"BS": 3}, "target": HUMAN, "range": 5},
            "attacker.weapons",
        ),
        ({"mode": "shooting", "attacker": {"BS": 3, "weapons": ["bow"]}, "target": HUMAN}, "range"),
        (
            {
                "mode": "shooting",
                "attacker": {"BS": 3, "weapons": ["bow"]},
                "target": HUMAN,
                "range": 30,
            },
            "range",
        ),
        (
            {
                "mode": "shooting",
                "attacker": {"BS": 3, "weapons": ["bow"]},
                "target": {**HUMAN, "state": "knocked_down"},
                "range": 5,
            },
            "target.state",
        ),
    ],
)
def test_bad_requests_name_the_field(request_, code):
    with pytest.raises(EngineError) as info:
        attack_odds(request_)
    assert info.value.code == code
