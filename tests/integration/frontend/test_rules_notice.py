"""The rules-without-effect notice in words (issue 24): glossary names, each unit once under
its army, lettered armies in a mirror match, a second same-named unit numbered."""

from __future__ import annotations

import pytest

from armybuilder.selectors import special_rule_names
from frontend.rules_notice import army_names, notice_rows

RAIDERS = {
    "name": "Raiders",
    "faction": "mire-reavers",
    "units": [
        {"id": "u1", "name": "Marsh Hound"},
        {"id": "u2", "name": "Chief"},
        {"id": "u3", "name": "Marsh Hound"},
    ],
}


def row(rule: str, *units: tuple[str, str]) -> dict:
    return {"rule": rule, "units": [{"side": s, "id": i, "name": "?"} for s, i in units]}


def test_a_mirror_match_letters_the_armies_and_numbers_the_second_hound():
    rows = [row("animal", ("a", "u1"), ("a", "u3"), ("a", "u3"), ("b", "u1"), ("b", "u3"))]
    assert notice_rows(rows, {"a": RAIDERS, "b": RAIDERS}, {"animal": "Animal"}) == [
        {
            "rule": "Animal",
            "where": "Raiders (A): Marsh Hound, Marsh Hound (2); "
            "Raiders (B): Marsh Hound, Marsh Hound (2)",
        }
    ]


def test_different_armies_keep_their_names_and_an_unglossed_slug_is_spoken():
    other = {"name": "", "faction": "night-watch", "units": [{"id": "u1", "name": "Warden"}]}
    assert army_names({"a": RAIDERS, "b": other}) == {"a": "Raiders", "b": "Night watch"}
    assert notice_rows([row("cold_blooded", ("b", "u1"))], {"a": RAIDERS, "b": other}, {}) == [
        {"rule": "Cold blooded", "where": "Night watch: Warden"}
    ]


@pytest.mark.django_db
def test_special_rule_names_reads_the_glossary(catalogues):
    names = special_rule_names(
        system="massbattle",
        slugs=["crushing-strength", "sabre-cat", "no-such-rule"],
        factions=["dawnguard-realms"],
    )
    assert names == {"crushing-strength": "Crushing Strength (n)", "sabre-cat": "Sabre-toothed cat"}
    assert special_rule_names(system="massbattle", slugs=["sabre-cat"]) == {
        "sabre-cat": "Sabre-toothed cat"
    }
    assert special_rule_names(system="massbattle", slugs=[]) == {}
