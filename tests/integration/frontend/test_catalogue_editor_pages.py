"""Uploading and editing one's own catalogue in the browser: the upload form (file or text),
live validation naming the line and path, upload-time warnings, the raw document and the
per-unit forms; and the roster builder's faction picker offering the catalogues the player
may build from."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from armybuilder.models import Faction, Roster
from armybuilder.rosterdata import CATALOGUE_DIR
from armybuilder.services.user_catalogues import catalogue_create
from tests.integration.frontend.conftest import upload, wardens

pytestmark = pytest.mark.django_db

LANTERNS = (CATALOGUE_DIR / "skirmish" / "lantern-wardens.yaml").read_text()


def test_new_page_starts_from_a_small_document_of_the_chosen_system(player_client, catalogues):
    page = player_client.get(reverse("catalogue-new"), {"system": "skirmish"}).content.decode()
    assert "system: skirmish" in page
    assert "faction: my-faction" in page
    assert 'hx-post="/catalogues/check/"' in page


def test_upload_pasted_text_saves_revision_one_and_opens_the_editor(
    player_client, player, catalogues
):
    response = player_client.post(
        reverse("catalogue-new"),
        {"text": wardens(), "format": "yaml", "visibility": "public"},
    )
    made = Faction.objects.get(owner=player)
    assert response["Location"] == reverse("catalogue-edit", args=[made.pk])
    assert made.revision == 1
    assert made.visibility == "public"


def test_upload_a_file_takes_its_format_from_the_name(player_client, player, catalogues):
    text = wardens().replace("faction: my-wardens", "faction: filed", 1)
    file = SimpleUploadedFile("filed.yml", text.encode(), content_type="application/yaml")
    response = player_client.post(
        reverse("catalogue-new"), {"file": file, "format": "json", "visibility": "private"}
    )
    assert response.status_code == 302
    assert Faction.objects.get(owner=player).data["faction"] == "filed"


def test_upload_errors_name_the_line_and_path_and_nothing_is_saved(
    player_client, player, catalogues
):
    broken = wardens().replace("type: pistol", "type: blaster", 1)
    response = player_client.post(
        reverse("catalogue-new"), {"text": broken, "format": "yaml", "visibility": "private"}
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "not saved until fixed" in page
    assert "units[0]" in page
    assert "line " in page
    assert "blaster" in page  # the refused text stays in the box
    assert not Faction.objects.filter(owner=player).exists()


def test_upload_shows_the_rules_without_effect_as_warnings(player_client, catalogues):
    text = LANTERNS.replace("faction: lantern-wardens", "faction: my-lanterns", 1)
    text = text.replace("  rules:\n", "  rules:\n  - hatred\n", 1)
    response = player_client.post(
        reverse("catalogue-new"),
        {"text": text, "format": "yaml", "visibility": "private"},
        follow=True,
    )
    assert "`hatred` has no effect in battles yet" in response.content.decode()


def test_live_check_answers_the_issues_of_the_text_so_far(player_client, catalogues):
    check = reverse("catalogue-check")
    ok = player_client.post(check, {"text": wardens(), "format": "yaml"}, HTTP_HX_REQUEST="true")
    assert "No problems found" in ok.content.decode()
    bad = player_client.post(check, {"text": "units: [\n", "format": "yaml"})
    assert 'class="violation error"' in bad.content.decode()
    assert "line " in bad.content.decode()


def test_editor_saves_the_whole_document_as_the_next_revision(player_client, player, catalogues):
    made = upload(player)
    url = reverse("catalogue-edit", args=[made.pk])
    assert "Warden Captain" in player_client.get(url).content.decode()
    text = wardens().replace("cost: 90", "cost: 99", 1)
    response = player_client.post(url, {"text": text, "format": "yaml", "summary": "dearer"})
    assert response.status_code == 302
    made.refresh_from_db()
    assert made.revision == 2
    assert made.data["units"][0]["cost"] == 99


def test_editor_refusal_keeps_the_text_and_shows_the_issue_at_its_unit(
    player_client, player, catalogues
):
    made = upload(player)
    text = wardens().replace("type: pistol", "type: blaster", 1)
    response = player_client.post(
        reverse("catalogue-edit", args=[made.pk]), {"text": text, "format": "yaml"}
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Not saved" in page
    assert "blaster" in page
    assert 'id="edit-unit-0" open' in page
    made.refresh_from_db()
    assert made.revision == 1


def test_unit_form_changes_the_common_fields(player_client, player, catalogues):
    made = upload(player)
    form = {
        "unit-0-name": "Warden Lord",
        "unit-0-category": "HQ",
        "unit-0-cost": "110",
        "unit-0-size_min": "1",
        "unit-0-size_max": "1",
        **{f"unit-0-stat_{k}": str(v) for k, v in made.data["units"][0]["profile"].items()},
        "unit-0-stat_WS": "6",
    }
    response = player_client.post(reverse("catalogue-unit-save", args=[made.pk, 0]), form)
    assert response.status_code == 302
    made.refresh_from_db()
    unit = made.data["units"][0]
    assert (unit["name"], unit["cost"], unit["profile"]["WS"]) == ("Warden Lord", 110, 6)
    assert made.revision == 2
    text = player_client.get(reverse("catalogue-download", args=[made.pk, "yaml"])).content
    assert b"\nrevision: 2\n" in text  # the text is numbered as the revision it became
    assert b"  size:\n    min: 1\n    max: 1\n" in text  # in the shipped files' key order


def test_unit_form_errors_are_shown_at_the_unit(player_client, player, catalogues):
    made = upload(player)
    response = player_client.post(
        reverse("catalogue-unit-save", args=[made.pk, 0]),
        {"unit-0-name": "", "unit-0-category": "HQ", "unit-0-cost": "-5"},
    )
    assert response.status_code == 400
    assert 'id="edit-unit-0" open' in response.content.decode()


def test_add_a_unit_as_a_copy_and_remove_it(player_client, player, catalogues):
    made = upload(player)
    count = len(made.data["units"])
    player_client.post(
        reverse("catalogue-unit-add", args=[made.pk]), {"source": "1", "name": "Veteran Squad"}
    )
    made.refresh_from_db()
    assert made.data["units"][-1]["slug"] == "veteran-squad"
    assert len(made.data["units"]) == count + 1
    player_client.post(reverse("catalogue-unit-remove", args=[made.pk, count]))
    made.refresh_from_db()
    assert len(made.data["units"]) == count
    assert made.revision == 3


def test_faction_picker_offers_own_public_and_linked_catalogues_only(
    player_client, player, rival, catalogues
):
    upload(player)
    upload(rival, slug="open-wardens", name="Open Wardens", visibility="public")
    upload(rival, slug="secret-wardens", name="Secret Wardens")
    linked = upload(rival, slug="link-wardens", name="Link Wardens", visibility="unlisted")
    url = reverse("roster-factions")
    page = player_client.get(url, {"system": "grimdark"}).content.decode()
    assert 'optgroup label="Your catalogues"' in page
    assert "My Wardens" in page
    assert "Open Wardens by bea" in page
    assert "Secret Wardens" not in page
    assert "Link Wardens" not in page
    opened = player_client.get(url, {"system": "grimdark", "token": linked.link_token})
    assert "Link Wardens by bea" in opened.content.decode()


def test_a_roster_builds_from_an_own_catalogue_but_not_from_anothers_private(
    player_client, player, rival, catalogues
):
    made = upload(player)
    secret = upload(rival, slug="secret-wardens", name="Secret Wardens")
    form = {"system": "grimdark", "points_limit": "1500", "name": "Mine"}
    response = player_client.post(reverse("roster-create"), {**form, "faction": made.slug})
    roster = Roster.objects.get(name="Mine")
    assert response["Location"] == reverse("roster-edit", args=[roster.pk])
    assert roster.faction == made
    refused = player_client.post(
        reverse("roster-create"), {**form, "faction": secret.slug, "name": "Theirs"}
    )
    assert refused.status_code == 400
    assert not Roster.objects.filter(name="Theirs").exists()


def test_the_catalogue_page_links_to_a_roster_from_it(player_client, player, catalogues):
    made = upload(player)
    page = player_client.get(reverse("catalogue-detail", args=[made.pk])).content.decode()
    assert f"faction={made.slug}" in page
    builder = player_client.get(
        reverse("roster-list"), {"system": "grimdark", "faction": made.slug}
    )
    assert f'<option value="{made.slug}" selected>' in builder.content.decode()


def test_navigation_links_to_the_catalogues(player_client, catalogues):
    page = player_client.get(reverse("roster-list")).content.decode()
    assert reverse("catalogue-list") in page
    assert reverse("catalogue-new") in page


def test_a_user_past_the_catalogue_limit_is_told_so(player_client, player, settings, catalogues):
    settings.MUSTER_CATALOGUES_PER_USER = 1
    catalogue_create(owner=player, text=wardens(), fmt="yaml")
    response = player_client.post(
        reverse("catalogue-new"),
        {"text": wardens(slug="second"), "format": "yaml", "visibility": "private"},
    )
    assert response.status_code == 400
    assert "the most one user may keep" in response.content.decode()
