"""Seeded engine rolls agree with the exact calculator (mean within 4 standard errors)."""

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


def _simulate(make_battle, req, weapon_data, seed):
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
    trials = ROLLS // req["attacks"]
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
            attack = shooting.base_attack(attacker, weapon, req["attacks"], hit_on)
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
