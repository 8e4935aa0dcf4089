"""Choosing options and units in the army builder (issue 24), on a desktop and a 390 px
phone: a one-choice wargear group is a set of radios, each limit says how much of it is
used before it is broken, Kings of War unlocks show a running counter, a unique [1] unit's
Add is disabled once taken, the catalogue shows what a unit is before it is added and its
search covers weapons and rules, and focus is kept after Duplicate and Remove."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from armybuilder.models import Roster
from armybuilder.services.rosters import roster_create
from tests.browser.conftest import DESKTOP, PHONE, make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_exclusive_wargear_is_a_radio_choice_with_its_limit_shown(
    sized_page, catalogues, screenshot, viewport
):
    owner = make_player("smith")
    roster = roster_create(
        owner=owner, system="grimdark", faction="iron-wardens", name="Bastion", points_limit=1500
    )
    page = sized_page(viewport)
    sign_in(page, "smith")
    page.goto(f"/rosters/{roster.pk}/")

    # the search covers weapons and options: "plasma" finds the Line Squad's plasma gun
    page.get_by_label("Search units").fill("plasma")
    line = page.locator('#catalogue-results .catalogue-unit[data-unit="line-squad"]')
    expect(line).to_be_visible()
    expect(page.locator('#catalogue-results [data-unit="warden-lexicant"]')).to_have_count(0)
    expect(line.locator(".catalogue-cost")).to_contain_text("75 (+15 per extra model) pts")
    line.get_by_text("Profile, weapons and rules").click()
    details = line.locator(".catalogue-details")
    expect(details.locator("table.profile")).to_contain_text("WS")
    expect(details).to_contain_text("Bolter")
    expect(details).to_contain_text("Unbroken Oath")
    screenshot(line, "catalogue")
    page.get_by_label("Search units").fill("")

    page.get_by_role("button", name="Add Line Squad", exact=True).click()
    expect(page.locator("#units-h")).to_have_text("Units (1)")
    unit = page.locator("article.unit").first
    special = unit.locator("fieldset.option-group.one-of").first
    expect(special.locator("legend")).to_have_text("Special: choose one")
    # 5 models: 1 per 10 models allows none yet, and says so before anything is broken
    expect(special.get_by_role("radio", name="Flamer")).to_be_disabled()
    expect(special).to_contain_text("0 of 0 (1 per 10 models)")
    unit.get_by_label("Models", exact=True).fill("10")
    unit.get_by_label("Models", exact=True).press("Tab")
    expect(page.locator("#points-total")).to_contain_text("150 / 1500")
    unit = page.locator("article.unit").first
    special = unit.locator("fieldset.option-group.one-of").first
    expect(special.get_by_role("radio", name="None")).to_be_checked()
    special.get_by_role("radio", name="Flamer").check()
    expect(page.locator("#points-total")).to_contain_text("156 / 1500")
    special = page.locator("article.unit").first.locator("fieldset.option-group.one-of").first
    special.get_by_role("radio", name="Meltagun").check()
    expect(page.locator("#points-total")).to_contain_text("160 / 1500")
    special = page.locator("article.unit").first.locator("fieldset.option-group.one-of").first
    expect(special.get_by_role("radio", name="Flamer")).not_to_be_checked()
    expect(special).to_contain_text("1 of 1 (1 per 10 models)")
    expect(page.locator('#validation .violation[data-code^="option."]')).to_have_count(0)
    roster.refresh_from_db()
    assert roster.payload["units"][0]["options"] == ["meltagun"]
    no_sideways_scroll(page)
    screenshot(page.locator("article.unit").first, "radios")
    page.get_by_label("Search units").fill("lone commander")
    expect(page.locator('#catalogue-results [data-unit="warden-captain"]')).to_be_visible()
    expect(page.locator('#catalogue-results [data-unit="line-squad"]')).to_have_count(0)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_unlocks_count_up_and_a_unique_unit_is_taken_once(
    sized_page, catalogues, screenshot, viewport
):
    owner = make_player("marshal")
    roster = roster_create(
        owner=owner,
        system="massbattle",
        faction="dawnguard-realms",
        name="Dawn host",
        points_limit=2000,
    )
    page = sized_page(viewport)
    sign_in(page, "marshal")
    page.goto(f"/rosters/{roster.pk}/")
    page.get_by_role("button", name="Add Shieldwall Spearmen", exact=True).click()
    expect(page.locator("#units-h")).to_have_text("Units (1)")
    heroes = page.locator('#unlocks [data-code="core.heroes_monsters"]')
    expect(heroes).to_have_text("Heroes and monsters: 0 of 0 unlocked by 0 core units")
    page.locator("article.unit").first.get_by_label("Models", exact=True).select_option("20")
    expect(heroes).to_have_text("Heroes and monsters: 0 of 1 unlocked by 1 core unit")

    add = page.get_by_role("button", name="Add Aurelle the Dawnbringer", exact=True)
    add.click()
    expect(page.locator("#units-h")).to_have_text("Units (2)")
    expect(heroes).to_have_text("Heroes and monsters: 1 of 1 unlocked by 1 core unit")
    expect(add).to_be_disabled()
    expect(add).to_have_text("Taken")
    # the catalogue search re-renders the catalogue: the unit stays taken
    page.get_by_label("Search units").fill("aurelle")
    expect(page.locator("#catalogue-results .catalogue-unit")).to_have_count(1)
    expect(add).to_be_disabled()
    no_sideways_scroll(page)
    screenshot(page, "unlocks")

    # by keyboard, Duplicate puts the focus on the new copy, Remove on the row that took
    # the removed one's place
    spearmen = page.locator("article.unit").first
    spearmen.get_by_role("button", name="Duplicate Shieldwall Spearmen").press("Enter")
    expect(page.locator("#units-h")).to_have_text("Units (3)")
    copy_id = Roster.objects.get(pk=roster.pk).payload["units"][1]["id"]
    expect(page.locator(f"#unit-{copy_id}")).to_be_focused()
    expect(heroes).to_have_text("Heroes and monsters: 1 of 2 unlocked by 2 core units")
    first_id = Roster.objects.get(pk=roster.pk).payload["units"][0]["id"]
    page.locator(f"#unit-{first_id}").get_by_role(
        "button", name="Remove Shieldwall Spearmen"
    ).press("Enter")
    expect(page.locator("#units-h")).to_have_text("Units (2)")
    expect(page.locator(f"#unit-{copy_id}")).to_be_focused()
    hero_id = Roster.objects.get(pk=roster.pk).payload["units"][1]["id"]
    page.locator(f"#unit-{hero_id}").get_by_role(
        "button", name="Remove Aurelle the Dawnbringer"
    ).press("Enter")
    expect(page.locator("#units-h")).to_have_text("Units (1)")
    expect(page.locator(f"#unit-{copy_id}")).to_be_focused()
    expect(add).to_be_enabled()
    expect(add).to_have_text("Add")
