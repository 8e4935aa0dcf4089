"""Magic items and the Kings of War 2010 army-list limits in the shipped massbattle
catalogues, checked by the one validator (seed 003 p.11 "army building": points, one war
engine and one hero or monster per core unit of each race, [1] once, allies by alignment;
items: one per unit, each once per army, only the units an item names)."""

from __future__ import annotations

from armybuilder.catalogue_checks import catalogue_issues
from armybuilder.catalogue_upload import ParsedDocument
from armybuilder.magic_items import offered_units
from armybuilder.rosterdata import CATALOGUE_DIR, entry_points, load_faction, load_yaml
from armybuilder.validation import validate_roster

SYSTEM = load_yaml(CATALOGUE_DIR / "massbattle" / "_system.yaml")
FACTIONS = {
    slug: load_faction("massbattle", slug) for slug in ("dawnguard-realms", "gravemire-host")
}


def _validate(units: list[dict], allies: list[str] | None = None):
    payload = {
        "system": "massbattle",
        "faction": "dawnguard-realms",
        "points_limit": 2000,
        "units": units,
        "allies": allies or [],
    }
    return validate_roster(payload, system=SYSTEM, factions=FACTIONS)


REGIMENT = {"unit": "shieldwall-spearmen", "size": 20, "options": []}


def test_a_unit_takes_one_magic_item_at_its_points():
    result = _validate([REGIMENT, {"unit": "beacon-marshal", "size": 1, "options": ["emberbrand"]}])
    assert result.is_valid, result.codes()
    assert result.points == 140 + 90 + 20


def test_two_items_in_one_unit_are_refused():
    marshal = {"unit": "beacon-marshal", "size": 1, "options": ["emberbrand", "dawnsteel-plate"]}
    result = _validate([REGIMENT, marshal])
    [found] = [v for v in result.violations if v.code == "items.per_unit"]
    assert found.path == "units[1].options[1]"
    assert "2 magic items (Emberbrand, Dawnsteel Plate), at most 1 per unit" in found.message


def test_an_item_is_unique_in_the_army():
    units = [
        {**REGIMENT, "options": ["oath-ring"], "name": "Pass Wardens"},
        {**REGIMENT, "options": ["oath-ring"], "name": "Beacon Guard"},
    ]
    [found] = [v for v in _validate(units).violations if v.code == "items.unique"]
    assert found.message == "Beacon Guard: the Oath-Ring is already taken by Pass Wardens"
    assert found.path == "units[1].options[0]"


def test_an_item_only_for_the_units_it_names():
    troop = {"unit": "shieldwall-spearmen", "size": 10, "options": ["beacon-standard"]}
    archers = {"unit": "vale-longbowmen", "size": 20, "options": ["emberbrand"]}
    result = _validate([REGIMENT, troop, archers])
    found = [(v.code, v.path) for v in result.violations if v.code == "option.not_allowed"]
    assert found == [
        ("option.not_allowed", "units[1].options[0]"),
        ("option.not_allowed", "units[2].options[0]"),
    ]
    assert (
        "Vale Longbowmen: may not take the Emberbrand"
        in result.as_dict()["violations"][1]["message"]
    )


def test_each_army_has_its_own_items():
    ally = {
        "unit": "wight-captain",
        "size": 1,
        "options": ["emberbrand"],
        "faction": "gravemire-host",
    }
    result = _validate([REGIMENT, ally], allies=["gravemire-host"])
    assert "option.unknown" in result.codes()


def test_a_house_rule_allows_two_items_per_unit():
    marshal = {"unit": "beacon-marshal", "size": 1, "options": ["emberbrand", "dawnsteel-plate"]}
    payload = {"system": "massbattle", "faction": "dawnguard-realms", "units": [REGIMENT, marshal]}
    result = validate_roster(
        payload, system=SYSTEM, factions=FACTIONS, overrides={"items.per_unit": {"max": 2}}
    )
    assert "items.per_unit" not in result.codes()


def test_every_sample_faction_offers_about_eight_items_to_its_units():
    for catalogue in FACTIONS.values():
        assert len(catalogue["magic_items"]) == 8
        units = offered_units(catalogue)
        for item in catalogue["magic_items"]:
            some = next(iter(units.values()))
            assert (
                entry_points(some, some.get("sizes", [{"size": 1}])[0]["size"], [item["slug"]]) > 0
            )


def test_a_horde_is_a_core_unit_of_its_own_race():  # seed 003 p.11: 20+ infantry or 10+ cavalry
    horde = {"unit": "shieldwall-spearmen", "size": 40, "options": []}
    hero = {"unit": "beacon-marshal", "size": 1, "options": []}
    engine = {"unit": "bastion-bolt-thrower", "size": 1, "options": []}
    assert _validate([horde, hero, engine]).is_valid
    troop = {"unit": "shieldwall-spearmen", "size": 10, "options": []}
    codes = _validate([troop, hero, engine]).codes()
    assert "core.heroes_monsters" in codes
    assert "core.war_engines" in codes
    wyrm = {"unit": "bog-wyrm", "size": 1, "options": [], "faction": "gravemire-host"}
    codes = _validate([horde, hero, wyrm], allies=["gravemire-host"]).codes()
    assert codes == ["core.heroes_monsters", "allies.alignment"]


def test_catalogue_checks_name_a_broken_item():
    data = load_faction("massbattle", "dawnguard-realms")
    data["magic_items"] = [
        *data["magic_items"],
        {"slug": "banner", "name": "Twin", "cost": 5, "allowed": {"units": ["nobody"]}},
        {"slug": "odd-charm", "name": "Odd Charm", "cost": 5, "effects": {"modify": {"WS": 1}}},
    ]
    found = {(i.code, i.path) for i in catalogue_issues(ParsedDocument(data=data, lines={}))}
    assert ("catalogue.inconsistent", "magic_items[8]") in found
    data["magic_items"] = data["magic_items"][:8] + data["magic_items"][9:]
    found = {(i.code, i.path) for i in catalogue_issues(ParsedDocument(data=data, lines={}))}
    assert found == {("engine.item.stat_unknown", "magic_items[8]")}
