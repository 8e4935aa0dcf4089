"""Every constraint kind and per-unit check, each with a legal and an illegal list (pure)."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.validation import validate_roster

FACTION: dict[str, Any] = {
    "system": "grimdark",
    "faction": "test-host",
    "name": "Test Host",
    "revision": 1,
    "alignment": "good",
    "units": [
        {
            "slug": "chief",
            "name": "Chief",
            "category": "HQ",
            "unit_type": "infantry",
            "size": {"min": 1, "max": 1},
            "cost": 60,
            "rules": ["independent_character"],
            "options": [
                {"slug": "blade", "name": "Blade", "cost": 10, "group": "hand"},
                {"slug": "hammer", "name": "Hammer", "cost": 15, "group": "hand"},
            ],
        },
        {
            "slug": "line",
            "name": "Line Squad",
            "category": "Troops",
            "unit_type": "infantry",
            "size": {"min": 5, "max": 10},
            "cost": 50,
            "cost_per_model": 10,
            "options": [
                {
                    "slug": "cannon",
                    "name": "Heavy cannon",
                    "cost": 10,
                    "group": "heavy",
                    "max_per": {"count": 1, "models": 5},
                    "group_max": 2,
                },
                {"slug": "sergeant", "name": "Sergeant", "cost": 5},
                {"slug": "sword", "name": "Sergeant's sword", "cost": 5, "requires": ["sergeant"]},
                {"slug": "banner", "name": "Banner", "cost": 5, "excludes": ["horn"]},
                {"slug": "horn", "name": "Horn", "cost": 5},
            ],
        },
        {
            "slug": "relic",
            "name": "Relic Engine",
            "category": "Heavy Support",
            "unit_type": "war_engine",
            "size": {"min": 1, "max": 1},
            "cost": 100,
            "unique": True,
        },
        {
            "slug": "horde",
            "name": "Horde",
            "category": "Troops",
            "unit_type": "infantry",
            "sizes": [{"size": 10, "cost": 80}, {"size": 20, "cost": 140}],
        },
    ],
}
ALLY: dict[str, Any] = {**FACTION, "faction": "dark-host", "name": "Dark Host", "alignment": "evil"}


def system(*constraints: dict[str, Any], allies: bool = False) -> dict[str, Any]:
    return {
        "system": "grimdark",
        "name": "Test",
        "points_name": "pts",
        "default_points_limit": 1000,
        "allies": allies,
        "constraints": list(constraints),
    }


def roster(
    *units: dict[str, Any], limit: int = 1000, allies: list[str] | None = None
) -> dict[str, Any]:
    return {
        "name": "T",
        "system": "grimdark",
        "faction": "test-host",
        "points_limit": limit,
        "allies": allies or [],
        "units": [
            {
                "unit": u["unit"],
                "size": u.get("size"),
                "options": u.get("options", []),
                "name": u.get("name", ""),
                **({"faction": u["faction"]} if "faction" in u else {}),
            }
            for u in units
        ],
    }


def run(
    payload: dict[str, Any],
    *constraints: dict[str, Any],
    allies: bool = False,
    overrides: dict[str, Any] | None = None,
):
    return validate_roster(
        payload,
        system=system(*constraints, allies=allies),
        factions={"test-host": FACTION, "dark-host": ALLY},
        overrides=overrides,
    )


def rule(kind: str, **fields: Any) -> dict[str, Any]:
    return {"code": f"t.{kind}", "kind": kind, "severity": "error", **fields}


def test_points_are_computed_from_the_catalogue_with_extra_models_and_options():
    result = run(roster({"unit": "line", "size": 7, "options": ["cannon"]}))
    assert result.points == 50 + 2 * 10 + 10
    assert result.unit_points == {"u1": 80}


def test_points_limit_reports_total_over_limit():  # KoW §14.1, grimdark §36.8
    legal = run(roster({"unit": "relic"}, limit=100), rule("points_limit"))
    illegal = run(roster({"unit": "relic"}, {"unit": "chief"}, limit=150), rule("points_limit"))
    assert legal.is_valid
    assert illegal.codes() == ["t.points_limit"]
    assert illegal.violations[0].message == "Points: 160/150 pts, 10 pts over the limit"
    assert illegal.violations[0].path == "points"


def test_category_count_names_the_excess_unit():  # grimdark §36.8 force organisation chart
    heavy = rule("category_count", category="Heavy Support", min=0, max=1)
    legal = run(roster({"unit": "relic"}), heavy)
    illegal = run(roster({"unit": "chief"}, {"unit": "relic"}, {"unit": "relic"}), heavy)
    assert legal.is_valid
    assert illegal.violations[0].message == "Heavy Support: 2 units, at most 1 allowed"
    assert illegal.violations[0].path == "units[2]"


def test_category_count_minimum():
    hq = rule("category_count", category="HQ", min=1, max=2)
    assert run(roster({"unit": "chief"}), hq).is_valid
    result = run(roster({"unit": "line"}), hq)
    assert result.violations[0].message == "HQ: 0 units, at least 1 required"


def test_unique_units_at_most_once():  # KoW §14.4 [1]
    assert run(roster({"unit": "relic"}), rule("unique_units")).is_valid
    result = run(roster({"unit": "relic"}, {"unit": "relic"}), rule("unique_units"))
    assert result.violations[0].path == "units[1]"
    assert "Relic Engine [1]: taken 2 times" in result.violations[0].message


def test_unit_count_limits_one_unit_type():
    limit = rule("unit_count", unit="chief", max=1)
    assert run(roster({"unit": "chief"}), limit).is_valid
    assert run(roster({"unit": "chief"}, {"unit": "chief"}), limit).codes() == ["t.unit_count"]


RATIO = rule(
    "ratio",
    per=[{"unit_types": ["infantry"], "min_size": 20}],
    limited={"unit_types": ["war_engine"]},
    label="War engines",
)


def test_ratio_each_core_unit_unlocks_one():  # seed 003 §11 / KoW §14.3
    legal = run(roster({"unit": "horde", "size": 20}, {"unit": "relic"}), RATIO)
    illegal = run(roster({"unit": "horde", "size": 10}, {"unit": "relic"}), RATIO)
    assert legal.is_valid
    assert illegal.violations[0].message.startswith("War engines (Test Host): 1 taken, 0 allowed")


def test_ratio_scope_faction_does_not_share_core_units_between_races():  # KoW §14.5
    payload = roster(
        {"unit": "horde", "size": 20},
        {"unit": "relic", "faction": "dark-host"},
        allies=["dark-host"],
    )
    assert run(payload, {**RATIO, "scope": "faction"}, allies=True).codes() == ["t.ratio"]
    assert run(payload, {**RATIO, "scope": "roster"}, allies=True).is_valid


def test_category_points_percent():
    cap = rule("category_points_percent", category="Heavy Support", max_percent=25)
    assert run(roster({"unit": "relic"}, limit=400), cap).is_valid
    result = run(roster({"unit": "relic"}, limit=300), cap)
    assert result.violations[0].message == "Heavy Support: 100 pts (33.3%), at most 25% allowed"


def test_model_count_min_and_max():
    models = rule("model_count", min=3, max=10, label="Warriors")
    assert run(roster({"unit": "line", "size": 5}), models).is_valid
    assert run(roster({"unit": "chief"}), models).violations[0].message == (
        "Warriors: 1, at least 3 required"
    )
    assert run(roster({"unit": "line", "size": 10}, {"unit": "chief"}), models).codes() == [
        "t.model_count"
    ]


ALIGN = rule(
    "alignment",
    compatible={
        "good": ["good", "neutral"],
        "evil": ["evil", "neutral"],
        "neutral": ["good", "evil", "neutral"],
    },
)


def test_alignment_good_may_not_ally_with_evil():  # seed 003 §11 / KoW §14.7
    assert run(roster({"unit": "chief"}), ALIGN, allies=True).is_valid
    result = run(roster({"unit": "chief"}, allies=["dark-host"]), ALIGN, allies=True)
    assert result.violations[0].path == "allies[0]"
    assert result.violations[0].message == "Dark Host (evil) may not ally with Test Host (good)"


def test_unit_points_limit_per_unit():
    cap = rule("unit_points_limit", max=80)
    assert run(roster({"unit": "line", "size": 5}), cap).is_valid
    result = run(roster({"unit": "relic"}), cap)
    assert result.violations[0].message == "Relic Engine: 100 pts, at most 80 pts per unit"


def test_option_group_points_caps_a_group():
    cap = rule("option_group_points", group="hand", max=10, label="Hand weapons")
    assert run(roster({"unit": "chief", "options": ["blade"]}), cap).is_valid
    result = run(roster({"unit": "chief", "options": ["hammer"]}), cap)
    assert result.codes() == ["t.option_group_points"]


def test_category_size_bounds_groups():  # Mordheim §15.7 henchmen 1–5
    groups = rule("category_size", category="Troops", min=1, max=6)
    assert run(roster({"unit": "line", "size": 5}), groups).is_valid
    result = run(roster({"unit": "line", "size": 8}), groups)
    assert result.violations[0].message == "Line Squad: group of 8, groups of 1–6 allowed"


def test_unit_size_by_rule_keeps_independent_characters_single():  # grimdark §36.3
    single = rule(
        "unit_size",
        select={"rules": ["independent_character"]},
        max=1,
        label="Independent character",
    )
    assert run(roster({"unit": "chief"}), single).is_valid
    result = run(roster({"unit": "chief", "size": 2}), single)
    assert "t.unit_size" in result.codes()


def test_per_model_options_for_groups():  # Mordheim §15.7 identical equipment
    identical = rule("per_model_options", category="Troops")
    assert run(roster({"unit": "line", "size": 5}), identical).is_valid
    result = run(roster({"unit": "line", "size": 5, "options": ["horn"]}), identical)
    assert result.violations[0].path == "units[0].options[0]"


def test_size_range_and_listed_sizes():
    assert run(roster({"unit": "line", "size": 10}, {"unit": "horde", "size": 20})).is_valid
    result = run(roster({"unit": "line", "size": 11}, {"unit": "horde", "size": 15}))
    assert result.codes() == ["unit.size_range", "unit.size_not_listed"]
    assert result.violations[0].message == "Line Squad: 11 models, 5–10 allowed"
    assert result.violations[1].message == "Horde: 15 models, sizes 10, 20 only"


def test_unknown_unit_and_option():
    result = run(roster({"unit": "ghost"}, {"unit": "line", "options": ["laser"]}))
    assert result.codes() == ["unit.unknown", "option.unknown"]
    assert result.violations[1].path == "units[1].options[0]"


def test_one_of_group():
    assert run(roster({"unit": "chief", "options": ["blade"]})).is_valid
    result = run(roster({"unit": "chief", "options": ["blade", "hammer"]}))
    assert result.codes() == ["option.group"]


def test_up_to_n_per_m_models():  # one heavy weapon per 5 models
    assert run(roster({"unit": "line", "size": 10, "options": ["cannon", "cannon"]})).is_valid
    result = run(roster({"unit": "line", "size": 9, "options": ["cannon", "cannon"]}))
    assert result.codes() == ["option.max_per"]
    assert result.violations[0].message == (
        "Line Squad: Heavy cannon ×2, at most 1 per 5 models (1 for 9)"
    )


def test_option_taken_twice_without_a_limit():
    result = run(roster({"unit": "line", "options": ["sergeant", "sergeant"]}))
    assert result.codes() == ["option.max"]


def test_requires_and_excludes():
    assert run(roster({"unit": "line", "options": ["sergeant", "sword", "banner"]})).is_valid
    result = run(roster({"unit": "line", "options": ["sword", "banner", "horn"]}))
    assert result.codes() == ["option.requires", "option.excludes"]
    assert result.violations[0].message == "Line Squad: Sergeant's sword requires Sergeant"


def test_allies_rejected_where_the_system_has_none():
    result = run(roster({"unit": "chief"}, allies=["dark-host"]))
    assert result.codes() == ["roster.allies_not_allowed"]


@pytest.mark.parametrize(
    ("override", "severity"),
    [({"severity": "warning"}, "warning"), ({"max": 2}, None), ({"enabled": False}, None)],
)
def test_house_rule_relaxes_a_constraint_without_code(override, severity):
    heavy = rule("category_count", category="Heavy Support", max=1)
    payload = roster({"unit": "relic"}, {"unit": "relic"})
    result = run(payload, heavy, overrides={"t.category_count": override})
    assert result.is_valid
    assert [v.severity for v in result.violations] == ([severity] if severity else [])


def test_house_rule_downgrades_a_built_in_check():
    result = run(
        roster({"unit": "line", "size": 11}), overrides={"unit.size_range": {"severity": "warning"}}
    )
    assert result.is_valid
    assert result.warnings[0].code == "unit.size_range"


def test_custom_message_template():
    limit = rule("points_limit", message="Gold: {points}/{limit} gc")
    result = run(roster({"unit": "relic"}, limit=50), limit)
    assert result.violations[0].message == "Gold: 100/50 gc"
