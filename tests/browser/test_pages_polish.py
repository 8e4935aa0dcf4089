"""The polished pages in a real browser: a hextactical roster with its derived values, a
massbattle report with named map labels and log, the odds page and a simulation histogram
(screenshots under ``$MUSTER_TEST_OUTPUT/browser``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from tests.browser.conftest import make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_hextactical_roster_shows_derived_values_in_the_browser(
    page: Page, catalogues, screenshot
):
    owner = make_player("oda")
    roster = roster_import(owner=owner, data=load_sample_roster("hextactical", "thornwall-patrol"))
    sign_in(page, "oda")
    page.goto(f"/rosters/{roster.pk}/")
    first = page.locator("article.unit").first
    expect(first.locator("table.derived-values")).to_contain_text("Dodge")
    expect(first.locator(".fixed-size")).to_have_text("Single model")
    screenshot(page, "hextactical-roster")


def test_a_massbattle_report_labels_its_map_and_names_its_log(page: Page, catalogues, screenshot):
    owner = make_player("brannoc")
    vanguard = roster_import(
        owner=owner, data=load_sample_roster("massbattle", "dawnguard-vanguard")
    )
    tide = roster_import(owner=owner, data=load_sample_roster("massbattle", "gravemire-tide"))
    sign_in(page, "brannoc")
    page.goto("/battles/")
    with page.expect_response("**/battles/missions/**"):
        page.get_by_label("Side A roster").select_option(str(vanguard.pk))
    page.get_by_label("Side B roster").select_option(str(tide.pk))
    page.get_by_label("Seed (optional)").fill("4")
    page.get_by_role("button", name="Resolve battle").click()
    page.wait_for_url(re.compile(r".*/battles/\d+/$"))
    expect(page.locator("#battle-winner")).to_be_visible(timeout=60_000)
    labels = page.locator("#battle-map .unit-label")
    assert labels.count() > 0
    expect(labels.first).to_be_visible()
    assert not re.search(r"\b[ab]:u\d", page.locator("#event-log").inner_text())
    screenshot(page, "massbattle-report")
    page.get_by_label("Show unit labels on the map").uncheck()
    expect(labels.first).to_be_hidden()
    page.locator("#turn-slider").fill("3")
    expect(page.locator("#battle-map svg title").first).to_contain_text("end of turn 3")


def test_the_odds_page_reads_in_words_and_bins_the_margin(page: Page, catalogues, screenshot):
    owner = make_player("tamsin")
    a = roster_import(owner=owner, data=load_sample_roster("grimdark", "iron-wardens-strike-force"))
    b = roster_import(owner=owner, data=load_sample_roster("grimdark", "chitin-host-swarm"))
    sign_in(page, "tamsin")
    page.goto("/odds/")
    calculator = page.locator("#attack-calculator")
    calculator.get_by_label("Attacks / shots").fill("10")
    calculator.get_by_label("BS or WS").fill("4")
    calculator.get_by_label("Strength").fill("4")
    calculator.get_by_label("Target toughness").fill("4")
    calculator.get_by_role("button", name="Calculate").click()
    expect(page.locator("#attack-result")).to_contain_text("Expected unsaved wounds")
    screenshot(page, "odds-calculator")
    with page.expect_response("**/battles/missions/**"):
        page.get_by_label("Side A roster").select_option(str(a.pk))
    page.get_by_label("Side B roster").select_option(str(b.pk))
    page.get_by_label("Battles to play").fill("24")
    page.get_by_label("Seed (optional)").fill("2")
    page.get_by_role("button", name="Run simulation").click()
    page.wait_for_url(re.compile(r".*/odds/simulations/\d+/$"))
    expect(page.locator("svg.histogram")).to_be_visible(timeout=90_000)
    assert page.locator("svg.histogram rect[data-range]").count() > 0
    screenshot(page, "odds-simulation")
