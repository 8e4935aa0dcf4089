"""A league's own rules in the browser (issue 15, "System-level rules are data too"): an
organiser writes a rules variant with live checks naming the line and path, sees its force
organisation read for people, saves a second revision, compares and restores; a player
chooses it on the roster form and the army builder validates against it; the variant pages
fit a 360 px screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.models import Roster, RulesVariant
from tests.api.test_rules_variants import LEAGUE
from tests.browser.conftest import make_player, sign_in
from tests.browser.test_catalogue_editor import narrow_problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_writes_league_rules_and_a_player_builds_against_them(
    page: Page, catalogues, screenshot
):
    make_player("organiser")
    sign_in(page, "organiser")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules variants").click()
    page.get_by_role("link", name="Upload or write a rules variant").click()
    page.wait_for_url("**/rules-variants/new/")

    check = page.locator("#catalogue-check")
    expect(check).to_contain_text("No problems found")  # the starter document
    document = page.get_by_label("Or the document itself")
    document.fill(LEAGUE.replace("kind: category_count, severity: error, category: HQ", "kind: x"))
    expect(check.locator(".violation.error").first).to_contain_text("constraints[1]")
    expect(check.locator(".violation.error").first).to_contain_text(re.compile(r"line \d+"))
    screenshot(page, "live-error")
    document.fill(LEAGUE)
    expect(check).to_contain_text("No problems found")
    page.get_by_label("Who may see it").select_option("public")
    page.get_by_role("button", name="Save rules variant").click()
    page.wait_for_url(re.compile(r".*/rules-variants/\d+/$"))
    foc = page.locator("#force-organisation")
    expect(foc).to_contain_text("Troops")
    expect(foc.locator("tr", has_text="Troops")).to_contain_text("3–6")
    expect(page.locator("#variant-constraints")).to_contain_text("category HQ · min 1 · max 1")
    screenshot(page, "variant")

    # A second revision through the raw editor, then the diff and a restore.
    page.get_by_role("link", name="Edit", exact=True).click()
    page.get_by_label("YAML or JSON text").fill(LEAGUE.replace("min: 3, max: 6", "min: 2, max: 6"))
    expect(page.locator("#catalogue-check")).to_contain_text("No problems found")
    page.get_by_label("What changed (optional)").fill("two troops")
    page.get_by_role("button", name="Save document").click()
    expect(page.locator(".messages")).to_contain_text("revision 2")
    page.get_by_role("link", name="What changed in the latest revision").click()
    expect(page.locator(".diff-list")).to_contain_text("Constraints changed: foc.troops")
    page.go_back()
    page.get_by_role("button", name="Restore revision 1").click()
    expect(page.locator(".messages")).to_contain_text("Revision 1 restored as revision 3")
    variant = RulesVariant.objects.get(owner__username="organiser")
    assert variant.document["constraints"][2]["min"] == 3

    # A player chooses it on the roster form; the builder validates against it.
    make_player("player")
    page.context.clear_cookies()
    sign_in(page, "player")
    page.goto("/rosters/?system=grimdark")
    page.get_by_label("Rules", exact=True).select_option(str(variant.pk))
    page.get_by_label("Roster name").fill("League list")
    page.get_by_role("button", name="Create roster").click()
    page.wait_for_url(re.compile(r".*/rosters/\d+/$"))
    expect(page.locator("#roster-status")).to_contain_text("Illegal list")
    roster = Roster.objects.get(name="League list")
    assert roster.rules_variant == variant
    screenshot(page, "roster")

    # The variant pages fit a phone and repeat no id.
    assert narrow_problems(
        page,
        screenshot,
        (
            "/rules-variants/",
            "/rules-variants/new/",
            f"/rules-variants/{variant.pk}/",
            f"/rules-variants/{variant.pk}/diff/?from=1",
        ),
    ) == ({}, {})
