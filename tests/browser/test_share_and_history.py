"""The shared roster and the roster's history in human names (issue 24, "human names
everywhere"), on a desktop and a 360 px phone: the read-only page a share link opens names
rules, stats and wargear as the catalogue prints them ("Lone Commander", not
``independent_character``; no ``T_base``, no ``[slug]`` tags), and the history says "Line
Squad changed", never "line-squad changed"; neither page scrolls sideways."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from armybuilder.services.rosters import roster_create
from armybuilder.services.units import roster_add_unit
from tests.browser.conftest import DESKTOP, make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The narrowest phone the pages are made for.
NARROW = {"width": 360, "height": 740}
#: What a page shows when it leaks an internal name: a snake_case slug or a ``[slug]`` tag.
RAW_NAME = re.compile(r"\b[A-Za-z]+_[a-z_]+\b|\[[a-z0-9-]+\]")


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def leaks(text: str) -> list[str]:
    return RAW_NAME.findall(text)


@pytest.mark.parametrize("viewport", [DESKTOP, NARROW], ids=["desktop", "phone"])
def test_the_shared_roster_names_rules_and_stats_in_words(
    sized_page, catalogues, screenshot, viewport
):
    owner = make_player("ostrel")
    roster = roster_import(
        owner=owner, data=load_sample_roster("grimdark", "iron-wardens-strike-force")
    )
    page = sized_page(viewport)
    sign_in(page, "ostrel")
    page.goto(f"/rosters/{roster.pk}/share/")
    page.get_by_role("button", name="Create share link").click()
    link = page.get_by_label("Share link").input_value()
    fits(page)

    reader = sized_page(viewport)  # anyone holding the link, signed in or not
    reader.goto(link)
    main = reader.locator("main")
    expect(main).to_contain_text("Shared by ostrel · read-only")
    expect(main).to_contain_text("Captain Ostrel Varn")
    expect(main).to_contain_text("Lone Commander")  # the independent character rule
    text = main.inner_text()
    assert not leaks(text), leaks(text)
    assert "T_base" not in text
    slugs = {u["unit"] for u in roster.payload["units"]}
    slugs |= {o for u in roster.payload["units"] for o in u.get("options", []) if "-" in o}
    assert not [s for s in slugs if re.search(rf"\b{s}\b", text)]
    fits(reader)
    screenshot(reader, "shared")


@pytest.mark.parametrize("viewport", [DESKTOP, NARROW], ids=["desktop", "phone"])
def test_the_roster_history_names_units_not_slugs(sized_page, catalogues, screenshot, viewport):
    owner = make_player("ulla")
    roster = roster_create(
        owner=owner, system="grimdark", faction="iron-wardens", name="Bastion", points_limit=1500
    )
    for unit in ("warden-captain", "line-squad"):
        roster_add_unit(roster=roster, unit=unit, actor=owner)
    page = sized_page(viewport)
    sign_in(page, "ulla")
    page.goto(f"/rosters/{roster.pk}/")
    last = page.locator("article.unit").last.get_attribute("id").removeprefix("unit-")
    size = page.locator(f"#unit-{last}-size")
    size.fill("7")
    size.press("Tab")
    history = page.locator("ol.revisions")
    expect(history.locator("li").first).to_contain_text("Line Squad changed")
    expect(history).to_contain_text("Warden Captain added")
    text = history.inner_text()
    assert "warden-captain" not in text
    assert "line-squad" not in text
    assert not leaks(text), leaks(text)
    fits(page)
    screenshot(page.locator(".panel.history"), "history")
