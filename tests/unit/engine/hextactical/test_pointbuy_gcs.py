"""GURPS Character Sheet (.gcs, JSON version 5) import and export on original files written
for the test suite (tests/fixtures/hextactical/gcs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical.catalogue import template_problems
from rules.engine.systems.hextactical.character import template_points
from rules.engine.systems.hextactical.pointbuy.gcs import MAX_GCS_BYTES, gcs_sheet, read_gcs
from rules.engine.systems.hextactical.pointbuy.interchange import gcs_export, gcs_import
from tests.pointbuy_parties import PARTIES, party_units

FILES = Path(__file__).resolve().parents[3] / "fixtures" / "hextactical" / "gcs"
SYSTEM = get_system("hextactical")


def _read(name: str) -> bytes:
    return (FILES / name).read_bytes()


def test_the_declared_total_is_reproduced_exactly():
    imported = gcs_import({"data": _read("brenna-exact.gcs")})
    report = imported["report"]
    assert (report["declared_total"], report["computed_total"]) == (250, 250)
    assert report["matches"]
    # only the rope, carried but not equipped, is left out, and it holds no points
    assert [(u["element"], u["points"]) for u in report["unmapped"]] == [("equipment", 0)]
    unit = imported["unit"]
    assert unit["cost"] == template_points(unit) == 250
    assert template_problems(unit, "brenna") == []


def test_traits_skills_and_techniques_keep_their_levels():
    sheet, _ = gcs_sheet(read_gcs(_read("brenna-exact.gcs")))
    traits = {t["name"]: t for t in sheet["traits"]}
    # a GCS nameable (@Melee Weapon Skill@) names the Enhanced Parry skill
    assert traits["Enhanced Parry"] == {"name": "Enhanced Parry", "level": 1, "skill": "Shortsword"}
    assert traits["Code of Honour"]["variant"] == "soldier's"
    assert traits["Weapon Master"]["variant"] == "one weapon"  # 20 points, B99
    assert traits["Bad Temper"]["self_control"] == 12
    assert sum(t["name"] == "Quirk" for t in sheet["traits"]) == 3  # a container's children
    skills = {s["name"]: s["level"] for s in sheet["skills"]}
    assert skills["Shortsword"] == 4  # 16 points of DX/A: DX+4 (B170)
    assert skills["Riding (Horse)"] == 1  # a specialisation keeps its name
    assert sheet["techniques"] == [
        {"name": "Feint", "skill": "Shortsword", "difficulty": "H", "default": 0, "levels": 2}
    ]
    assert sheet["equipment"] == ["shortsword", "medium-shield", "leather-armour"]


def test_the_report_says_by_how_much_and_why_the_totals_differ():
    report = gcs_import({"data": _read("corvin-unmapped.gcs")})["report"]
    assert (report["declared_total"], report["computed_total"]) == (160, 127)
    assert report["difference"] == 33
    assert sum(u["points"] for u in report["unmapped"]) == 33
    by_element = {}
    for entry in report["unmapped"]:
        by_element.setdefault(entry["element"], []).append(entry)
    assert by_element["spell"][0]["name"] == "Ignite Fire"
    assert by_element["attribute"][0] == {
        "path": "attributes[4]",
        "element": "attribute",
        "name": "fright_check",
        "points": 4,
        "reason": "not an attribute Muster buys: left out",
    }
    assert [m["name"] for m in by_element["modifier"]] == [
        "Only when armed",
        "Mitigator, spectacles",
    ]  # the disabled modifier is not reported
    assert by_element["trait"][0]["name"] == "Magery"  # carried as flavour at its file cost
    assert {p["name"]: p["points"] for p in by_element["price"]} == {
        "Combat Reflexes": -1,
        "Bad Sight": 15,
        "Broadsword": 1,  # 3 points buy DX+0, which costs 2 (B170)
    }
    assert by_element["unspent"][0]["points"] == 13
    assert by_element["equipment"][0]["name"] == "Spyglass"


@pytest.mark.parametrize("side", ["wardens", "reivers"])
def test_export_then_import_gives_the_same_combatant(side):
    for unit in party_units(side):
        document = json.loads(gcs_export(unit))
        assert document["version"] == 5
        assert document["total_points"] == 250
        again = gcs_import({"data": gcs_export(unit), "category": unit["category"]})
        assert again["report"]["matches"]
        assert again["unit"]["profile"] == unit["profile"]
        assert again["unit"]["extra"]["skills"] == unit["extra"]["skills"]
        assert again["unit"]["extra"]["traits"] == unit["extra"]["traits"]


@pytest.mark.parametrize(
    ("raw", "code", "field"),
    [
        (b"{not json", "gcs.json", ""),
        (b"[1, 2]", "gcs.json", ""),
        (b'{"version": 4}', "gcs.version", "version"),
        (b'{"version": 5, "traits": {"a": 1}}', "gcs.field", "traits"),
        (
            b'{"version": 5, "attributes": [{"attr_id": "st", "adj": "two"}]}',
            "gcs.field",
            "attributes[0].adj",
        ),
        (
            b'{"version": 5, "skills": [{"name": "X", "difficulty": "zz/a", "points": 1}]}',
            "gcs.field",
            "skills[0].difficulty",
        ),
        (b"[" * 100000 + b"]" * 100000, "gcs.json", ""),
    ],
)
def test_a_bad_file_names_the_field(raw, code, field):
    with pytest.raises(EngineError) as error:
        gcs_import({"data": raw})
    assert (error.value.code, error.value.field) == (code, field)


def test_an_oversized_file_is_refused():
    with pytest.raises(EngineError) as error:
        read_gcs(b" " * (MAX_GCS_BYTES + 1))
    assert error.value.code == "gcs.too_large"


def test_a_template_without_a_sheet_cannot_be_exported():
    with pytest.raises(EngineError) as error:
        gcs_export({"extra": {}})
    assert error.value.code == "gcs.no_sheet"


def test_a_battle_between_imported_characters():
    brenna = gcs_import({"data": _read("brenna-exact.gcs"), "category": "Leader"})["unit"]
    wardens = PARTIES["wardens"][0]["sheet"]
    maren = gcs_import({"data": gcs_export(party_units("wardens")[0])})["unit"]
    assert maren["name"] == wardens["name"]
    armies = [
        SYSTEM.build_army(
            {
                "name": u["name"],
                "faction": "gcs",
                "points": 250,
                "units": [{**u, "id": "u1", "points": u["cost"]}],
            }
        )
        for u in (brenna, maren)
    ]
    report = SYSTEM.resolve_battle(armies[0], armies[1], "duel", 3, log=False)
    assert report.turns_played >= 1
    assert {u.name for u in report.units} == {"Brenna Ashfall", "Captain Maren Holt"}
