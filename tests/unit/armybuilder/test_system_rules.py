"""Each system's army rules from its real ``_system.yaml``: a legal and an illegal list each."""

from __future__ import annotations

from typing import Any

from armybuilder.catalogue_files import read_catalogue_file
from armybuilder.rosterdata import CATALOGUE_DIR
from armybuilder.summaries import system_summary
from armybuilder.validation import price_roster, validate_roster


def system(slug: str) -> dict[str, Any]:
    return read_catalogue_file(CATALOGUE_DIR / slug / "_system.yaml").data


def unit(
    slug: str,
    category: str,
    unit_type: str = "infantry",
    low: int = 1,
    high: int = 1,
    cost: int = 10,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "slug": slug,
        "name": slug.title(),
        "category": category,
        "unit_type": unit_type,
        "size": {"min": low, "max": high},
        "cost": cost,
        "cost_per_model": extra.pop("per_model", 0),
        **extra,
    }


def faction(
    system_slug: str, slug: str, *units: dict[str, Any], alignment: str | None = None
) -> dict[str, Any]:
    return {
        "system": system_slug,
        "faction": slug,
        "name": slug.title(),
        "revision": 1,
        "alignment": alignment,
        "units": list(units),
    }


def payload(
    system_slug: str,
    faction_slug: str,
    entries: list[tuple],
    limit: int | None = None,
    allies: list[str] | None = None,
) -> dict[str, Any]:
    units = []
    for entry in entries:
        slug, size, *rest = entry
        options = rest[0] if rest else []
        data = {"unit": slug, "size": size, "options": options, "name": ""}
        if len(rest) > 1:
            data["faction"] = rest[1]
        units.append(data)
    return {
        "name": "T",
        "system": system_slug,
        "faction": faction_slug,
        "points_limit": limit,
        "allies": allies or [],
        "units": units,
    }


# --- grimdark: force organisation chart (4e pp.77-80, not in seed 000) ---
GRIM = faction(
    "grimdark",
    "ashen",
    unit("captain", "HQ", cost=80, rules=["independent_character"]),
    unit(
        "squad",
        "Troops",
        low=5,
        high=10,
        cost=75,
        per_model=15,
        options=[
            {
                "slug": "cannon",
                "name": "Heavy cannon",
                "cost": 10,
                "group": "heavy",
                "max_per": {"count": 1, "models": 10},
            },
            {"slug": "sergeant-blade", "name": "Sergeant's blade", "cost": 5},
        ],
    ),
    unit("gunship", "Heavy Support", unit_type="vehicle", cost=120),
)


def grim(entries: list[tuple], limit: int = 1500):
    return validate_roster(
        payload("grimdark", "ashen", entries, limit),
        system=system("grimdark"),
        factions={"ashen": GRIM},
    )


def test_grimdark_legal_force_one_hq_two_troops():  # 4e pp.77-80: 1 HQ + 2 Troops compulsory
    result = grim([("captain", 1), ("squad", 10, ["cannon", "sergeant-blade"]), ("squad", 5)])
    assert result.is_valid, result.violations
    assert result.points == 80 + (75 + 75 + 15) + 75


def test_grimdark_four_heavy_support_is_illegal():  # 4e pp.77-80: Heavy Support 0–3
    result = grim([("captain", 1), ("squad", 5), ("squad", 5)] + [("gunship", 1)] * 4)
    assert result.codes() == ["foc.heavy_support"]
    assert result.violations[0].message == "Heavy Support: 4 units, at most 3 allowed"
    assert result.violations[0].path == "units[6]"


def test_grimdark_missing_hq_and_troops_and_over_points():  # 4e pp.77-80
    result = grim([("squad", 5)], limit=50)
    assert result.codes() == ["points.limit", "foc.hq", "foc.troops"]


def test_grimdark_heavy_weapon_per_ten_models():  # one heavy weapon per N models
    result = grim([("captain", 1), ("squad", 9, ["cannon"]), ("squad", 5)])
    assert result.codes() == ["option.max_per"]


def test_grimdark_independent_character_is_one_model():  # 4e pp.50-51
    bad = {
        **GRIM,
        "units": [{**GRIM["units"][0], "size": {"min": 1, "max": 3}}, *GRIM["units"][1:]],
    }
    result = validate_roster(
        payload("grimdark", "ashen", [("captain", 2), ("squad", 5), ("squad", 5)]),
        system=system("grimdark"),
        factions={"ashen": bad},
    )
    assert result.codes() == ["character.single_model"]


# --- massbattle: seed 003 §11 ---
GOOD = faction(
    "massbattle",
    "dawn",
    unit("spears", "Infantry", low=10, high=40, cost=100, per_model=5),
    unit("knights", "Cavalry", unit_type="cavalry", low=5, high=10, cost=100, per_model=20),
    unit("ballista", "War Engine", unit_type="war_engine", cost=60),
    unit("lord", "Hero", unit_type="hero", cost=90, unique=True),
    unit("drake", "Monster", unit_type="monster", cost=150),
    alignment="good",
)
EVIL = faction(
    "massbattle", "grave", unit("ghouls", "Infantry", low=20, high=20, cost=90), alignment="evil"
)
NEUTRAL = faction(
    "massbattle",
    "hill",
    unit("giant", "Monster", unit_type="monster", cost=120),
    unit("clansmen", "Infantry", low=20, high=20, cost=120),
    alignment="neutral",
)
MB = {"dawn": GOOD, "grave": EVIL, "hill": NEUTRAL}


def mass(entries: list[tuple], allies: list[str] | None = None, limit: int = 2000):
    return validate_roster(
        payload("massbattle", "dawn", entries, limit, allies),
        system=system("massbattle"),
        factions=MB,
    )


def test_massbattle_each_core_unit_allows_one_engine_and_one_hero():  # seed 003 §11 / §14.3
    result = mass(
        [
            ("spears", 20),
            ("knights", 10),
            ("ballista", 1),
            ("ballista", 1),
            ("lord", 1),
            ("drake", 1),
        ]
    )
    assert result.is_valid, result.violations


def test_massbattle_engines_beyond_core_units_are_illegal():  # seed 003 §11 / §14.3
    result = mass([("spears", 19), ("knights", 10), ("ballista", 1), ("ballista", 1)])
    assert result.codes() == ["core.war_engines"]
    assert result.violations[0].path == "units[3]"


def test_massbattle_unique_unit_once():  # seed 003 §11 / §14.4
    result = mass([("spears", 20), ("knights", 10), ("lord", 1), ("lord", 1)])
    assert result.codes() == ["unique.once"]


def test_massbattle_good_allies_with_neutral_not_evil():  # seed 003 §11 / §14.7
    legal = mass(
        [("spears", 20), ("clansmen", 20, [], "hill"), ("giant", 1, [], "hill")], allies=["hill"]
    )
    illegal = mass([("spears", 20), ("ghouls", 20, [], "grave")], allies=["grave"])
    assert legal.is_valid, legal.violations
    assert illegal.codes() == ["allies.alignment"]


def test_massbattle_allied_monster_needs_its_own_core_unit():  # §14.5, scope: faction
    result = mass([("spears", 20), ("giant", 1, [], "hill")], allies=["hill"])
    assert result.codes() == ["core.heroes_monsters"]


def test_massbattle_points_limit():  # seed 003 §11 / §14.1
    assert mass([("spears", 40)], limit=100).codes() == ["points.limit"]


# --- skirmish: not in seed 001: published Mordheim rules, Warband composition ---
BAND = faction(
    "skirmish",
    "wardens",
    unit("captain", "Leader", cost=60, options=[{"slug": "sword", "name": "Sword", "cost": 10}]),
    unit("champion", "Hero", cost=35),
    unit(
        "watchman",
        "Henchmen",
        low=1,
        high=5,
        cost=25,
        per_model=25,
        options=[
            {"slug": "spear", "name": "Spear", "cost": 10, "per_model": True},
            {"slug": "lantern", "name": "Lantern", "cost": 5},
        ],
    ),
    unit("hound", "Henchmen", low=1, high=5, cost=15, per_model=15, rules=["large-target"]),
)


def band(entries: list[tuple], limit: int = 500):
    return validate_roster(
        payload("skirmish", "wardens", entries, limit),
        system=system("skirmish"),
        factions={"wardens": BAND},
    )


def test_skirmish_legal_warband_within_500_crowns():  # §15.7
    result = band([("captain", 1, ["sword"]), ("champion", 1), ("watchman", 5, ["spear"])])
    assert result.is_valid, result.violations
    assert result.points == 70 + 35 + 125 + 50
    assert result.points_name == "gc"


def test_skirmish_over_budget_in_gold_crowns():  # §15.7 starting funds 500 gc
    result = band(
        [
            ("captain", 1),
            ("champion", 1),
            ("champion", 1),
            ("watchman", 5, ["spear"]),
            ("watchman", 5, ["spear"]),
            ("hound", 2),
        ]
    )
    assert result.codes() == ["warband.gold"]
    assert result.violations[0].message == "Gold: 510/500 gc spent, 10 gc more than the warband has"


def test_skirmish_leader_exactly_one_heroes_at_most_six():  # §15.7
    result = band([("captain", 1), ("captain", 1)] + [("champion", 1)] * 5, limit=2000)
    assert result.codes() == ["warband.leader", "warband.heroes"]
    assert band([("champion", 1)] * 3).codes() == ["warband.leader"]


def test_skirmish_henchmen_groups_of_one_to_five_and_size_limits():  # §15.7
    result = band([("captain", 1), ("watchman", 6), ("hound", 5), ("hound", 5)], limit=2000)
    assert result.codes() == ["unit.size_range", "warband.max_size", "henchmen.group_size"]
    assert band([("captain", 1), ("champion", 1)]).codes() == ["warband.min_size"]


def test_skirmish_henchmen_carry_identical_equipment():  # §15.7
    result = band([("captain", 1), ("watchman", 3, ["lantern"])])
    assert result.codes() == ["henchmen.identical_equipment"]
    assert band([("captain", 1), ("watchman", 1, ["lantern"]), ("champion", 1)]).is_valid


def test_skirmish_warband_rating():  # §15.7: 5 per warrior, +20 per large creature
    view = price_roster(
        payload("skirmish", "wardens", [("captain", 1), ("watchman", 3), ("hound", 2)], 500),
        system("skirmish"),
        {"wardens": BAND},
    )
    summary = system_summary(view)
    assert summary["warband_rating"] == 6 * 5 + 2 * 20
    assert summary["treasury"] == 500 - (60 + 75 + 30)


# --- hextactical: GURPS character points (NOT IN SEED 004: Basic Set) ---
SWORDSMAN = {
    "slug": "swordsman",
    "name": "Swordsman",
    "category": "Fighter",
    "unit_type": "combatant",
    "size": {"min": 1, "max": 1},
    "cost": 85,
    "profile": {"ST": 12, "DX": 12, "IQ": 10, "HT": 11},
    "weapons": [
        {
            "name": "Broadsword",
            "skill": "Broadsword",
            "swing": "sw+1 cut",
            "reach": "1",
            "parry": 0,
        },
        {"name": "Shield", "shield": True, "skill": "Shield", "db": 2},
    ],
    "extra": {
        "skills": [
            {"name": "Broadsword", "attribute": "DX", "difficulty": "A", "points": 8},
            {"name": "Shield", "attribute": "DX", "difficulty": "E", "points": 2},
        ],
        "traits": [
            {"name": "Combat Reflexes", "points": 15},
            {"name": "Bad Temper", "points": -10},
        ],
    },
    "options": [
        {"slug": "veteran", "name": "Veteran", "cost": 70},
        {"slug": "legend", "name": "Legend", "cost": 170},
        {
            "slug": "bloodlust",
            "group_max": 4,
            "name": "Bloodlust",
            "cost": -10,
            "group": "disadvantage",
        },
        {
            "slug": "berserk",
            "group_max": 4,
            "name": "Berserk",
            "cost": -10,
            "group": "disadvantage",
        },
        {"slug": "greed", "group_max": 4, "name": "Greed", "cost": -15, "group": "disadvantage"},
        {"slug": "oath", "group_max": 4, "name": "Vow", "cost": -10, "group": "disadvantage"},
        {
            "slug": "curse",
            "group_max": 4,
            "name": "Dread Curse",
            "cost": -90,
            "group": "disadvantage",
        },
    ],
}
PARTY = faction("hextactical", "company", SWORDSMAN)


def party(entries: list[tuple], limit: int = 600):
    return validate_roster(
        payload("hextactical", "company", entries, limit),
        system=system("hextactical"),
        factions={"company": PARTY},
    )


def test_template_cost_matches_character_points():
    from rules.engine.systems.hextactical.character import template_points

    assert template_points(SWORDSMAN) == SWORDSMAN["cost"]


def test_hextactical_legal_party_and_budget():
    result = party([("swordsman", 1), ("swordsman", 1, ["bloodlust"])])
    assert result.is_valid, result.violations
    assert result.points == 160


def test_hextactical_combatant_over_budget_and_party_over_total():
    # combatant budget 250 CP: 85 + Legend 170 = 255
    result = party([("swordsman", 1, ["legend"]), ("swordsman", 1)], limit=250)
    assert result.codes() == ["party.points", "combatant.points"]


def test_hextactical_disadvantage_cap_counts_template_traits():
    result = party([("swordsman", 1, ["berserk", "greed", "curse"])])
    # template Bad Temper −10 plus −115 in options = −125 is the cap; add Vow −10 to pass it
    assert result.is_valid, result.violations
    result = party([("swordsman", 1, ["berserk", "greed", "curse", "oath"])])
    assert result.codes() == ["combatant.disadvantages"]


def test_hextactical_derived_values_are_computed():
    view = price_roster(
        payload("hextactical", "company", [("swordsman", 1)], 600),
        system("hextactical"),
        {"company": PARTY},
    )
    derived = system_summary(view)["combatants"][0]["derived"]
    # HP = ST 12; Basic Speed (11+12)/4 = 5.75; Move 5; Dodge 8 + 1 Combat Reflexes (B43) = 9;
    # Broadsword DX12 A 8 pts = DX+2 = 14 → Parry 3 + 7 + 1 CR = 11; Shield E 2 pts = 13 →
    # Block 9 + 1 CR = 10 (issue 17: the summary left Combat Reflexes out)
    assert {k: derived[k] for k in ("HP", "BasicSpeed", "Move", "Dodge", "Parry", "Block")} == {
        "HP": 12,
        "BasicSpeed": 5.75,
        "Move": 5,
        "Dodge": 9,
        "Parry": {"Broadsword": 11},
        "Block": {"Shield": 10},
    }
    assert derived["attacks"][0] == {
        "weapon": "Broadsword",
        "mode": "swing",
        "skill": 14,
        "reach": "1",
        "as_written": "sw+1 cut",
        "dice": "1d+3 cut",  # ST 12 swing 1d+2 (B16)
    }


def test_hextactical_a_skill_bought_as_an_option_shows_on_the_sheet():
    drilled = {
        **SWORDSMAN,
        "options": [
            {
                "slug": "drill",
                "name": "Broadsword +1",
                "cost": 4,
                "effects": {"add_rules": ["skill(Broadsword,+1)"]},
            },
        ],
    }
    view = price_roster(
        payload("hextactical", "company", [("swordsman", 1, ["drill"])], 600),
        system("hextactical"),
        {"company": faction("hextactical", "company", drilled)},
    )
    entry = system_summary(view)["combatants"][0]
    assert entry["skills"]["Broadsword"] == 15
    assert entry["derived"]["Parry"] == {"Broadsword": 3 + 15 // 2 + 1}
