"""The pure BattleScribe pieces: the hardened reader's limits, link cycles, static modifiers,
and each system's reading of weapon profiles and rule names (no database)."""

from __future__ import annotations

import pytest

from armybuilder.battlescribe.archive import DataFile
from armybuilder.battlescribe.bundle import read_bundle
from armybuilder.battlescribe.errors import BattleScribeRefused
from armybuilder.battlescribe.factions import map_bundle
from armybuilder.battlescribe.limits import modified, static_truth, unlock_of
from armybuilder.battlescribe.resolve import Element
from armybuilder.battlescribe.xmlsafe import MAX_DEPTH, parse_xml
from rules.engine.systems import get_system

GST = '<gameSystem xmlns="http://www.battlescribe.net/schema/gameSystemSchema" id="g"/>'


def node(text: str):
    return parse_xml(text.encode(), file="t.cat")


def test_nesting_deeper_than_the_limit_is_refused():
    deep = "<a>" * (MAX_DEPTH + 1) + "</a>" * (MAX_DEPTH + 1)
    with pytest.raises(BattleScribeRefused) as refused:
        node(deep)
    assert refused.value.code == "battlescribe.xml_too_deep"


def test_a_link_cycle_is_refused_naming_the_link():
    cat = (
        '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="c" '
        'gameSystemId="g"><sharedSelectionEntries><selectionEntry id="loop" name="Loop" '
        'type="unit"><entryLinks><entryLink id="l" name="Again" targetId="loop" '
        'type="selectionEntry"/></entryLinks></selectionEntry></sharedSelectionEntries>'
        '<entryLinks><entryLink id="root" name="Loop" targetId="loop" type="selectionEntry"/>'
        "</entryLinks></catalogue>"
    )
    bundle = read_bundle([DataFile("g.gst", GST.encode()), DataFile("c.cat", cat.encode())])
    importer = get_system("massbattle").catalogue.importers["battlescribe"]
    with pytest.raises(BattleScribeRefused) as refused:
        map_bundle(bundle, system="massbattle", points_name="pts", importer=importer)
    assert refused.value.code == "battlescribe.link_depth"
    assert refused.value.file == "c.cat"


def condition(kind: str, child: str) -> str:
    return (
        f'<modifier type="set" field="x" value="3"><conditions><condition type="{kind}" '
        f'childId="{child}" field="selections" scope="force" value="1"/></conditions></modifier>'
    )


@pytest.mark.parametrize(
    ("kind", "child", "truth"),
    [
        ("instanceOf", "own", True),  # the catalogue's own force: always
        ("instanceOf", "other", False),
        ("notInstanceOf", "own", False),
        ("atLeast", "own", None),  # counts depend on the roster
        ("equalTo", "other", None),
    ],
)
def test_only_conditions_on_the_catalogue_itself_are_decided_at_import(kind, child, truth):
    assert static_truth(node(condition(kind, child)), {"own"}) is truth


def test_set_and_increment_modifiers():
    assert modified(2, node('<modifier type="set" value="5"/>')) == 5
    assert modified(2, node('<modifier type="increment" value="1"/>')) == 3
    assert modified(2, node('<modifier type="decrement" value="1"/>')) == 1


def profile(name: str, **values: str) -> dict:
    from armybuilder.battlescribe.records import first_number

    return {
        "name": name,
        "type": "Weapon",
        "values": values,
        "numbers": {k: first_number(v) for k, v in values.items()},
    }


def test_grimdark_reads_weapon_types_shots_and_abilities():  # seed 000 [28]-[32]
    from rules.engine.systems.grimdark.battlescribe import MODELS as mapping

    heavy = mapping.weapon(profile("Lance", Range='36"', S="8", AP="3", Type="Heavy 2, Blast"))
    assert heavy == {
        "name": "Lance",
        "type": "heavy",
        "special": ["blast"],
        "_unplayed": [],
        "range": 36,
        "S": 8,
        "AP": 3,
        "shots": 2,
    }
    melee = mapping.weapon(profile("Fist", S="x2", AP="-", Type="Melee, Power Fist, Sparks"))
    assert melee["type"] == "close_combat"
    assert melee["special"] == ["power_fist"]
    assert melee["_unplayed"] == ["Sparks"]
    assert "not one the engine plays" in mapping.weapon(profile("Odd", Type="Grenade"))


def test_each_system_spells_rules_its_own_way():
    from rules.engine.systems.grimdark.battlescribe import MODELS

    assert MODELS.rule_slug(["feel", "no", "pain"], "") == "feel_no_pain"
    assert (
        get_system("massbattle")
        .catalogue.importers["battlescribe"]
        .rule_slug(["crushing", "strength"], "1")
        == "crushing-strength(1)"
    )


def test_skirmish_reads_equipment_by_name():
    mapping = get_system("skirmish").catalogue.importers["battlescribe"]
    assert mapping.item("Long Bow") == {"name": "Long Bow", "type": "long-bow"}
    assert mapping.item("Light Armour") == {"name": "Light Armour", "type": "light-armour"}
    assert mapping.item("Warpstone Charm") is None


def test_hextactical_has_no_battlescribe_mapping():
    assert "battlescribe" not in get_system("hextactical").catalogue.importers


def raising(kind: str, value: int, test: str, threshold: int, scope: str = "roster") -> Element:
    text = (
        f'<modifier type="{kind}" field="c-max" value="{value}"><conditions>'
        f'<condition type="{test}" childId="banner" field="selections" scope="{scope}" '
        f'value="{threshold}"/><condition type="instanceOf" childId="own" field="selections" '
        'scope="force" value="0"/></conditions></modifier>'
    )
    return Element(node(text), "t.cat", "catalogue/modifier")


@pytest.mark.parametrize(
    ("modifier", "kind", "answer"),
    [
        (raising("set", 3, "atLeast", 1), "max", (3, "roster")),
        (raising("increment", 1, "greaterThan", 0, "force"), "max", (2, "force")),
        (raising("increment", 1, "atLeast", 1, "parent"), "max", (2, "force")),
        (raising("set", 0, "atLeast", 1), "max", "no exclusion kind"),
        (raising("set", 3, "atLeast", 2), "max", "atLeast 2"),
        (raising("set", 3, "equalTo", 0), "max", "has no 'banner'"),
        (raising("set", 3, "atLeast", 1, "ancestor"), "max", "scope 'ancestor'"),
        (raising("set", 3, "atLeast", 1), "min", "a minimum"),
    ],
)
def test_a_maximum_raised_while_the_roster_holds_one_is_an_unlock(modifier, kind, answer):
    found = unlock_of(modifier, {"own"}, kind, 1)
    if isinstance(answer, tuple):
        assert (found.value, found.scope, found.child) == (*answer, "banner")
    else:
        assert answer in found


def test_an_unlock_under_a_static_condition_that_fails_never_applies():
    modifier = raising("set", 3, "atLeast", 1)
    assert unlock_of(modifier, {"other"}, "max", 1) is None
