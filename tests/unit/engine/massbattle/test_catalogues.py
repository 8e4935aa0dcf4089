"""The two sample catalogues are playable by this engine (seed 003 §2, §11)."""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import load_faction
from rules.engine.systems.massbattle.units import KNOWN_RULES, UNIT_TYPES, parse_rules

FACTIONS = ("dawnguard-realms", "gravemire-host")
CATEGORIES = {"Infantry", "Cavalry", "Hero", "Monster", "War Engine"}


@pytest.mark.parametrize("faction", FACTIONS)
def test_catalogue_has_the_unit_kinds_the_brief_needs(faction):
    cat = load_faction("massbattle", faction)
    units = cat["units"]
    assert len(units) >= 8
    assert {u["category"] for u in units} == CATEGORIES
    assert all(u["unit_type"] in UNIT_TYPES for u in units)
    assert any(u.get("unique") for u in units)
    assert any(s["size"] == 40 for u in units for s in u["sizes"])  # a horde


def test_factions_have_different_alignments():  # seed 003 §11 alignments
    assert {load_faction("massbattle", f)["alignment"] for f in FACTIONS} == {"good", "evil"}


@pytest.mark.parametrize("faction", FACTIONS)
def test_every_catalogue_rule_is_read_by_the_engine(faction):
    cat = load_faction("massbattle", faction)
    slugs = []
    for unit in cat["units"]:
        slugs += list(parse_rules(unit.get("rules", [])))
        for option in unit.get("options", []):
            slugs += list(parse_rules((option.get("effects") or {}).get("add_rules", [])))
    assert set(slugs) <= KNOWN_RULES
