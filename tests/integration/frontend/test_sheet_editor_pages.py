"""The character-sheet editor (docs/army-builder.md "Character sheets"): a point-built
combatant of one's own catalogue edited in the browser, priced by the same sheet reader and
checked by the same catalogue check and roster validator as the API (GURPS 4e Basic Set:
attributes p.B14–15, secondary p.B16–17, skills p.B170, Dodge p.B374 with Combat Reflexes
p.B43, damage p.B16)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from armybuilder.models import Roster
from tests.pointbuy_parties import PARTIES, own_catalogue

pytestmark = pytest.mark.django_db


def form_of(sheet: dict, category: str = "Leader", index: int = 0, **extra) -> dict:
    """The editor's form fields for ``sheet`` (as the page posts them)."""
    data = {
        "index": index,
        "name": sheet["name"],
        "category": category,
        "trait-name": [t["name"] for t in sheet.get("traits", [])],
        "trait-level": [t.get("level", "") for t in sheet.get("traits", [])],
        "trait-variant": [t.get("variant", "") for t in sheet.get("traits", [])],
        "trait-self_control": [t.get("self_control", "") for t in sheet.get("traits", [])],
        "trait-skill": [t.get("skill", "") for t in sheet.get("traits", [])],
        "trait-note": [t.get("note", "") for t in sheet.get("traits", [])],
        "trait-points": ["" for _ in sheet.get("traits", [])],
        "skill-name": [s["name"] for s in sheet.get("skills", [])],
        "skill-level": [s["level"] for s in sheet.get("skills", [])],
        "item": list(sheet.get("equipment", [])),
        "kept": json.dumps({"techniques": sheet.get("techniques", [])}),
    }
    for key, value in sheet.get("attributes", {}).items():
        data[f"attr-{key}"] = value
    for key, value in sheet.get("secondary", {}).items():
        data[f"sec-{key}"] = value
    data.update(extra)
    return data


@pytest.fixture
def company(player, catalogues):
    return own_catalogue(player)


MAREN = PARTIES["wardens"][0]["sheet"]


def test_the_editor_shows_each_line_with_its_cost_and_the_derived_values(player_client, company):
    response = player_client.get(reverse("catalogue-sheet-edit", args=[company.pk, 0]))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="line-attributes-DX"' in page
    assert "100 CP" in page
    assert "250" in page
    assert "of 250" in page
    assert "sw+1 cut" in page
    assert "1d+3 cut" in page
    # Her medium shield's DB 2 adds to every defence from the front (p.B287)
    assert "Shield DB +2 to Dodge, Parry and Block from the front" in page
    assert "Every check passes." in page


def test_the_live_check_prices_an_attribute_bought_up(player_client, company):
    form = form_of(MAREN, **{"attr-DX": 16})
    response = player_client.post(reverse("catalogue-sheet-check", args=[company.pk]), form)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="line-attributes-DX" class="line-cost" hx-swap-oob="true"' in page
    assert "120 CP" in page
    assert 'data-code="combatant.points"' in page  # 270 of 250
    assert "<code>units[0]</code>" in page
    assert "Every check passes." not in page


def test_a_bad_field_is_named_beside_it_with_code_and_path(player_client, company):
    form = form_of(MAREN)
    form["skill-level"] = ["x", 2, 1, 0]
    response = player_client.post(reverse("catalogue-sheet-check", args=[company.pk]), form)
    page = response.content.decode()
    start = page.index('id="line-skills-0"')
    assert "sheet.invalid" in page[start : start + 400]
    assert "sheet.skills[0].level" in page[start : start + 400]


def test_a_bought_skill_shows_its_level_and_changes_parry(player_client, company):
    """The issue's complaint: a skill bought did not show on the sheet or change Parry."""
    form = form_of(MAREN)
    form["skill-level"] = [6, 2, 1, 0]  # Broadsword DX+6 = 21
    page = player_client.post(
        reverse("catalogue-sheet-check", args=[company.pk]), form
    ).content.decode()
    assert "Broadsword-21" in page
    # Parry 3 + 21//2 + 0 + Combat Reflexes 1 + Enhanced Parry 1 = 15 (B376, B43, B51)
    assert '<dt>Parry (Broadsword)</dt><dd data-derived="Parry">15</dd>' in page


def test_adding_a_trait_from_the_search_box_and_saving(player_client, company):
    form = form_of(MAREN, action="add-trait", **{"trait-add": "Striking ST"})
    page = player_client.post(
        reverse("catalogue-sheet-edit", args=[company.pk, 0]), form
    ).content.decode()
    assert 'data-trait="Striking ST"' in page
    form = form_of(MAREN, action="save")
    form["trait-name"].append("Striking ST")
    for key in ("trait-variant", "trait-self_control", "trait-skill", "trait-note", "trait-points"):
        form[key].append("")
    form["trait-level"].append(1)
    form["attr-IQ"] = 10  # −20 to stay within 250 after Striking ST +5
    response = player_client.post(reverse("catalogue-sheet-edit", args=[company.pk, 0]), form)
    assert response.status_code == 302
    company.refresh_from_db()
    assert company.revision == 2
    unit = company.data["units"][0]
    assert unit["cost"] == 250 - 20 + 5
    assert {"name": "Striking ST", "level": 1} in unit["extra"]["sheet"]["traits"]


def test_a_new_combatant_is_added_to_the_catalogue(player_client, company):
    page = player_client.get(reverse("catalogue-sheet-new", args=[company.pk]))
    assert page.status_code == 200
    form = form_of(
        {
            "name": "Tam Reed",
            "attributes": {"ST": 11},
            "skills": [{"name": "Spear", "level": 1}],
            "equipment": ["spear"],
        },
        category="Fighter",
        index=3,
        action="save",
    )
    response = player_client.post(reverse("catalogue-sheet-new", args=[company.pk]), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    company.refresh_from_db()
    assert company.data["units"][3]["name"] == "Tam Reed"
    assert company.data["units"][3]["cost"] == 10 + 4


def test_a_sheet_over_its_wealth_is_refused_by_the_catalogue_check(player_client, company):
    form = form_of(MAREN, action="save")
    form["item"] = ["plate", "broadsword"]
    response = player_client.post(reverse("catalogue-sheet-edit", args=[company.pk, 0]), form)
    assert response.status_code == 400
    page = response.content.decode()
    assert "catalogue.inconsistent" in page
    assert "starting wealth" in page
    company.refresh_from_db()
    assert company.revision == 1


def test_another_players_catalogue_cannot_be_edited(client, rival, company):
    client.force_login(rival)
    response = client.get(reverse("catalogue-sheet-edit", args=[company.pk, 0]))
    assert response.status_code in (403, 404)


FILES = Path(__file__).resolve().parents[2] / "fixtures" / "hextactical" / "gcs"


def _gcs(name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, (FILES / name).read_bytes(), content_type="application/json")


def test_the_upload_page_previews_files_and_saves_them_into_a_roster(player_client, company):
    page = player_client.post(
        reverse("gcs-import-page"),
        {"files": [_gcs("brenna-exact.gcs"), _gcs("corvin-unmapped.gcs")], "category": ""},
    )
    assert page.status_code == 200
    text = page.content.decode()
    assert "they match" in text
    assert "33 CP apart" in text
    units = [html.unescape(m) for m in re.findall(r'name="unit" value="([^"]*)"', text)]
    assert len(units) == 2
    response = player_client.post(
        reverse("gcs-save-page"),
        {"unit": units, "catalogue": company.pk, "roster_name": "From GCS"},
    )
    assert response.status_code == 302
    company.refresh_from_db()
    assert company.revision == 2
    assert "brenna-ashfall" in {u["slug"] for u in company.data["units"]}
    roster = Roster.objects.get(name="From GCS")
    assert response["Location"] == reverse("roster-edit", args=[roster.pk])


def test_a_bad_file_is_shown_with_its_code_and_path(player_client, company):
    bad = SimpleUploadedFile(
        "bad.gcs", b'{"version": 5, "attributes": [{"attr_id": "dx", "adj": "x"}]}'
    )
    page = player_client.post(reverse("gcs-import-page"), {"files": [bad]})
    assert page.status_code == 400
    text = page.content.decode()
    assert "<code>gcs.field</code>" in text
    assert "<code>file.attributes[0].adj</code>" in text
