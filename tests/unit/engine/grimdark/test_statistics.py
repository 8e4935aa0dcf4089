"""Seeded engine rolls agree with the exact calculator: the mean within 4 standard errors for
every case, and the whole distribution by a chi-square goodness-of-fit test for several."""

import math

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.grimdark import assault, shooting
from rules.engine.systems.grimdark.damage import resolve_attack
from rules.engine.systems.grimdark.odds import attack_odds
from rules.engine.systems.grimdark.weapons import parse_weapon

from .conftest import MARINE, unit_data

ROLLS = 20_000

# (case id, request, weapon dict or None for plain close combat, what to compare)
CASES = [
    (
        "bolter",
        {
            "mode": "shooting",
            "attacks": 10,
            "skill": 4,
            "strength": 4,
            "ap": 5,
            "rules": [],
            "target": {"toughness": 4, "save": 3},
        },
        {"name": "Bolter", "range": 24, "S": 4, "AP": 5, "type": "assault", "shots": 10},
        None,
    ),
    (
        "twin-linked",
        {
            "mode": "shooting",
            "attacks": 10,
            "skill": 3,
            "strength": 4,
            "ap": None,
            "rules": ["twin_linked"],
            "target": {"toughness": 3, "save": 5},
        },
        {
            "name": "Twin",
            "range": 24,
            "S": 4,
            "type": "assault",
            "shots": 10,
            "special": ["twin_linked"],
        },
        None,
    ),
    (
        "rending",
        {
            "mode": "shooting",
            "attacks": 12,
            "skill": 4,
            "strength": 5,
            "ap": None,
            "rules": ["rending"],
            "target": {"toughness": 6, "save": 2},
        },
        {
            "name": "Rotor",
            "range": 24,
            "S": 5,
            "type": "assault",
            "shots": 12,
            "special": ["rending"],
        },
        None,
    ),
    (
        "sniper",
        {
            "mode": "shooting",
            "attacks": 10,
            "skill": 2,
            "strength": None,
            "ap": 6,
            "rules": ["sniper"],
            "target": {"toughness": 8, "save": 4},
        },
        {
            "name": "Rifle",
            "range": 36,
            "AP": 6,
            "type": "assault",
            "shots": 10,
            "special": ["sniper"],
        },
        None,
    ),
    (
        "poisoned-shots",
        {
            "mode": "shooting",
            "attacks": 12,
            "skill": 3,
            "strength": 3,
            "ap": None,
            "rules": ["poisoned"],
            "target": {"toughness": 6, "save": 6},
        },
        {
            "name": "Spit",
            "range": 12,
            "S": 3,
            "type": "assault",
            "shots": 12,
            "special": ["poisoned"],
        },
        None,
    ),
    (
        "cover-and-invulnerable",
        {
            "mode": "shooting",
            "attacks": 10,
            "skill": 4,
            "strength": 7,
            "ap": 2,
            "rules": [],
            "target": {"toughness": 4, "save": 3, "cover": 4, "invulnerable": 5},
        },
        {"name": "Plasma", "range": 24, "S": 7, "AP": 2, "type": "assault", "shots": 10},
        None,
    ),
    (
        "instant-death",
        {
            "mode": "shooting",
            "attacks": 8,
            "skill": 4,
            "strength": 8,
            "ap": 3,
            "rules": [],
            "target": {"toughness": 4, "save": 3, "wounds": 2, "models": 3},
        },
        {"name": "Krak", "range": 48, "S": 8, "AP": 3, "type": "assault", "shots": 8},
        "slain",
    ),
    (
        "wound-spill",
        {
            "mode": "shooting",
            "attacks": 9,
            "skill": 4,
            "strength": 5,
            "ap": None,
            "rules": [],
            "target": {"toughness": 5, "save": 5, "wounds": 3, "models": 3},
        },
        {"name": "Gun", "range": 36, "S": 5, "type": "assault", "shots": 9},
        "slain",
    ),
    (
        "power-weapon",
        {
            "mode": "close_combat",
            "attacks": 10,
            "skill": 4,
            "strength": 4,
            "rules": ["power_weapon"],
            "target": {"toughness": 4, "save": 2, "weapon_skill": 4},
        },
        {"name": "Sword", "type": "close_combat", "special": ["power_weapon"]},
        None,
    ),
    (
        "power-fist-id",
        {
            "mode": "close_combat",
            "attacks": 6,
            "skill": 4,
            "strength": 4,
            "rules": ["power_fist"],
            "target": {"toughness": 4, "save": 2, "wounds": 2, "models": 3, "weapon_skill": 5},
        },
        {"name": "Fist", "type": "close_combat", "special": ["power_fist"]},
        "slain",
    ),
    (
        "lightning-claws",
        {
            "mode": "close_combat",
            "attacks": 10,
            "skill": 5,
            "strength": 4,
            "rules": ["lightning_claws"],
            "target": {"toughness": 5, "save": 3, "weapon_skill": 4},
        },
        {"name": "Claws", "type": "close_combat", "special": ["lightning_claws"]},
        None,
    ),
    (
        "heavy-ccw",
        {
            "mode": "close_combat",
            "attacks": 10,
            "skill": 3,
            "strength": 4,
            "rules": ["heavy_ccw"],
            "target": {"toughness": 4, "save": 2, "weapon_skill": 3},
        },
        {"name": "Choppa", "type": "close_combat", "special": ["heavy_ccw"]},
        None,
    ),
    (
        "poisoned-claws",
        {
            "mode": "close_combat",
            "attacks": 10,
            "skill": 3,
            "strength": 3,
            "rules": ["poisoned(2)"],
            "target": {"toughness": 6, "save": 4, "weapon_skill": 6},
        },
        {"name": "Venom", "type": "close_combat", "special": ["poisoned(2)"]},
        None,
    ),
]


def _simulate(make_battle, req, weapon_data, seed, trials=None):
    target_req = {
        "toughness": 4,
        "save": None,
        "invulnerable": None,
        "cover": None,
        "wounds": 1,
        "models": 30,
        "weapon_skill": 4,
        **req["target"],
    }
    profile = dict(
        MARINE,
        T=target_req["toughness"],
        W=target_req["wounds"],
        WS=target_req["weapon_skill"],
        Sv=target_req["save"] or "-",
        Inv=target_req["invulnerable"],
    )
    melee = req["mode"] == "close_combat"
    attacker_profile = dict(MARINE, BS=req["skill"], WS=req["skill"], S=req["strength"] or 1)
    weapons = [weapon_data]
    battle = make_battle(
        [(unit_data("att", size=1, profile=attacker_profile, weapons=weapons), (10, 10))],
        [(unit_data("tgt", size=target_req["models"], profile=profile), (10, 30))],
        dice=Dice(seed),
    )
    attacker, target = battle.units
    model = attacker.models[0]
    weapon = parse_weapon(weapon_data)
    trials = trials or ROLLS // req["attacks"]
    unsaved, slain = [], []
    for _ in range(trials):
        for m in target.models:
            m.wounds = m.max_wounds
        target.refresh()
        if melee:
            attack = assault.melee_attack(battle, attacker, model, target, req["attacks"])
            out = resolve_attack(battle, attack, target, None, attacker)
        else:
            hit_on = 2 if weapon.sniper else 7 - min(5, req["skill"])
            attack = shooting.base_attack([model], weapon, req["attacks"], hit_on, 10.0)
            out = resolve_attack(battle, attack, target, target_req["cover"], attacker)
        unsaved.append(out.unsaved)
        slain.append(out.slain)
    return unsaved, slain


@pytest.mark.parametrize(("case", "req", "weapon", "compare"), CASES, ids=[c[0] for c in CASES])
def test_engine_rolls_match_exact_distribution(make_battle, case, req, weapon, compare):
    exact = attack_odds({**req, "target": {"models": 30, **req["target"]}})
    unsaved, slain = _simulate(make_battle, req, weapon, seed=len(case) * 7919)
    key, values = ("models_slain", slain) if compare == "slain" else ("unsaved_wounds", unsaved)
    dist = exact["distribution"][key]
    mean = sum(k * p for k, p in enumerate(dist))
    variance = sum(p * (k - mean) ** 2 for k, p in enumerate(dist))
    standard_error = math.sqrt(variance / len(values)) or 1e-9
    observed = sum(values) / len(values)
    assert abs(observed - mean) <= 4 * standard_error, (case, observed, mean)


# Upper-tail critical values of chi-square at alpha = 0.001 for 1-30 degrees of freedom, from
# the NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.6.7.4 "Critical Values of
# the Chi-Square Distribution" (checked against the regularised incomplete gamma function).
CHI_SQUARE_CRITICAL_0_001 = (
    10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588,
    31.264, 32.909, 34.528, 36.123, 37.697, 39.252, 40.790, 42.312, 43.820, 45.315,
    46.797, 48.268, 49.728, 51.179, 52.620, 54.052, 55.476, 56.892, 58.301, 59.703,
)  # fmt: skip
SEQUENCES = 20_000  # simulated attack sequences per chi-square case
MIN_EXPECTED = 5.0  # merge neighbouring outcomes until every bin expects at least 5


def chi_square(observed: list[int], probabilities: list[float], n: int) -> tuple[float, int]:
    """Pearson's statistic over outcome bins (outcomes merged left to right until each bin
    expects ≥ MIN_EXPECTED, the remainder joined to the last bin); returns (statistic, df)."""
    bins: list[tuple[float, int]] = []
    expected = seen = 0.0
    for k, p in enumerate(probabilities):
        expected += n * p
        seen += observed[k] if k < len(observed) else 0
        if expected >= MIN_EXPECTED:
            bins.append((expected, int(seen)))
            expected = seen = 0.0
    seen += sum(observed[len(probabilities) :])
    if bins and (expected or seen):
        last_e, last_o = bins.pop()
        bins.append((last_e + expected, last_o + int(seen)))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    return statistic, len(bins) - 1


CHI_CASES = ["bolter", "twin-linked", "rending", "cover-and-invulnerable", "instant-death"]
CHI_CASES += ["power-fist-id"]


@pytest.mark.parametrize("case", CHI_CASES)
def test_engine_distribution_fits_exact_odds_by_chi_square(make_battle, case):
    # seed 000 [22]-[27], [30]-[32], [40]-[41], [46]: hit, wound, save and removal rules
    _, req, weapon, compare = next(c for c in CASES if c[0] == case)
    exact = attack_odds({**req, "target": {"models": 30, **req["target"]}})
    unsaved, slain = _simulate(make_battle, req, weapon, seed=len(case) * 104729, trials=SEQUENCES)
    key, values = ("models_slain", slain) if compare == "slain" else ("unsaved_wounds", unsaved)
    observed = [0] * (max(values) + 1)
    for value in values:
        observed[value] += 1
    statistic, df = chi_square(observed, exact["distribution"][key], SEQUENCES)
    assert df >= 2, (case, df)
    assert statistic < CHI_SQUARE_CRITICAL_0_001[df - 1], (case, statistic, df)


def test_chi_square_rejects_a_wrong_distribution():
    # the goodness-of-fit check can fail: a fair die's counts against a loaded die's odds
    observed = [3333, 3333, 3334, 3333, 3333, 3334]
    loaded = [0.1, 0.1, 0.1, 0.1, 0.1, 0.5]
    statistic, df = chi_square(observed, loaded, 20_000)
    assert df == 5
    assert statistic > CHI_SQUARE_CRITICAL_0_001[df - 1]
