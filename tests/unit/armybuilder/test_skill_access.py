"""A hero has only the skills his type may take (issue 19; NOT IN SEED: published Mordheim
rulebook p.122, "Skills": each warband's hero types name the skill lists they learn from —
here the sample catalogues' ``extra.skill_lists``)."""

from __future__ import annotations

from typing import Any

from armybuilder.catalogue_files import read_catalogue_file
from armybuilder.rosterdata import CATALOGUE_DIR, load_faction, load_sample_roster
from armybuilder.validation import validate_roster
from rules.engine.systems.skirmish.advance_picks import offer_skills


def night_watch(**skills: list[str]) -> dict[str, Any]:
    """The sample Lantern Wardens roster, entries given ``skills`` by index."""
    roster = load_sample_roster("skirmish", "night-watch")
    for index, chosen in skills.items():
        roster["units"][int(index.lstrip("u"))]["skills"] = chosen
    return roster


def skill_codes(roster: dict[str, Any]) -> list[tuple[str, str]]:
    result = validate_roster(
        roster,
        system=read_catalogue_file(CATALOGUE_DIR / "skirmish" / "_system.yaml").data,
        factions={"lantern-wardens": load_faction("skirmish", "lantern-wardens")},
    )
    return [(v.code, v.path) for v in result.violations if v.code.startswith("skill.")]


def test_skills_from_the_heros_lists_are_legal():
    # the captain takes all five lists, a lamp sergeant combat, shooting and strength
    assert skill_codes(night_watch(u0=["sorcery", "dodge"], u1=["mighty-blow"])) == []


def test_a_skill_outside_the_heros_lists_is_an_error():
    assert skill_codes(night_watch(u1=["dodge"])) == [("skill.not_allowed", "units[1].skills[0]")]


def test_henchmen_learn_no_skills():
    assert skill_codes(night_watch(u5=["strike-to-injure"])) == [
        ("skill.not_allowed", "units[5].skills[0]")
    ]


def test_unknown_and_repeated_skills_are_errors():
    assert skill_codes(night_watch(u0=["keen-eyes", "sprint", "Sprint"])) == [
        ("skill.unknown", "units[0].skills[0]"),
        ("skill.duplicate", "units[0].skills[2]"),
    ]


def test_a_new_skill_advance_offers_the_skills_the_hero_has_not_learnt():
    entries = [{"result": "new_skill"}, {"result": "s_or_a", "characteristic": "S"}]
    offer_skills(entries, {"skill_lists": ["strength"], "skills": ["Mighty Blow"]})
    assert entries[0]["choose_one_of"] == [
        "Pit Fighter",
        "Resilient",
        "Fearsome",
        "Strongman",
        "Unstoppable Charge",
    ]
    assert "choose_one_of" not in entries[1]
