"""``POST /api/v1/gcs/saves/``: combatants imported from ``.gcs`` files are saved into one of
the caller's own catalogues as a new revision, and into a new roster when asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from armybuilder.models import Faction
from tests.pointbuy_parties import own_catalogue

pytestmark = pytest.mark.django_db

FILES = Path(__file__).resolve().parents[1] / "fixtures" / "hextactical" / "gcs"
SAVES = "/api/v1/gcs/saves/"


def _imported(client, name: str = "brenna-exact.gcs", **extra) -> dict:
    upload = SimpleUploadedFile(name, (FILES / name).read_bytes())
    response = client.post(
        "/api/v1/gcs/imports/",
        {"system": "hextactical", "file": upload, **extra},
        format="multipart",
    )
    assert response.status_code == 200, response.json()
    return response.json()["unit"]


def test_an_import_is_saved_into_an_own_catalogue_as_a_new_revision(
    owner_client, owner, catalogues
):
    catalogue = own_catalogue(owner)
    unit = _imported(owner_client, category="Leader")
    response = owner_client.post(SAVES, {"catalogue": catalogue.pk, "units": [unit]}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["units"] == ["brenna-ashfall"]
    assert body["roster"] is None
    catalogue.refresh_from_db()
    assert catalogue.revision == 2
    saved = next(u for u in catalogue.data["units"] if u["slug"] == "brenna-ashfall")
    assert (saved["cost"], saved["category"]) == (250, "Leader")


def test_importing_the_same_character_again_replaces_it(owner_client, owner, catalogues):
    catalogue = own_catalogue(owner)
    unit = _imported(owner_client)
    for _ in range(2):
        owner_client.post(SAVES, {"catalogue": catalogue.pk, "units": [unit]}, format="json")
    catalogue.refresh_from_db()
    assert [u["slug"] for u in catalogue.data["units"]].count("brenna-ashfall") == 1
    assert catalogue.revision == 3


def test_imports_saved_into_a_new_roster(owner_client, owner, catalogues):
    catalogue = own_catalogue(owner)
    units = [_imported(owner_client), _imported(owner_client, "corvin-unmapped.gcs")]
    response = owner_client.post(
        SAVES,
        {"catalogue": catalogue.pk, "units": units, "roster_name": "Imported party"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    roster = response.json()["roster"]
    assert roster["name"] == "Imported party"
    assert [u["unit"] for u in roster["units"]] == response.json()["units"]
    assert roster["faction"] == catalogue.slug


def test_a_unit_whose_sheet_is_bad_is_refused_at_its_path(owner_client, owner, catalogues):
    catalogue = own_catalogue(owner)
    unit = _imported(owner_client)
    unit["extra"]["sheet"]["skills"][0]["level"] = "x"
    response = owner_client.post(SAVES, {"catalogue": catalogue.pk, "units": [unit]}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "gcs.units"
    assert list(error["fields"]) == ["units[0].extra.sheet.skills[0].level"]
    catalogue.refresh_from_db()
    assert catalogue.revision == 1


def test_another_users_catalogue_is_not_written(
    owner_client, stranger_client, stranger, catalogues
):
    theirs = own_catalogue(stranger)
    Faction.objects.filter(pk=theirs.pk).update(visibility="public")
    unit = _imported(owner_client)
    response = owner_client.post(SAVES, {"catalogue": theirs.pk, "units": [unit]}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "catalogue.read_only"


def test_a_catalogue_of_a_system_without_sheets_is_refused(owner_client, owner, catalogues):
    from tests.integration.frontend.conftest import upload

    grimdark = upload(owner)
    unit = _imported(owner_client)
    response = owner_client.post(SAVES, {"catalogue": grimdark.pk, "units": [unit]}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "sheet.unsupported"
