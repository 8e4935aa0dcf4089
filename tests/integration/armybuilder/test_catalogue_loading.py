"""Loading catalogues: schema on load, idempotence, revisions."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from armybuilder import models
from armybuilder.catalogue_files import discover
from armybuilder.rosterdata import CATALOGUE_DIR
from armybuilder.services.catalogues import catalogues_load

pytestmark = pytest.mark.django_db

TABLES = (
    models.GameSystem,
    models.Faction,
    models.FactionRevision,
    models.UnitType,
    models.UnitOption,
    models.SpecialRule,
    models.Constraint,
)


def snapshot() -> dict[str, list[dict]]:
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in TABLES}


def test_every_repository_catalogue_passes_its_schema():
    files, errors = discover(CATALOGUE_DIR)
    assert [e.message for e in errors] == []
    systems = {f.system for f in files if f.is_system}
    assert systems == {"grimdark", "skirmish", "massbattle", "hextactical"}


def test_loading_every_sample_catalogue_twice_leaves_the_database_unchanged():
    first = catalogues_load()
    assert first.errors == []
    assert first.created
    before = snapshot()
    second = catalogues_load()
    assert second.created == []
    assert second.upgraded == []
    assert sorted(second.unchanged) == sorted(first.created)
    assert snapshot() == before


def test_load_catalogues_command_reports_counts(loaded, capsys):
    call_command("load_catalogues", "--path", str(loaded), "--strict")
    assert "0 created, 0 upgraded, 2 unchanged, 0 failed" in capsys.readouterr().out


def test_changed_content_without_a_new_revision_is_refused(loaded, ashen, write):
    ashen["units"][1]["cost"] = 80
    write(loaded, ashen)
    report = catalogues_load(directory=loaded)
    assert [e.code for e in report.errors] == ["catalogue.revision_not_raised"]
    assert models.UnitType.objects.get(slug="line-squad").cost == 75


def test_a_raised_revision_upgrades_and_keeps_the_old_revision(loaded, ashen, write):
    ashen["units"][1]["cost"] = 80
    ashen["revision"] = 2
    write(loaded, ashen)
    report = catalogues_load(directory=loaded)
    assert report.upgraded == ["grimdark/ashen-legion"]
    assert models.UnitType.objects.get(slug="line-squad").cost == 80
    assert list(models.FactionRevision.objects.values_list("revision", flat=True)) == [1, 2]


def test_schema_failure_is_reported_with_its_file(tmp_path, ashen, write):
    ashen["units"][0]["size"] = {"min": "one"}
    directory = write(tmp_path, ashen)
    report = catalogues_load(directory=directory)
    assert [e.code for e in report.errors] == ["catalogue.invalid"]
    assert "ashen-legion.yaml" in report.errors[0].message
    assert not models.Faction.objects.exists()
