"""A newcomer builds a grimdark list in the browser; undo and export of a list."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.models import Roster
from armybuilder.services.rosters import roster_create
from armybuilder.services.units import roster_add_unit
from tests.browser.conftest import PASSWORD, make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def add_unit(page: Page, name: str, expected_count: int) -> None:
    page.get_by_role("button", name=f"Add {name}", exact=True).first.click()
    expect(page.locator("#units-h")).to_have_text(f"Units ({expected_count})")


def test_newcomer_builds_an_illegal_grimdark_list_then_makes_it_legal(
    page: Page, catalogues, screenshot
):
    # grimdark _system.yaml: foc.heavy_support at most 3, points.limit is an error.
    page.goto("/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("newcomer")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url("**/rosters/")

    with page.expect_response("**/rosters/factions/**"):
        page.get_by_label("1. Game system").select_option("grimdark")
    expect(page.get_by_label("2. Faction")).to_contain_text("Iron Wardens")
    page.get_by_label("2. Faction").select_option("iron-wardens")
    page.get_by_label("3. Points limit").fill("700")
    page.get_by_label("Roster name").fill("Ninth Bastion")
    page.get_by_role("button", name="Create roster").click()
    page.wait_for_url(re.compile(r".*/rosters/\d+/$"))

    add_unit(page, "Warden Captain", 1)
    add_unit(page, "Line Squad", 2)
    add_unit(page, "Line Squad", 3)
    page.get_by_label("Search units").fill("siegebreaker")
    expect(page.locator("#catalogue-results .catalogue-unit")).to_have_count(1)
    for count in (4, 5, 6, 7):
        add_unit(page, "Siegebreaker Tank", count)

    panel = page.locator("#validation")
    expect(page.locator("#roster-status")).to_contain_text("Illegal list: 2 errors")
    expect(panel.locator('[data-code="foc.heavy_support"]')).to_contain_text("Heavy Support")
    expect(panel.locator('[data-code="points.limit"]')).to_be_visible()
    expect(page.locator("#points-total")).to_contain_text("900 / 700")
    screenshot(page, "illegal")

    # Fix one: one tank fewer (Heavy Support back to 3, still over the points).
    page.get_by_role("button", name="Remove Siegebreaker Tank").first.click()
    expect(page.locator("#units-h")).to_have_text("Units (6)")
    expect(panel.locator('[data-code="foc.heavy_support"]')).to_have_count(0)
    expect(page.locator("#roster-status")).to_contain_text("Illegal list: 1 error")
    expect(page.locator("#points-total")).to_contain_text("735 / 700")

    # Fix two: raise the points limit.
    page.get_by_label("Points limit").fill("750")
    page.get_by_label("Points limit").press("Tab")
    expect(page.locator("#roster-status")).to_have_text(re.compile(r"^Legal list"))
    expect(page.locator("#validation .violation.error")).to_have_count(0)
    expect(page.locator("#points-total")).to_contain_text("735 / 750")
    screenshot(page, "legal")
    roster = Roster.objects.get(name="Ninth Bastion")
    assert roster.is_valid
    assert roster.points == 735


def test_undo_restores_the_previous_revision_and_export_text_matches_the_list(
    page: Page, catalogues, screenshot
):
    owner = make_player("ostrel")
    roster = roster_create(
        owner=owner,
        system="grimdark",
        faction="iron-wardens",
        name="Strike Force",
        points_limit=1500,
    )
    for unit in ("warden-captain", "line-squad", "line-squad"):
        roster_add_unit(roster=roster, unit=unit, actor=owner)
    squad = Roster.objects.get(pk=roster.pk).payload["units"][1]["id"]
    sign_in(page, "ostrel")
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator("#points-total")).to_contain_text("240 / 1500")

    size = page.locator(f"#unit-{squad}-size")
    size.fill("8")
    size.press("Tab")
    expect(page.locator("#points-total")).to_contain_text("285 / 1500")
    expect(page.locator(f"#unit-{squad}-size")).to_have_value("8")

    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator("#points-total")).to_contain_text("240 / 1500")
    expect(page.locator(f"#unit-{squad}-size")).to_have_value("5")
    expect(page.locator(".revisions li").first).to_contain_text("undo: back to revision 4")
    screenshot(page, "after-undo")
    stored = Roster.objects.get(pk=roster.pk)
    assert stored.payload["units"][1]["size"] == 5

    page.get_by_role("link", name="Export").click()
    text = page.locator("#export-text").input_value()
    assert text.startswith("+++ Strike Force +++")
    assert "Points: 240/1500 pts" in text
    assert "1x Warden Captain:" in text  # names as a player writes them, no [slug] tags
    assert text.count("5x Line Squad:") == 2
    assert "[" not in text
    assert "8x Line Squad" not in text  # (the text's share token is random: "…m8xj…")
    screenshot(page, "export")
