"""Weapons Training (published Mordheim rulebook p.121, Combat skills): the engine mapping
(``rosterdata.roster_to_engine``) reads a hero's options from ``entry_units.entry_unit``, so a
close-combat weapon of another list of his warband reaches the battle with its list price."""

from armybuilder.rosterdata import load_faction, load_sample_roster, roster_to_engine
from rules.engine.systems.skirmish import SYSTEM


def mapped(skills: list[str]) -> dict:
    roster = load_sample_roster("skirmish", "night-watch")
    roster["units"][0]["options"] = ["flail"]
    roster["units"][0]["skills"] = skills
    data = roster_to_engine(
        roster, {"lantern-wardens": load_faction("skirmish", "lantern-wardens")}
    )
    return data["units"][0]


def test_a_trained_heros_flail_is_mapped_priced_and_fought_with():
    captain = mapped(["weapons-training"])
    assert "Flail" in [w["name"] for w in captain["weapons"]]
    assert captain["points"] == 60 + 15  # the captain's cost and the flail's list price
    roster = load_sample_roster("skirmish", "night-watch")
    roster["units"][0].update(options=["flail"], skills=["weapons-training"])
    army = SYSTEM.build_army(
        roster_to_engine(roster, {"lantern-wardens": load_faction("skirmish", "lantern-wardens")})
    )
    assert army.fighters[0].main.key == "flail"  # he fights with it


def test_without_the_skill_the_flail_is_not_his():
    captain = mapped([])
    assert "Flail" not in [w["name"] for w in captain["weapons"]]
    assert captain["points"] == 60
