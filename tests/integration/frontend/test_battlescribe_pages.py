"""The BattleScribe pages: preview an import (full page and htmx fragment), accept it, refuse
a bad file on the page, download a roster as .ros/.rosz and import one."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from armybuilder.models import Faction
from tests.api.battlescribe_support import FIXTURES, MASSBATTLE

pytestmark = pytest.mark.django_db


def chosen(*names: str) -> list[SimpleUploadedFile]:
    return [SimpleUploadedFile(n, (FIXTURES / n).read_bytes()) for n in names]


def test_the_import_page_offers_only_systems_with_a_mapping(player_client, catalogues):
    page = player_client.get(reverse("battlescribe-import")).content.decode()
    assert 'value="massbattle"' in page
    assert 'value="hextactical"' not in page


def test_preview_then_accept(player_client, catalogues):
    preview = player_client.post(
        reverse("battlescribe-preview"), {"system": "massbattle", "files": chosen(*MASSBATTLE)}
    )
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "Import report (nothing saved yet)" in page
    assert "Fire-Touched" in page
    assert not Faction.objects.filter(owner__isnull=False).exists()
    fragment = player_client.post(
        reverse("battlescribe-accept"),
        {"system": "massbattle", "files": chosen(*MASSBATTLE)},
        HTTP_HX_REQUEST="true",
    )
    assert fragment.status_code == 200
    assert "<html" not in fragment.content.decode()
    assert "Saved catalogues" in fragment.content.decode()
    assert Faction.objects.filter(owner__isnull=False, name="Emberhold").count() == 1


def test_a_bad_file_is_refused_on_the_page(player_client, catalogues):
    bad = SimpleUploadedFile("emberhold.cat", b"<catalogue")
    response = player_client.post(
        reverse("battlescribe-preview"),
        {"system": "massbattle", "files": [*chosen(*MASSBATTLE[:2]), bad]},
    )
    assert response.status_code == 400
    assert "emberhold.cat: line 1" in response.content.decode()


def test_a_roster_downloads_as_ros_and_imports_back(player_client, catalogues):
    player_client.post(
        reverse("battlescribe-accept"), {"system": "massbattle", "files": chosen(*MASSBATTLE)}
    )
    faction = Faction.objects.get(name="Emberhold")
    created = player_client.post(
        "/api/v1/rosters/",
        {
            "name": "Ash list",
            "system": "massbattle",
            "faction": faction.slug,
            "points_limit": 2000,
            "units": [{"unit": "forge-warden"}],
        },
        content_type="application/json",
    )
    assert created.status_code == 201, created.json()
    roster_id = created.json()["id"]
    export_page = player_client.get(reverse("roster-export", args=[roster_id])).content.decode()
    assert reverse("roster-export-rosz", args=[roster_id]) in export_page
    ros = player_client.get(reverse("roster-export-ros", args=[roster_id]))
    assert ros["Content-Disposition"] == f'attachment; filename="roster-{roster_id}.ros"'
    imported = player_client.post(
        reverse("battlescribe-roster-import"),
        {"system": "massbattle", "file": SimpleUploadedFile("list.ros", ros.content)},
    )
    assert imported.status_code == 200
    assert "Imported as" in imported.content.decode()


def test_without_javascript_the_plain_form_previews_and_the_report_offers_accept_and_cancel(
    player_client, catalogues
):
    """The progress bar is progressive enhancement: hidden until the script fills it; the
    plain multipart form still posts, and the report's Accept submits that form."""
    page = player_client.get(reverse("battlescribe-import")).content.decode()
    assert '<form id="bs-form" method="post"' in page
    assert 'enctype="multipart/form-data"' in page
    assert '<progress id="bs-progress" value="0" max="100" hidden' in page
    assert "frontend/battlescribe.js" in page
    report = player_client.post(
        reverse("battlescribe-preview"), {"system": "massbattle", "files": chosen(*MASSBATTLE)}
    ).content.decode()
    assert 'form="bs-form"' in report
    assert f'formaction="{reverse("battlescribe-accept")}"' in report
    assert f'href="{reverse("battlescribe-import")}">Cancel (nothing is saved)' in report
    accepted = player_client.post(
        reverse("battlescribe-accept"), {"system": "massbattle", "files": chosen(*MASSBATTLE)}
    ).content.decode()
    assert "Saved catalogues" in accepted
    assert "Cancel (nothing is saved)" not in accepted


def test_the_roster_import_page_lists_each_force(player_client, catalogues):
    second = (
        (FIXTURES / "emberhold.cat")
        .read_bytes()
        .replace(b'id="er-emberhold" name="Emberhold"', b'id="er-second" name="Second Hold"')
    )
    player_client.post(
        reverse("battlescribe-accept"),
        {
            "system": "massbattle",
            "files": [*chosen(*MASSBATTLE), SimpleUploadedFile("second.cat", second)],
        },
    )
    ros = (
        b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r" name="Two">'
        b'<forces><force id="a" name="Main" catalogueId="er-emberhold"><selections>'
        b'<selection id="s1" name="Forge Warden" entryId="er-warden" number="1" type="model"/>'
        b'</selections></force><force id="b" name="Allies" catalogueId="er-second"><selections>'
        b'<selection id="s2" name="Forge Warden" entryId="er-warden" number="1" type="model"/>'
        b"</selections></force></forces></roster>"
    )
    page = player_client.post(
        reverse("battlescribe-roster-import"),
        {"system": "massbattle", "file": SimpleUploadedFile("two.ros", ros)},
    ).content.decode()
    assert "Imported as" in page
    assert "Main (<code>er-emberhold</code>): primary, 1 unit" in page
    assert "Allies (<code>er-second</code>): ally, 1 unit" in page
