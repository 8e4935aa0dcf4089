"""Bring your own army in the browser: a player writes a small faction in the catalogue
editor (live checks naming the line, a unit added and changed through its form), then builds
a list from it in the army builder; the catalogue pages fit a 360 px screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.models import Faction, Roster
from tests.browser.conftest import make_player, sign_in
from tests.browser.test_accessibility import NARROW, UNIQUE_IDS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A one-unit grimdark faction; "blaster" is no weapon type the engine knows (seed 000's
# weapon types: pistol, rapid_fire, assault, heavy, close_combat…).
EMBER_GUARD = """system: grimdark
faction: ember-guard
name: Ember Guard
revision: 1
description: A small host written in the browser.
special_rules: []
units:
  - slug: ember-captain
    name: Ember Captain
    category: HQ
    unit_type: infantry
    size: {min: 1, max: 1}
    cost: 80
    profile: {WS: 5, BS: 5, S: 4, T: 4, W: 3, I: 5, A: 3, Ld: 10, Sv: 3}
    weapons:
      - {name: Ember pistol, count: all, range: 12, S: 4, AP: 5, type: blaster}
      - {name: Blade, count: all, type: close_combat, special: [ccw]}
"""


def test_a_player_builds_a_small_faction_in_the_editor_and_uses_it_in_a_list(
    page: Page, catalogues, screenshot
):
    make_player("maker")
    sign_in(page, "maker")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Catalogues").click()
    page.get_by_role("link", name="Upload or write a catalogue").click()
    page.wait_for_url("**/catalogues/new/")

    # Live validation: the unknown weapon type is named with its line and path, then fixed.
    check = page.locator("#catalogue-check")
    expect(check).to_contain_text("No problems found")  # the starter document
    document = page.get_by_label("Or the document itself")
    document.fill(EMBER_GUARD)
    expect(check.locator(".violation.error").first).to_contain_text("units[0]")
    expect(check.locator(".violation.error").first).to_contain_text(re.compile(r"line \d+"))
    screenshot(page, "live-error")
    document.fill(EMBER_GUARD.replace("type: blaster", "type: pistol"))
    expect(check).to_contain_text("No problems found")
    page.get_by_role("button", name="Save catalogue").click()
    page.wait_for_url(re.compile(r".*/catalogues/\d+/edit/$"))
    expect(page.locator(".messages")).to_contain_text("Saved Ember Guard as revision 1")

    # A second unit: a copy of the captain, made a Troops squad of 5-10 through its form.
    page.get_by_label("Copy of").select_option(label="Ember Captain")
    page.get_by_label("New unit's name").fill("Ember Guardsmen")
    page.get_by_role("button", name="Add unit").click()
    expect(page.locator(".messages")).to_contain_text("revision 2")
    page.locator("#edit-unit-1 summary").click()
    form = page.get_by_role("form", name="Ember Guardsmen")
    form.get_by_label("Category").select_option("Troops")
    form.get_by_label("Cost").fill("75")
    form.get_by_label("Fewest models").fill("5")
    form.get_by_label("Most models").fill("10")
    form.get_by_label("A", exact=True).fill("1")
    form.get_by_role("button", name="Save Ember Guardsmen").click()
    expect(page.locator(".messages")).to_contain_text("revision 3")
    screenshot(page, "editor")

    catalogue = Faction.objects.get(owner__username="maker")
    guardsmen = catalogue.data["units"][1]
    assert (guardsmen["category"], guardsmen["cost"], guardsmen["size"]) == (
        "Troops",
        75,
        {"min": 5, "max": 10},
    )
    assert guardsmen["profile"]["A"] == 1

    # The catalogue page shows both units with their stat lines and costs.
    page.get_by_role("link", name="View catalogue").click()
    expect(page.locator("#units-h")).to_have_text("Units (2)")
    expect(page.locator("#unit-ember-guardsmen")).to_contain_text("75 pts")
    expect(page.locator("#unit-ember-guardsmen table.profile")).to_contain_text("WS")
    screenshot(page, "catalogue")

    # Build a list from it: the faction picker offers it among the player's catalogues.
    page.get_by_role("link", name="Build a roster from it").click()
    page.wait_for_url("**/rosters/?**")
    expect(page.get_by_label("2. Faction")).to_have_value(catalogue.slug)
    page.get_by_label("3. Points limit").fill("500")
    page.get_by_label("Roster name").fill("Embers at the gate")
    page.get_by_role("button", name="Create roster").click()
    page.wait_for_url(re.compile(r".*/rosters/\d+/$"))
    page.get_by_role("button", name="Add Ember Captain", exact=True).click()
    expect(page.locator("#units-h")).to_have_text("Units (1)")
    page.get_by_role("button", name="Add Ember Guardsmen", exact=True).click()
    expect(page.locator("#units-h")).to_have_text("Units (2)")
    expect(page.locator("#points-total")).to_contain_text("155 / 500")
    screenshot(page, "roster")
    roster = Roster.objects.get(name="Embers at the gate")
    assert roster.faction == catalogue
    assert roster.points == 155

    # The catalogue pages fit a phone and repeat no id.
    assert narrow_problems(
        page,
        screenshot,
        (
            "/catalogues/",
            "/catalogues/new/",
            f"/catalogues/{catalogue.pk}/",
            f"/catalogues/{catalogue.pk}/edit/",
            f"/catalogues/{catalogue.pk}/diff/?from=1",
        ),
    ) == ({}, {})


def narrow_problems(page: Page, screenshot, urls) -> tuple[dict, dict]:
    """On a 360 px screen, the pages of ``urls`` wider than the screen and the ids each
    repeats (both empty when every page fits)."""
    page.set_viewport_size(NARROW)
    wide, repeated = {}, {}
    for url in urls:
        page.goto(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > page.evaluate("window.innerWidth"):
            wide[url] = width
            screenshot(page, re.sub(r"\W+", "-", url))
        if duplicates := page.evaluate(UNIQUE_IDS):
            repeated[url] = duplicates
    return wide, repeated
