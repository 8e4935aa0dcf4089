"""The BattleScribe upload in the browser: choosing the files and previewing fills a byte
progress bar from the request's upload progress, then the import report shows in the page
with Accept (which sends the same files again) and Cancel; accepting saves the catalogue."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from armybuilder.models import Faction
from tests.api.battlescribe_support import FIXTURES, MASSBATTLE
from tests.browser.conftest import make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_upload_shows_byte_progress_then_the_report_with_accept_and_cancel(
    page: Page, catalogues, screenshot
):
    make_player("scribe")
    sign_in(page, "scribe")
    page.goto("/battlescribe/")
    bar = page.locator("#bs-progress")
    expect(bar).to_be_hidden()
    page.get_by_label("Muster game system").select_option("massbattle")
    page.get_by_label("Files (.gst, .cat, .gstz, .catz or a .zip)").set_input_files(
        [str(FIXTURES / name) for name in MASSBATTLE]
    )
    page.get_by_role("button", name="Preview the import").click()
    report = page.locator("#bs-result")
    expect(report).to_contain_text("Import report (nothing saved yet)")
    expect(bar).to_be_visible()
    sent = sum((FIXTURES / name).stat().st_size for name in MASSBATTLE)
    assert int(bar.evaluate("b => b.max")) > sent  # the multipart body: files and fields
    assert bar.evaluate("b => b.value === b.max")
    expect(page.locator("#bs-progress-text")).to_contain_text("Uploaded")
    expect(report.get_by_role("link", name="Cancel (nothing is saved)")).to_be_visible()
    screenshot(page, "report")
    assert not Faction.objects.filter(owner__isnull=False).exists()

    report.get_by_role("button", name="Accept and import").click()
    expect(report).to_contain_text("Saved catalogues")
    expect(report).not_to_contain_text("Cancel (nothing is saved)")
    assert Faction.objects.filter(owner__isnull=False, name="Emberhold").count() == 1
    screenshot(page, "accepted")
