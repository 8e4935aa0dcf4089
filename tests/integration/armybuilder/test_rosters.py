"""Rosters: building, history, duplication, export/import, verification, catalogue changes,
engine data and the validator's query budget."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from armybuilder import selectors
from armybuilder.errors import ImportFormatError, NotFoundError, RosterError, VerificationError
from armybuilder.models import RosterAction
from armybuilder.services.catalogues import catalogues_load
from armybuilder.services.engine import roster_to_engine
from armybuilder.services.exchange import roster_import, roster_import_text
from armybuilder.services.history import roster_accept_catalogue, roster_undo
from armybuilder.services.rosters import (
    roster_create,
    roster_duplicate,
    roster_replace,
    roster_update,
)
from armybuilder.services.units import (
    roster_add_unit,
    roster_duplicate_unit,
    roster_remove_unit,
    roster_update_unit,
)
from armybuilder.services.verification import roster_verification, verification_check

pytestmark = pytest.mark.django_db

EXPECTED_TEXT = """\
+++ Strike Force Varro +++
Game: Grimdark (40k 4th edition)
Faction: Ashen Legion
Points: 950/900 pts

+ HQ (1) +
1x Warden "Warden Varro": 105 pts
  - Ember blade

+ Troops (2) +
10x Line Squad "Squad \\"Iron\\" Tal": 170 pts
  - Heavy cannon
  - Sergeant
5x Line Squad: 75 pts

+ Heavy Support (4) +
1x Ash Gunship: 150 pts
1x Ash Gunship: 150 pts
1x Ash Gunship: 150 pts
1x Ash Gunship: 150 pts
! error: Points: 950/900 pts, 50 pts over the limit
! error: Heavy Support: 4 units, at most 3 allowed
"""


@pytest.fixture
def strike_force(loaded, player):
    units = [
        {"unit": "warden", "options": ["ember-blade"], "name": "Warden Varro"},
        {
            "unit": "line-squad",
            "size": 10,
            "options": ["heavy-cannon", "sergeant"],
            "name": 'Squad "Iron" Tal',
        },
        {"unit": "line-squad"},
        *[{"unit": "ash-gunship"}] * 4,
    ]
    return roster_create(
        owner=player,
        system="grimdark",
        faction="ashen-legion",
        name="Strike Force Varro",
        points_limit=900,
        units=units,
    )


def test_create_prices_from_the_catalogue_and_records_revision_one(strike_force):
    assert strike_force.points == 105 + 170 + 75 + 4 * 150
    assert strike_force.is_valid is False
    assert strike_force.catalogue_revisions == {"_system": 1, "ashen-legion": 1}
    revision = selectors.roster_revision_list(roster=strike_force).get()
    assert revision.number == 1
    assert revision.unit_points["u2"] == 170


def test_validation_reports_system_words_and_paths(strike_force):
    result = selectors.roster_validate(roster=strike_force)
    assert [(v.code, v.path) for v in result.violations] == [
        ("points.limit", "points"),
        ("foc.heavy_support", "units[6]"),
    ]


def test_every_change_is_a_revision_and_undo_restores(strike_force, player):
    gunship = strike_force.payload["units"][-1]["id"]
    roster_remove_unit(roster=strike_force, unit_id=gunship, actor=player)
    strike_force.refresh_from_db()
    assert strike_force.revision == 2
    assert selectors.roster_validate(roster=strike_force).is_valid
    roster_undo(roster=strike_force, actor=player)
    strike_force.refresh_from_db()
    assert strike_force.revision == 3
    assert len(strike_force.unit_entries()) == 7
    actions = list(
        selectors.roster_revision_list(roster=strike_force).values_list("action", flat=True)
    )
    assert actions == [RosterAction.RESTORED, RosterAction.UNIT_REMOVED, RosterAction.CREATED]


def test_unit_changes_keep_ids_and_duplicates_get_new_ones(strike_force):
    entry = roster_update_unit(roster=strike_force, unit_id="u3", size=6, name="Reserve")
    copy = roster_duplicate_unit(roster=strike_force, unit_id="u3")
    strike_force.refresh_from_db()
    assert entry["id"] == "u3"
    assert entry["size"] == 6
    assert copy["id"] == "u8"
    assert copy["name"] == "Reserve"
    assert [u["id"] for u in strike_force.unit_entries()][2:4] == ["u3", "u8"]


def test_add_unit_rejects_unknown_units_with_a_code(strike_force):
    with pytest.raises(NotFoundError) as caught:
        roster_add_unit(roster=strike_force, unit="titan")
    assert caught.value.code == "roster.unit_unknown"
    with pytest.raises(RosterError) as caught:
        roster_add_unit(roster=strike_force, unit="warden", size=0)
    assert caught.value.code == "roster.shape"


def test_allies_refused_where_the_system_has_none(strike_force):
    with pytest.raises(RosterError) as caught:
        roster_update(roster=strike_force, allies=["ashen-legion"])
    assert caught.value.code == "roster.allies_not_allowed"


def test_duplicate_roster_has_its_own_history(strike_force, player):
    copy = roster_duplicate(roster=strike_force, owner=player)
    assert copy.pk != strike_force.pk
    assert copy.name == "Strike Force Varro (copy)"
    assert copy.points == strike_force.points
    assert copy.revision == 1


def test_text_export_snapshot(strike_force):
    assert selectors.roster_export_text(roster=strike_force) == EXPECTED_TEXT


def test_text_export_reads_back_identically(strike_force, player):
    text = selectors.roster_export_text(roster=strike_force)
    imported = roster_import_text(owner=player, text=text)
    assert selectors.roster_export_text(roster=imported) == text
    assert selectors.roster_export_json(roster=imported) == selectors.roster_export_json(
        roster=strike_force
    )


def test_json_round_trip(strike_force, player):
    data = selectors.roster_export_json(roster=strike_force)
    assert set(data) == {"name", "system", "faction", "points_limit", "units"}
    assert data["units"][1] == {
        "unit": "line-squad",
        "size": 10,
        "name": 'Squad "Iron" Tal',
        "options": ["heavy-cannon", "sergeant"],
    }
    imported = roster_import(owner=player, data=data)
    assert selectors.roster_export_json(roster=imported) == data


#: The text export before names were enough: every name followed by its [slug].
TAGGED_TEXT = """\
+++ Strike Force Varro +++
Game: Grimdark (40k 4th edition) [grimdark]
Faction: Ashen Legion [ashen-legion]
Points: 950/900 pts

+ HQ (1) +
1x Warden [warden] "Warden Varro": 105 pts
  - Ember blade [ember-blade]

+ Troops (2) +
10x Line Squad [line-squad] "Squad \\"Iron\\" Tal": 170 pts
  - Heavy cannon [heavy-cannon]
  - Sergeant [sergeant]
5x Line Squad [line-squad]: 75 pts

+ Heavy Support (4) +
1x Ash Gunship [ash-gunship]: 150 pts
1x Ash Gunship [ash-gunship]: 150 pts
1x Ash Gunship [ash-gunship]: 150 pts
1x Ash Gunship [ash-gunship]: 150 pts
! error: Points: 950/900 pts, 50 pts over the limit (points)
! error: Heavy Support: 4 units, at most 3 allowed (units[6])
"""


def test_the_older_tagged_text_still_imports(strike_force, player):
    imported = roster_import_text(owner=player, text=TAGGED_TEXT)
    assert selectors.roster_export_text(roster=imported) == EXPECTED_TEXT


def test_a_list_written_by_hand_is_matched_by_name(strike_force, player):
    """Names as a player types them: any case, extra spaces, no points, no categories."""
    written = (
        "+++ Typed +++\nGame: grimdark (40K 4th Edition)\nFaction: ashen  legion\n"
        "Points: 0/900\n1x WARDEN\n- ember blade\n10x line squad\n  - 2x sergeant\n"
    )
    imported = roster_import_text(owner=player, text=written)
    assert [(u["unit"], u["size"], u["options"]) for u in imported.unit_entries()] == [
        ("warden", 1, ["ember-blade"]),
        ("line-squad", 10, ["sergeant", "sergeant"]),
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Game: Chess", "Line 1: no game named 'Chess' (the games: "),
        ("Faction: Ashen Legoin", "Line 2: no faction named 'Ashen Legoin' (the factions: "),
        ("1x Wardn", "Line 4: Ashen Legion has no unit named 'Wardn' (did you mean 'Warden'?)"),
        ("  - Plasma gun", "Line 5: Warden has no option named 'Plasma gun'"),
    ],
)
def test_a_written_list_names_the_line_of_an_unknown_name(loaded, player, line, message):
    lines = ["Game: Grimdark (40k 4th edition)", "Faction: Ashen Legion", "Points: 0/900"]
    lines += ["1x Warden", "  - Ember blade"]
    index = {"Game": 0, "Fact": 1, "1x W": 3, "  - ": 4}[line[:4]]
    lines[index] = line
    with pytest.raises(ImportFormatError) as caught:
        roster_import_text(owner=player, text="\n".join(lines))
    assert caught.value.code == "import.text"
    assert caught.value.message.startswith(message), caught.value.message
    assert caught.value.field == f"line {index + 1}"


def test_text_import_names_the_bad_line(loaded, player):
    with pytest.raises(ImportFormatError) as caught:
        roster_import_text(owner=player, text="+++ X +++\nthis is not a unit\n")
    assert caught.value.code == "import.text"
    assert caught.value.field == "line 2"


def test_verification_token_round_trip_and_tamper(strike_force, player):
    verification = roster_verification(roster=strike_force)
    assert verification.data["validation"]["errors"] == ["points.limit", "foc.heavy_support"]
    check = verification_check(token=verification.token)
    assert check.matches_roster
    assert check.catalogues_current
    roster_update(roster=strike_force, name="Renamed", actor=player)
    assert not verification_check(token=verification.token).matches_roster
    with pytest.raises(VerificationError) as caught:
        verification_check(token=verification.token[:-2] + "xx")
    assert caught.value.code == "verification.bad_signature"


def test_verify_roster_command(strike_force, capsys):
    call_command("verify_roster", str(strike_force.pk))
    token = capsys.readouterr().out.strip().splitlines()[-1]
    call_command("verify_roster", "--token", token)
    assert '"matches_roster": true' in capsys.readouterr().out


def test_catalogue_revision_change_is_shown_per_unit(strike_force, loaded, ashen, write):
    roster_remove_unit(roster=strike_force, unit_id="u7")
    ashen["revision"] = 2
    ashen["units"][2]["cost"] = 155  # gunship +5
    write(loaded, ashen)
    assert not catalogues_load(directory=loaded).errors
    strike_force.refresh_from_db()
    changes = selectors.roster_catalogue_changes(roster=strike_force)
    assert changes.changed
    assert changes.message == ("now 815/900 pts: Ash Gunship +5, Ash Gunship +5, Ash Gunship +5")
    roster_accept_catalogue(roster=strike_force)
    strike_force.refresh_from_db()
    assert not selectors.roster_catalogue_changes(roster=strike_force).changed


def test_roster_to_engine_applies_options(strike_force):
    data = roster_to_engine(roster=strike_force)
    squad = data["units"][1]
    assert data["points"] == strike_force.points
    assert {w["name"]: w["count"] for w in squad["weapons"]} == {"Bolt rifle": 9, "Heavy cannon": 1}
    assert squad["rules"] == ["fearless", "sergeant"]


def test_print_data_has_sections_and_glossary(strike_force):
    data = selectors.roster_print_data(roster=strike_force)
    assert [s["category"] for s in data["sections"]] == ["HQ", "Troops", "Heavy Support"]
    assert data["special_rules"] == [
        {"slug": "fearless", "name": "Fearless", "text": "Never falls back."}
    ]
    assert data["summary"]["force_organisation"][4] == {
        "category": "Heavy Support",
        "used": 4,
        "min": 0,
        "max": 3,
    }


def test_validating_thirty_units_takes_a_bounded_number_of_queries(
    loaded, player, django_assert_max_num_queries
):
    units = [{"unit": "line-squad", "size": 10, "options": ["heavy-cannon"]}] * 30
    roster = roster_create(
        owner=player, system="grimdark", faction="ashen-legion", name="Thirty", units=units
    )
    roster = selectors.roster_get(roster_id=roster.pk)
    with django_assert_max_num_queries(1):
        result = selectors.roster_validate(roster=roster)
    assert result.points == 30 * 160


def test_update_without_a_change_records_no_revision(strike_force, player):
    roster_update(
        roster=strike_force, name="Strike Force Varro", points_limit=900, allies=[], actor=player
    )
    strike_force.refresh_from_db()
    assert strike_force.revision == 1
    assert strike_force.revisions.count() == 1


def test_update_names_only_what_changed(strike_force, player):
    roster_update(
        roster=strike_force, name="Strike Force Varro", points_limit=1000, allies=[], actor=player
    )
    latest = selectors.roster_revision_list(roster=strike_force).first()
    assert (latest.number, latest.summary) == (2, "points limit")


def test_replace_records_one_revision_for_details_and_units(strike_force, player):
    entries = strike_force.unit_entries()
    kept = [{**entries[0], "name": "Warden Varro the Grey"}, entries[2]]
    roster_replace(
        roster=strike_force,
        name="Varro's Host",
        points_limit=900,
        units=[*kept, {"unit": "ash-gunship"}],
        actor=player,
    )
    strike_force.refresh_from_db()
    assert strike_force.revision == 2
    assert [u["id"] for u in strike_force.unit_entries()] == ["u1", "u3", "u8"]
    latest = selectors.roster_revision_list(roster=strike_force).first()
    assert latest.action == RosterAction.UPDATED
    assert latest.summary == "name, 1 unit added, 1 unit changed, 5 units removed"
    assert latest.created_by == player


def test_replace_with_the_stored_roster_records_nothing(strike_force):
    roster_replace(
        roster=strike_force,
        name=strike_force.name,
        units=strike_force.unit_entries(),
    )
    strike_force.refresh_from_db()
    assert strike_force.revision == 1


def test_replace_refuses_an_unknown_unit_and_keeps_the_roster(strike_force):
    with pytest.raises(NotFoundError) as caught:
        roster_replace(
            roster=strike_force, name="Other", units=[{"unit": "titan"}], points_limit=500
        )
    assert caught.value.code == "roster.unit_unknown"
    strike_force.refresh_from_db()
    assert (strike_force.name, strike_force.points_limit) == ("Strike Force Varro", 900)
    assert len(strike_force.unit_entries()) == 7
