"""The battle and campaign pages walked on a 360 px phone (issue 24: "no page scrolls
sideways at 360 px"): each is screenshot whole and nothing on it is wider than the screen.
A Mordheim warband against itself also shows the rules-without-effect notice in words."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from campaigns.models import Game
from campaigns.services.results import game_report_result
from campaigns.services.rounds import round_create
from tests.browser.conftest import make_player, sign_in
from tests.browser.test_campaign_table import two_player_league
from tests.browser.test_replay_systems import resolved

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 780}

#: The elements that reach past the screen's right edge (none when the page fits).
WIDE = """() => [...document.querySelectorAll('main *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5
               && !e.closest('.table-scroll, .battle-log, [role=region]'))
  .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
            (e.className && typeof e.className === 'string' ? '.' + e.className : '')
            + ' ' + Math.round(e.getBoundingClientRect().right))"""


#: A pair of sample rosters a system's battle is walked with, and its mission (None: default).
PAIRS = {
    "massbattle": ("dawnguard-vanguard", "gravemire-tide", "kill"),
    "skirmish": ("marsh-raiders", "night-watch", None),
    "grimdark": ("iron-wardens-strike-force", "chitin-host-swarm", None),
    "hextactical": ("thornwall-patrol", "saltmarsh-raid", "skirmish"),
}


#: How many lines the longest number cell (models, points lost, kills) of the units takes.
NUMBER_LINES = """() => { const UNITS = 'section[aria-labelledby=units-h] tbody';
return Math.max(...[...document.querySelectorAll(UNITS + ' td:nth-child(n+4)')].map(e => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
})); }"""


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], (width, page.evaluate(WIDE)[:10])
    assert page.evaluate(WIDE) == []


@pytest.mark.parametrize("system", ["massbattle", "skirmish", "grimdark", "hextactical"])
def test_the_battle_page_fits_a_360_px_phone(sized_page, catalogues, screenshot, system):
    owner = make_player("pell")
    battle = resolved(owner, system, PAIRS[system])
    page = sized_page(SMALL_PHONE)
    sign_in(page, "pell")
    page.goto(f"/battles/{battle.pk}/")
    expect(page.locator("#battle-winner")).to_be_visible()
    screenshot(page, f"battle-{system}", full_page=False)
    page.locator("#units-h").scroll_into_view_if_needed()
    screenshot(page, f"units-{system}", full_page=False)
    # "1 / 14" was broken over three lines; the table scrolls in its region instead.
    assert page.evaluate(NUMBER_LINES) == 1
    fits(page)


def test_a_warband_against_itself_names_its_animal_once_a_side(sized_page, catalogues, screenshot):
    owner = make_player("pell")
    battle = resolved(owner, "skirmish", ("marsh-raiders", "marsh-raiders", None))
    page = sized_page(SMALL_PHONE)
    sign_in(page, "pell")
    page.goto(f"/battles/{battle.pk}/")
    notice = page.locator("#rules-without-effect")
    expect(notice).to_contain_text(
        "Animal — Raiders of the Sunken Mile (A): Marsh Hound; "
        "Raiders of the Sunken Mile (B): Marsh Hound"
    )
    screenshot(notice, "notice")
    fits(page)


def test_the_campaign_page_fits_a_360_px_phone(sized_page, catalogues, screenshot):
    campaign, organiser = two_player_league()
    round_create(campaign=campaign, user=organiser)
    game = Game.objects.get(campaign=campaign, round__isnull=False)
    side = "a" if game.participant_a.user_id == organiser.pk else "b"
    game_report_result(
        game=game, user=organiser, winner=side, scores={side: 3, "b" if side == "a" else "a": 1}
    )
    page = sized_page(SMALL_PHONE)
    sign_in(page, "bo")
    page.goto(f"/campaigns/{campaign.pk}/")
    expect(page.locator("#standings")).to_be_visible()
    screenshot(page, "campaign")
    fits(page)
