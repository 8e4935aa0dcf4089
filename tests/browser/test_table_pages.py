"""The pages a player keeps open at the table (issue 24), on a desktop and a 390 × 844 phone:
multi-step undo and redo (buttons and Ctrl+Z / Ctrl+Shift+Z), the points total and legality
badge in view after editing the last unit, Add showing where the unit went. That no page
is wider than a 360 px screen and no element id is used twice is checked on every page by
``test_accessibility.py``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.services.rosters import roster_create
from armybuilder.services.units import roster_add_unit
from tests.browser.conftest import DESKTOP, PHONE, make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def strike_force(username: str, points_limit: int = 1500):
    owner = make_player(username)
    roster = roster_create(
        owner=owner,
        system="grimdark",
        faction="iron-wardens",
        name="Strike Force",
        points_limit=points_limit,
    )
    for unit in ("warden-captain", "line-squad", "line-squad", "line-squad", "line-squad"):
        roster_add_unit(roster=roster, unit=unit, actor=owner)
    return roster


def in_view(page: Page, selector: str) -> bool:
    return page.evaluate(
        """(s) => { const r = document.querySelector(s).getBoundingClientRect();
                    return r.top >= 0 && r.bottom <= window.innerHeight; }""",
        selector,
    )


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_undo_twice_goes_back_two_edits_and_redo_brings_them_back(
    new_page, catalogues, screenshot, viewport
):
    roster = strike_force("ulla")
    page = new_page()
    if viewport:
        page.set_viewport_size(viewport)
    sign_in(page, "ulla")
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator("#redo-button")).to_be_disabled()
    name = page.get_by_label("Roster name")
    revisions = page.locator(".revisions li")
    saved = revisions.count()
    for new in ("Second", "Third"):
        name.fill(new)
        name.press("Tab")
        # Wait for this edit's own revision (the first one's would satisfy a text check).
        saved += 1
        expect(revisions).to_have_count(saved)
        expect(revisions.first).to_contain_text("name")
        expect(page.locator("#roster-name")).to_have_value(new)
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator("#roster-name")).to_have_value("Second")
    page.locator("body").press("Control+z")
    expect(page.locator("#roster-name")).to_have_value("Strike Force")
    screenshot(page, "after-two-undos")
    page.locator("body").press("Control+Shift+z")
    expect(page.locator("#roster-name")).to_have_value("Second")
    page.get_by_role("button", name="Redo", exact=True).click()
    expect(page.locator("#roster-name")).to_have_value("Third")
    expect(page.locator("#redo-button")).to_be_disabled()


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_points_and_legality_stay_in_view_after_editing_the_last_unit(
    new_page, catalogues, screenshot, viewport
):
    roster = strike_force(f"pia{bool(viewport)}")
    page = new_page()
    if viewport:
        page.set_viewport_size(viewport)
    sign_in(page, f"pia{bool(viewport)}")
    page.goto(f"/rosters/{roster.pk}/")
    last = page.locator("article.unit").last.get_attribute("id").removeprefix("unit-")
    size = page.locator(f"#unit-{last}-size")
    size.scroll_into_view_if_needed()
    size.fill("7")
    size.press("Tab")
    expect(page.locator("#points-total")).not_to_contain_text("0 / 1500 pts —")
    expect(page.locator(f"#unit-{last}-size")).to_have_value("7")
    assert in_view(page, "#points-total")
    assert in_view(page, "#roster-status")
    screenshot(page, "after-edit")
    screenshot(page, "after-edit-viewport", full_page=False)
    if viewport:
        # On a phone the list (and its checks) come before the catalogue.
        editor = page.locator("#roster-editor").bounding_box()
        catalogue = page.locator(".catalogue-panel").bounding_box()
        assert editor["y"] < catalogue["y"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_add_scrolls_to_highlights_and_focuses_the_new_unit(
    new_page, catalogues, screenshot, viewport
):
    roster = strike_force("ada")
    page = new_page()
    page.set_viewport_size(viewport)
    sign_in(page, "ada")
    page.goto(f"/rosters/{roster.pk}/")
    if viewport is PHONE:  # the catalogue comes after the list: the bar's link goes there
        page.get_by_role("link", name="Add units").click()
    page.get_by_role("button", name="Add Warden Captain", exact=True).first.click()
    expect(page.locator("#units-h")).to_have_text("Units (6)")
    focused = page.locator("article.unit:focus")
    expect(focused).to_have_count(1)
    expect(focused).to_have_class(re.compile(r"just-added"))
    box = focused.bounding_box()
    assert 0 <= box["y"] < viewport["height"]
    screenshot(page, "after-add")
    screenshot(page, "after-add-viewport", full_page=False)


#: The narrowest phone the pages are made for.
NARROW = {"width": 360, "height": 740}
BAR_CONTROLS = ("#points-total", "#roster-status", ".to-catalogue", "#undo-button", "#redo-button")
BAR_BOXES = """(selectors) => selectors.map(s => {
  const r = document.querySelector("#roster-bar " + s).getBoundingClientRect();
  return {s, top: r.top, bottom: r.bottom, left: r.left, right: r.right};
})"""


def test_the_sticky_bar_is_one_compact_line_on_a_360_px_phone(new_page, catalogues, screenshot):
    """At 360 px the bar keeps the total, the badge, Add, Undo and Redo on one line (it
    wrapped Undo/Redo onto a second one, 95 px tall), over the limit and illegal at that."""
    roster = strike_force("ines", points_limit=1000)
    for _ in range(9):  # four-digit totals, the widest a bar shows
        roster_add_unit(roster=roster, unit="line-squad")
    page = new_page()
    page.set_viewport_size(NARROW)
    sign_in(page, "ines")
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator("#roster-status")).to_have_accessible_name(
        re.compile(r"^Illegal list: \d+ errors?$")
    )
    expect(page.get_by_role("button", name="Undo", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Add units")).to_be_visible()
    boxes = page.evaluate(BAR_BOXES, list(BAR_CONTROLS))
    first = boxes[0]
    for box in boxes:
        assert box["top"] < first["bottom"], boxes
        assert first["top"] < box["bottom"], (box, first)
        assert box["left"] >= 0, box
        assert box["right"] <= NARROW["width"], box
    bar = page.locator("#roster-bar").bounding_box()
    assert bar["height"] <= 64, bar
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(page, "bar-360")
    screenshot(page, "bar-360-viewport", full_page=False)
