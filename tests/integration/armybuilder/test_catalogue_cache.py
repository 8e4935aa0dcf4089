"""The per-process catalogue cache: decoded once per version, every change seen at once."""

from __future__ import annotations

import copy

import pytest

from armybuilder import models
from armybuilder.catalogue_cache import catalogue_clear, catalogue_lookup, unit_index
from armybuilder.selectors import catalogue_context, context_validate
from armybuilder.services.catalogues import catalogues_load

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cold_cache():
    catalogue_clear()
    yield
    catalogue_clear()


def lookup(*factions: str):
    return catalogue_lookup(system="grimdark", factions=factions or ("ashen-legion",))


def test_second_lookup_reuses_the_decoded_rows_with_one_light_query(
    loaded, django_assert_num_queries
):
    first = lookup()
    with django_assert_num_queries(1) as queries:
        second = lookup()
    assert second.system is first.system
    assert second.factions["ashen-legion"] is first.factions["ashen-legion"]
    sql = queries.captured_queries[0]["sql"]
    assert '"data"' not in sql


def test_a_reload_with_a_raised_revision_is_seen_by_the_next_lookup(loaded, ashen, write):
    before = lookup().factions["ashen-legion"]
    assert before.revision == 1
    ashen["units"][1]["cost"] = 80
    ashen["revision"] = 2
    write(loaded, ashen)
    assert catalogues_load(directory=loaded).upgraded == ["grimdark/ashen-legion"]
    after = lookup().factions["ashen-legion"]
    assert after.revision == 2
    assert after.data["units"][1]["cost"] == 80
    assert unit_index(system="grimdark", faction=after)["line-squad"]["cost"] == 80


def test_an_edit_without_a_new_revision_is_seen_through_updated_at(loaded):
    lookup()
    faction = models.Faction.objects.get(slug="ashen-legion")
    faction.name = "Ashen Host"
    faction.save()
    assert lookup().factions["ashen-legion"].name == "Ashen Host"


def test_a_changed_system_row_is_read_again(loaded):
    lookup()
    models.GameSystem.objects.filter(slug="grimdark").update(
        revision=models.F("revision") + 1, default_points_limit=1234
    )
    found = lookup()
    assert found.system.default_points_limit == 1234
    assert found.factions["ashen-legion"].system is found.system


def test_a_recreated_faction_with_the_same_revision_is_not_confused(loaded, catalogue_dir):
    old = lookup().factions["ashen-legion"]
    models.Faction.objects.filter(slug="ashen-legion").delete()
    catalogues_load(directory=catalogue_dir)
    new = lookup().factions["ashen-legion"]
    assert new.pk != old.pk


def test_unknown_system_and_faction_are_absent(loaded):
    assert catalogue_lookup(system="no-such-system", factions=["ashen-legion"]).system is None
    found = lookup("ashen-legion", "no-such-faction")
    assert sorted(found.factions) == ["ashen-legion"]
    assert lookup("no-such-faction").system.slug == "grimdark"


def test_validating_a_roster_leaves_the_cached_catalogue_unchanged(loaded):
    faction = lookup().factions["ashen-legion"]
    pristine = copy.deepcopy(faction.data)
    payload = {
        "name": "Grey host",
        "system": "grimdark",
        "faction": "ashen-legion",
        "points_limit": 1000,
        "allies": [],
        "units": [
            {"id": "u1", "unit": "warden", "size": 1, "options": ["ember-blade"], "name": ""},
            {"id": "u2", "unit": "line-squad", "size": 10, "options": ["heavy-cannon"]},
            {"id": "u3", "unit": "ash-gunship", "size": None, "options": [], "name": ""},
        ],
    }
    context = catalogue_context(payload=payload, system=faction.system, primary=faction)
    result = context_validate(context)
    assert result.points > 0
    assert lookup().factions["ashen-legion"].data == pristine
