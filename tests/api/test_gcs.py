"""``/api/v1/gcs/``: a ``.gcs`` upload becomes a Muster combatant with its import report, a
point-built combatant goes back as ``.gcs``; bad files answer 400 naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = pytest.mark.django_db

FILES = Path(__file__).resolve().parents[1] / "fixtures" / "hextactical" / "gcs"
IMPORTS = "/api/v1/gcs/imports/"
EXPORTS = "/api/v1/gcs/exports/"


def _upload(client, data: bytes, system: str = "hextactical", name: str = "hero.gcs", **extra):
    upload = SimpleUploadedFile(name, data, content_type="application/json")
    return client.post(IMPORTS, {"system": system, "file": upload, **extra}, format="multipart")


def test_an_upload_becomes_a_combatant_with_its_report(owner_client, catalogues):
    data = (FILES / "brenna-exact.gcs").read_bytes()
    response = _upload(owner_client, data, name="brenna-exact.gcs", category="Leader")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["report"]["matches"] is True
    assert body["report"]["computed_total"] == body["report"]["declared_total"] == 250
    assert body["unit"]["category"] == "Leader"
    assert body["unit"]["cost"] == 250
    assert body["derived"]["Parry"] == {"Shortsword": 3 + 18 // 2 + 1 + 1}
    assert body["price"]["techniques"] == 3


def test_the_report_lists_what_was_not_mapped(owner_client, catalogues):
    data = (FILES / "corvin-unmapped.gcs").read_bytes()
    body = _upload(owner_client, data).json()
    assert body["report"]["difference"] == 33
    assert {u["element"] for u in body["report"]["unmapped"]} >= {"spell", "modifier", "trait"}


def test_export_gives_the_file_back(owner_client, catalogues):
    data = (FILES / "brenna-exact.gcs").read_bytes()
    unit = _upload(owner_client, data).json()["unit"]
    response = owner_client.post(EXPORTS, {"system": "hextactical", "unit": unit}, format="json")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="brenna-ashfall.gcs"'
    document = json.loads(response.content)
    assert (document["version"], document["total_points"]) == (5, 250)


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        (b"{oops", "gcs.json", "file"),
        (b'{"version": 3}', "gcs.version", "file.version"),
        (
            b'{"version": 5, "attributes": [{"attr_id": "dx", "adj": "x"}]}',
            "gcs.field",
            "file.attributes[0].adj",
        ),
    ],
)
def test_a_bad_file_answers_400_naming_the_field(owner_client, catalogues, data, code, field):
    response = _upload(owner_client, data, name="bad.gcs")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"].startswith("bad.gcs: ")
    assert list(error["fields"]) == [field]


def test_a_system_without_gcs_is_refused(owner_client, catalogues):
    response = _upload(owner_client, b'{"version": 5}', system="grimdark")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "gcs.system_unsupported"


def test_an_oversized_upload_is_refused(owner_client, catalogues):
    response = _upload(owner_client, b" " * (2 * 1024 * 1024 + 1))
    assert response.status_code in (400, 413)


def test_a_template_without_a_sheet_cannot_be_exported(owner_client, catalogues):
    response = owner_client.post(
        EXPORTS, {"system": "hextactical", "unit": {"name": "x"}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "gcs.no_sheet"


def test_anonymous_callers_are_refused(api_client, catalogues):
    assert _upload(api_client, b"{}").status_code == 401
