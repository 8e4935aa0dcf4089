"""An original grimdark catalogue (tests/fixtures/battlescribe/iron-choir.cat) exercising
what depends on the roster: limits raised while the roster holds a unit (``atLeast 1`` →
``ratio`` plus the raised maximum), per selection (``repeat`` → ``ratio``), a force entry's
category raised the same way; the patterns Muster cannot hold reported with id, path and
why; vehicles (4e pp.58-73: BS, armour, kinds, transport capacity); a unit of two model
kinds (a cantor and choristers) through .ros and back; a roster of two forces."""

from __future__ import annotations

import pytest

from armybuilder.battlescribe.xmlsafe import parse_xml
from armybuilder.models import Faction
from tests.api.battlescribe_support import MASSBATTLE, fixture, post_files, preview
from tests.api.battlescribe_support import files as uploads
from tests.api.test_battlescribe_rosters import EXPORT, IMPORT, imported, make_roster, same_list

pytestmark = pytest.mark.django_db

CHOIR = ("void-crusade.gst", "iron-choir.cat")
SQUAD = {"unit": "choir-squad", "size": 7, "options": ["choir-flamer"]}


@pytest.fixture
def choir(owner_client, catalogues) -> str:
    return imported(owner_client, "grimdark", CHOIR)["Iron Choir"]


def codes(roster: dict) -> set[str]:
    return {v["code"] for v in roster["validation"]["errors"]}


def test_a_limit_raised_while_the_roster_holds_a_unit_is_a_ratio_and_a_cap(owner_client, choir):
    two_abbots = [{"unit": "choir-abbot"}, {"unit": "choir-abbot"}, SQUAD, SQUAD]
    alone = make_roster(owner_client, "grimdark", choir, two_abbots, 1500)
    assert "bs.vc-ic-c-abbot-max.if.vc-ic-banner" in codes(alone)
    banner = make_roster(
        owner_client, "grimdark", choir, [*two_abbots, {"unit": "choir-banner"}], 1500
    )
    assert not {c for c in codes(banner) if c.startswith("bs.vc-ic-c-abbot")}
    three = make_roster(
        owner_client,
        "grimdark",
        choir,
        [*two_abbots, {"unit": "choir-abbot"}, {"unit": "choir-banner"}],
        1500,
    )
    assert "bs.vc-ic-c-abbot-max" in codes(three)  # set to 2: never more


def test_a_limit_raised_per_selection_counts_each_unlocking_unit(owner_client, choir):
    hounds = [{"unit": "ash-hounds"}] * 3
    one_squad = make_roster(
        owner_client, "grimdark", choir, [{"unit": "choir-abbot"}, SQUAD, *hounds], 1500
    )
    assert "bs.vc-ic-c-hounds-max.per.vc-ic-squad" in codes(one_squad)
    two_squads = make_roster(
        owner_client, "grimdark", choir, [{"unit": "choir-abbot"}, SQUAD, SQUAD, *hounds], 1500
    )
    assert two_squads["validation"]["legal"], two_squads["validation"]


def test_a_force_category_raised_by_a_unit(owner_client, choir):
    walkers = [{"unit": "pyre-walker"}, {"unit": "pyre-walker"}]
    with_abbot = make_roster(
        owner_client, "grimdark", choir, [{"unit": "choir-abbot"}, SQUAD, SQUAD, *walkers], 1500
    )
    assert with_abbot["validation"]["legal"], with_abbot["validation"]
    faction = Faction.objects.get(slug=choir)
    kinds = {c["code"]: c for c in faction.data["constraints"]}
    ratio = kinds["bs.vc-ic-c-heavy-max.if.vc-ic-abbot"]
    assert (ratio["kind"], ratio["free"], ratio["count"]) == ("ratio", 1, 1)
    assert ratio["limited"] == {"categories": ["Heavy Support"]}
    assert kinds["bs.vc-ic-c-heavy-max"]["max"] == 2
    assert kinds["bs.vc-ic-c-elites-pct"]["kind"] == "category_points_percent"
    # a limit on the category entry itself counts the whole roster
    assert kinds["bs.vc-ic-c-elites-roster"] == {
        "code": "bs.vc-ic-c-elites-roster",
        "kind": "category_count",
        "severity": "error",
        "category": "Elites",
        "max": 2,
    }


def test_what_muster_cannot_hold_is_reported_with_id_path_and_why(owner_client, catalogues):
    report = preview(owner_client, "grimdark", *CHOIR).json()
    found = {u["id"]: u for u in report["unmapped"]}
    why = {ident: found[ident]["reason"] for ident in found}
    assert "exclusion" in why["vc-ic-m-banner-walker"]  # set max 0 while a walker is taken
    assert "atLeast 2" in why["vc-ic-m-walker-two"]
    assert "has no 'vc-ic-abbot'" in why["vc-ic-m-walker-none"]  # equalTo 0
    assert "costs are fixed" in why["vc-ic-m-abbot-cost"]
    assert "percentage" in why["vc-ic-c-walker-pct"]
    assert "percentage" in why["vc-ic-c-elites-share"]
    assert "how many forces" in why["vc-ic-c-host-max"]
    assert "one force organisation" in why["vc-foc"]
    assert "several model kinds" in why["vc-ic-p-cantor"]
    assert "'hidden' modifier of a category" in why["vc-ic-m-elites-hidden"]
    assert found["vc-ic-m-banner-walker"]["file"] == "iron-choir.cat"
    assert found["vc-ic-m-banner-walker"]["path"].startswith(
        "catalogue/selectionEntries/selectionEntry[Choir Banner]/modifiers/modifier"
    )


def test_vehicles_get_armour_kinds_and_transport_capacity(owner_client, choir):
    units = {u["slug"]: u for u in Faction.objects.get(slug=choir).data["units"]}
    skiff, walker = units["choir-skiff"], units["pyre-walker"]
    assert skiff["unit_type"] == walker["unit_type"] == "vehicle"
    assert skiff["profile"] == {"BS": 3, "front": 10, "side": 10, "rear": 10}
    assert skiff["extra"]["vehicle_types"] == ["skimmer", "open_topped", "fast"]
    assert skiff["extra"]["transport_capacity"] == 10
    # a walker also keeps WS, S, I and A: it fights in close combat (4e pp.58-73)
    assert walker["profile"] == {
        "BS": 4,
        "front": 12,
        "side": 12,
        "rear": 10,
        "WS": 4,
        "S": 5,
        "I": 4,
        "A": 2,
    }
    assert walker["extra"]["vehicle_types"] == ["walker"]
    assert [w["name"] for w in skiff["weapons"]] == ["Hymn cannon"]


def test_a_battle_with_imported_vehicles(owner_client, choir, django_capture_on_commit_callbacks):
    units = [
        {"unit": "choir-abbot"},
        SQUAD,
        SQUAD,
        {"unit": "choir-skiff"},
        {"unit": "pyre-walker"},
    ]
    one = make_roster(owner_client, "grimdark", choir, units, 1500)
    two = make_roster(owner_client, "grimdark", choir, units, 1500)
    assert one["validation"]["legal"], one["validation"]
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post(
            "/api/v1/battles/", {"rosters": [one["id"], two["id"]], "seed": 8}, format="json"
        )
    assert battle.status_code == 202, battle.json()
    assert owner_client.get(battle.json()["url"]).json()["status"] == "resolved"


def test_a_unit_of_two_model_kinds_round_trips_through_ros(owner_client, choir):
    units = [{"unit": "choir-abbot"}, SQUAD, {**SQUAD, "size": 10, "options": []}]
    roster = make_roster(owner_client, "grimdark", choir, units, 1500)
    exported = owner_client.get(EXPORT.format(roster["id"]))
    root = parse_xml(exported.content, file="roster.ros")
    [force] = root.each("forces", "force")
    squad = force.each("selections", "selection")[1]
    models = {
        s.get("entryId"): s.get("number")
        for s in squad.each("selections", "selection")
        if s.get("type") == "model"
    }
    assert models == {"vc-ic-cantor": "1", "vc-ic-chorister": "6"}
    back = post_files(
        owner_client, IMPORT, "grimdark", uploads(("roster.ros", exported.content)), key="file"
    )
    assert back.status_code == 201, back.json()
    assert back.json()["unknown"] == []
    assert same_list(back.json()) == same_list(roster)
    assert back.json()["validation"] == roster["validation"]


def test_model_selections_nested_as_battlescribe_writes_them_are_read(owner_client, choir):
    ros = (
        b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r" name="Hymn">'
        b'<forces><force id="f" name="Choir Host" entryId="vc-ic-host" catalogueId="vc-iron-choir">'
        b'<selections><selection id="s" name="Choir Squad" entryId="vc-ic-squad" number="1" '
        b'type="unit"><selections>'
        b'<selection id="m1" name="Choir Cantor" entryId="vc-ic-cantor" number="1" type="model"/>'
        b'<selection id="m2" name="Chorister" entryId="vc-ic-chorister" number="5" type="model">'
        b'<selections><selection id="o" name="Choir flamer" entryId="vc-ic-squad-flamer" '
        b'number="1" type="upgrade"/></selections></selection>'
        b"</selections></selection></selections></force></forces></roster>"
    )
    back = post_files(owner_client, IMPORT, "grimdark", uploads(("h.ros", ros)), key="file")
    assert back.status_code == 201, back.json()
    [squad] = back.json()["units"]
    assert (squad["size"], squad["options"]) == (6, ["choir-flamer"])


def test_a_roster_of_several_forces_imports_each_and_says_what_it_merged(owner_client, catalogues):
    """Kings of War allows allies (§14.5): a second catalogue's force is an ally, a second
    force of the same catalogue joins the first."""
    second = fixture("emberhold.cat").replace(
        b'id="er-emberhold" name="Emberhold"', b'id="er-second" name="Second Hold"'
    )
    slugs = imported(owner_client, "massbattle", (*MASSBATTLE, ("second.cat", second)))
    units = [{"unit": "cinder-spears", "size": 20}, {"unit": "forge-warden"}]
    roster = make_roster(owner_client, "massbattle", slugs["Emberhold"], units, 2000)
    exported = owner_client.get(EXPORT.format(roster["id"])).content
    force = exported[exported.index(b"<force ") : exported.index(b"</force>") + len(b"</force>")]
    ally = (
        force.replace(b'catalogueId="er-emberhold"', b'catalogueId="er-second"')
        .replace(b'id="force-1"', b'id="force-2"')
        .replace(b'catalogueName="Emberhold"', b'catalogueName="Second Hold"')
    )
    raid = force.replace(b'id="force-1"', b'id="force-3"').replace(
        b'entryId="er-force"', b'entryId="er-force-raid"'
    )
    both = exported.replace(force, force + ally + raid)
    back = post_files(owner_client, IMPORT, "massbattle", uploads(("all.ros", both)), key="file")
    assert back.status_code == 201, back.json()
    body = back.json()
    assert body["allies"] == [slugs["Second Hold"]]
    assert [f["role"] for f in body["forces"]] == ["primary", "ally", "merged"]
    assert [f["units"] for f in body["forces"]] == [2, 2, 2]
    assert "join the first" in body["forces"][2]["note"]
    assert "one force organisation" in body["forces"][2]["note"]
    assert len(body["units"]) == 6
    again = owner_client.get(EXPORT.format(body["id"])).content
    forces = parse_xml(again, file="again.ros").each("forces", "force")
    assert [f.get("catalogueId") for f in forces] == ["er-emberhold", "er-second"]
