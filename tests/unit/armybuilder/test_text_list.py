"""The plain-text list without a database: names written where they say which entry, a
``[slug]`` only where they do not (two units of one name, a user's catalogue), allied units
named with their faction, and every such list read back to the same payload."""

from __future__ import annotations

import pytest

from armybuilder.errors import ImportFormatError
from armybuilder.text_list import export_text, read_text, text_payload
from armybuilder.validation import ValidationResult

SYSTEM = {"name": "Grimdark (40k 4th edition)", "categories": ["HQ", "Troops"]}
WARDENS = {
    "name": "Iron Wardens",
    "units": [
        {
            "slug": "warden-captain",
            "name": "Warden Captain",
            "category": "HQ",
            "options": [
                {"slug": "power-sword", "name": "Power sword"},
                {"slug": "relic-blade", "name": "Blade"},
                {"slug": "ember-blade", "name": "Blade"},
            ],
        },
        {"slug": "line-squad", "name": "Line Squad", "category": "Troops", "options": []},
        {"slug": "old-squad", "name": "Line Squad", "category": "Troops", "options": []},
    ],
}
PACT = {
    "name": "Iron Pact",
    "units": [{"slug": "oath-guard", "name": "Oath Guard", "category": "Troops"}],
}
CATALOGUES = {"iron-wardens": WARDENS, "u7-iron-pact": PACT}
PAYLOAD = {
    "name": "Varro's Own",
    "system": "grimdark",
    "faction": "iron-wardens",
    "points_limit": 1500,
    "allies": ["u7-iron-pact"],
    "units": [
        {
            "id": "u1",
            "unit": "warden-captain",
            "size": 1,
            "name": "Captain Varro",
            "options": ["power-sword", "ember-blade", "ember-blade"],
        },
        {"id": "u2", "unit": "line-squad", "size": 10, "name": "", "options": []},
        {
            "id": "u3",
            "unit": "oath-guard",
            "size": 5,
            "name": "",
            "options": [],
            "faction": "u7-iron-pact",
        },
    ],
}
RESULT = ValidationResult(1000, 1500, "pts", {"u1": 100, "u2": 150, "u3": 80})


def written(tagged: frozenset[str] = frozenset()) -> str:
    return export_text(
        PAYLOAD, system=SYSTEM, factions=CATALOGUES, result=RESULT, tagged_factions=tagged
    )


def read_back(text: str, allies: list[str]) -> dict:
    listed = read_text(text)
    return text_payload(
        listed, system="grimdark", faction="iron-wardens", allies=allies, catalogues=CATALOGUES
    )


def entries(payload: dict) -> list[tuple]:
    return [
        (u["unit"], u["size"], u["name"], u["options"], u.get("faction")) for u in payload["units"]
    ]


def test_names_alone_unless_two_entries_share_one():
    text = written()
    assert text.splitlines()[:5] == [
        "+++ Varro's Own +++",
        "Game: Grimdark (40k 4th edition)",
        "Faction: Iron Wardens",
        "Allies: Iron Pact",
        "Points: 1000/1500 pts",
    ]
    assert '1x Warden Captain "Captain Varro": 100 pts' in text
    assert "  - Power sword\n  - 2x Blade [ember-blade]\n" in text  # two options "Blade"
    assert "10x Line Squad [line-squad]: 150 pts" in text  # two units "Line Squad"
    assert "5x Oath Guard (Iron Pact): 80 pts" in text


def test_a_users_catalogue_keeps_its_slug_and_the_list_reads_back():
    text = written(frozenset({"u7-iron-pact"}))
    assert "Allies: Iron Pact [u7-iron-pact]" in text
    assert "5x Oath Guard [u7-iron-pact/oath-guard]: 80 pts" in text
    assert entries(read_back(text, ["u7-iron-pact"])) == entries(PAYLOAD)


def test_the_written_list_reads_back_to_the_same_entries():
    assert entries(read_back(written(), ["u7-iron-pact"])) == entries(PAYLOAD)


def test_an_allied_unit_is_found_without_its_faction_when_only_one_ally_has_it():
    text = "Game: G\nFaction: Iron Wardens\nPoints: 0/500\n2x oath guard\n"
    assert entries(read_back(text, ["u7-iron-pact"])) == [("oath-guard", 2, "", [], "u7-iron-pact")]


def test_a_shared_name_without_its_slug_is_refused_naming_both():
    text = "Game: G\nFaction: Iron Wardens\nPoints: 0/500\n\n10x Line Squad\n"
    with pytest.raises(ImportFormatError) as caught:
        read_back(text, [])
    assert caught.value.field == "line 5"
    assert caught.value.message == (
        "Line 5: Iron Wardens has 2 units named 'Line Squad': add the one you mean in "
        "brackets ([line-squad], [old-squad])"
    )
