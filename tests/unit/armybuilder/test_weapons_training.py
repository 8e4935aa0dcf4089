"""Weapons Training (published Mordheim rulebook p.121, Combat skills: "may use any close
combat weapon he comes across, not just those in his warband's equipment list"): a hero with
it may take any close-combat weapon of his warband's own equipment lists (the catalogue
format has no shared armoury); ``entry_units.entry_unit`` is what the validator checks and
prices an entry against."""

from __future__ import annotations

from typing import Any

from armybuilder.catalogue_files import read_catalogue_file
from armybuilder.entry_units import entry_unit, skill_tables
from armybuilder.rosterdata import CATALOGUE_DIR, load_faction, load_sample_roster
from armybuilder.validation import validate_roster

WARDENS = load_faction("skirmish", "lantern-wardens")
TABLES = skill_tables("skirmish")
CAPTAIN = next(u for u in WARDENS["units"] if u["slug"] == "warden-captain")


def captain_with(options: list[str], skills: list[str] | None = None) -> dict[str, Any]:
    """The sample roster, its captain (entry 0) given ``options`` and ``skills``."""
    roster = load_sample_roster("skirmish", "night-watch")
    roster["units"][0]["options"] = options
    if skills is not None:
        roster["units"][0]["skills"] = skills
    return roster


def validate(roster: dict[str, Any]):
    return validate_roster(
        roster,
        system=read_catalogue_file(CATALOGUE_DIR / "skirmish" / "_system.yaml").data,
        factions={"lantern-wardens": WARDENS},
    )


def option_errors(roster: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in validate(roster).violations if v.path.startswith("units[0]")]


def test_the_captains_own_list_has_no_flail():
    assert "flail" not in {o["slug"] for o in CAPTAIN["options"]}


def test_with_weapons_training_a_flail_of_another_list_is_legal_and_priced():
    plain = validate(captain_with(["sword"], ["weapons-training"]))
    trained = validate(captain_with(["sword", "flail"], ["Weapons Training"]))
    assert option_errors(captain_with(["sword", "flail"], ["Weapons Training"])) == []
    assert trained.unit_points["u1"] == plain.unit_points["u1"] + 15  # the flail's list price


def test_without_the_skill_the_flail_is_an_unknown_option_on_its_field():
    errors = option_errors(captain_with(["sword", "flail"]))
    assert errors
    assert all(path.startswith("units[0].options") for _code, path in errors)


def test_only_close_combat_weapons_are_opened():
    unit = entry_unit(CAPTAIN, {"skills": ["weapons-training"]}, WARDENS, TABLES)
    added = {o["slug"]: o for o in unit["options"] if o.get("opened_by")}
    assert "flail" in added
    assert added["flail"]["opened_by"] == "Weapons Training"
    assert "long-bow" not in added  # a missile weapon of another list
    every = [o["slug"] for o in unit["options"]]
    assert len(every) == len(set(every))  # his own sword stays his own, once
    assert entry_unit(CAPTAIN, {"skills": ["dodge"]}, WARDENS, TABLES) is CAPTAIN


def test_a_skill_learnt_in_a_campaign_opens_the_list_too():
    unit = entry_unit(CAPTAIN, {"learnt": ["Weapons Training"]}, WARDENS, TABLES)
    assert "flail" in {o["slug"] for o in unit["options"]}
