"""A 250-CP GURPS combatant edited point by point in the browser, on a desktop and on a
360 px phone: costs and totals follow each change as it is typed, the budget's error stands
beside the points total with its code and path, a trait found by the search box is added,
derived values (Parry, damage at the new ST) change, the sheet is saved as the catalogue's
next revision, and a .gcs file is imported into a new roster (GURPS 4e Basic Set: DX ±20/level
p.B15, Striking ST p.B88, damage p.B16, Parry p.B376)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from armybuilder.models import Faction, Roster
from tests.browser.conftest import make_player, sign_in
from tests.browser.test_accessibility import NARROW, UNIQUE_IDS
from tests.pointbuy_parties import own_catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GCS = Path(__file__).resolve().parents[1] / "fixtures" / "hextactical" / "gcs"


def _fits_and_passes_axe(page: Page) -> None:
    """No sideways scrolling, no axe violation, no repeated id on the open page."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth"), width
    violations = Axe().run(page).response["violations"]
    assert [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations] == []
    assert page.evaluate(UNIQUE_IDS) == []


def _open_maren(page: Page, catalogue: Faction) -> None:
    page.goto(f"/catalogues/{catalogue.pk}/edit/")
    page.get_by_role("region", name="Character sheets").get_by_role(
        "link", name="Captain Maren Holt"
    ).click()
    page.wait_for_url(re.compile(r".*/sheets/0/$"))


def _total(page: Page, code: str):
    return page.locator(f'#sheet-live .total[data-code="{code}"]')


def test_a_250_cp_combatant_is_edited_with_live_totals_on_a_desktop(
    page: Page, catalogues, screenshot
):
    player = make_player("gm")
    catalogue = own_catalogue(player)
    sign_in(page, "gm")
    _open_maren(page, catalogue)
    expect(_total(page, "combatant.points")).to_contain_text("250 of 250")
    expect(page.locator("#sheet-live")).to_contain_text("Every check passes.")
    _fits_and_passes_axe(page)
    screenshot(page, "opened")

    # DX 15 → 16 costs 20 more (p.B15): 270 of 250, the budget's error beside the total.
    page.locator("#attr-DX").fill("16")
    expect(page.locator("#line-attributes-DX")).to_contain_text("120 CP")
    points = _total(page, "combatant.points")
    expect(points).to_contain_text("270 of 250")
    expect(points.locator(".field-error")).to_contain_text("combatant.points")
    expect(points.locator(".field-error")).to_contain_text("units[0]")
    screenshot(page, "over-budget")
    page.locator("#attr-DX").fill("15")
    expect(_total(page, "combatant.points")).to_contain_text("250 of 250")

    # A level below the Average table's start (−1, p.B170) is named at its line.
    page.locator("#skill-level-0").fill("-3")
    expect(page.locator("#line-skills-0")).to_contain_text("sheet.invalid")
    expect(page.locator("#line-skills-0")).to_contain_text("sheet.skills[0].level")
    page.locator("#skill-level-0").fill("6")  # Broadsword DX+6 = 21: Parry 3 + 10 + 1 + 1
    expect(page.locator("#line-skills-0")).to_contain_text("level 21")
    expect(page.locator('#sheet-live [data-derived="Parry"]')).to_have_text("15")
    page.locator("#skill-level-0").fill("4")

    # Striking ST found with the search box and added: swing damage at ST 13 (p.B88, p.B16).
    page.get_by_label("Find a trait").fill("Striking ST")
    page.get_by_role("button", name="Add trait").click()
    expect(page.locator('[data-trait="Striking ST"]')).to_be_visible()
    page.locator("#attr-IQ").fill("10")
    expect(_total(page, "combatant.points")).to_contain_text("235 of 250")
    expect(page.locator("#sheet-live .sheet-attacks")).to_contain_text("sw+1 cut = 2d cut")
    screenshot(page, "striking-st")
    page.get_by_role("button", name="Save combatant").first.click()
    page.wait_for_url(re.compile(r".*/sheets/0/$"))
    expect(page.get_by_role("status")).to_contain_text("revision 2")
    catalogue.refresh_from_db()
    assert catalogue.data["units"][0]["cost"] == 235


def test_the_editor_and_a_gcs_import_work_on_a_360_px_phone(new_page, catalogues, screenshot):
    player = make_player("phone")
    catalogue = own_catalogue(player)
    page = new_page()
    page.set_viewport_size(NARROW)
    sign_in(page, "phone")
    _open_maren(page, catalogue)
    _fits_and_passes_axe(page)
    screenshot(page, "editor")
    page.locator("#sec-HP").fill("3")  # one more HP: +2 CP (p.B16)
    expect(page.locator("#line-secondary-HP")).to_contain_text("6 CP")
    expect(page.locator("#score-HP")).to_contain_text("= 15")
    expect(_total(page, "combatant.points")).to_contain_text("252 of 250")
    page.get_by_label("Buy an item").select_option("plate")
    page.get_by_role("button", name="Add item").click()
    expect(_total(page, "wealth")).to_contain_text("$4660")
    expect(page.locator("#sheet-live")).to_contain_text("starting wealth")
    _fits_and_passes_axe(page)
    screenshot(page, "over-wealth")

    page.goto(f"/gcs/?catalogue={catalogue.pk}")
    page.get_by_label("Files (at most 8)").set_input_files(
        [str(GCS / "brenna-exact.gcs"), str(GCS / "corvin-unmapped.gcs")]
    )
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_role("region", name=re.compile("Brenna"))).to_contain_text("they match")
    _fits_and_passes_axe(page)
    screenshot(page, "gcs-preview")
    page.get_by_label("And a new roster named (optional)").fill("Imported party")
    page.get_by_role("button", name="Save combatants").click()
    page.wait_for_url(re.compile(r".*/rosters/\d+/$"))
    roster = Roster.objects.get(name="Imported party")
    assert len(roster.payload["units"]) == 2
    expect(page.locator("body")).to_contain_text("Brenna Ashfall")
    screenshot(page, "imported-roster")
