"""A campaign report whose winner the scores contradict is refused at the Result field, on a
desktop and a 390 px phone (issue 24; grimdark annihilation is won on victory points)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaigns.models import Game
from tests.browser.conftest import DESKTOP, PHONE, sign_in
from tests.browser.test_clock_sharing import league_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_winner_the_scores_contradict_is_refused_at_the_field(
    sized_page, catalogues, screenshot, viewport
):
    game = league_game()
    page = sized_page(viewport)
    sign_in(page, "marshal")
    page.goto(f"/campaigns/{game.campaign_id}/")
    card = page.locator(f"#game-{game.pk}")
    prefix = f"#report-{game.pk}"
    card.locator(f"{prefix}-winner").select_option("a")
    card.locator(f"{prefix}-score-a").fill("100")
    card.locator(f"{prefix}-score-b").fill("400")
    card.get_by_role("button", name="Report result").click()
    card = page.locator(f"#game-{game.pk}")
    error = card.locator(f"{prefix}-winner-error")
    expect(error).to_contain_text("The winner must have more victory points than the loser")
    expect(card.locator(f"{prefix}-winner")).to_have_attribute("aria-invalid", "true")
    expect(card.locator(f"{prefix}-winner")).to_have_value("a")
    expect(card.locator(f"{prefix}-score-b")).to_have_value("400")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(card, "refused")
    assert Game.objects.get(pk=game.pk).status == "scheduled"
    card.locator(f"{prefix}-winner").select_option("b")
    card.get_by_role("button", name="Report result").click()
    expect(page.locator(f"#game-{game.pk} .game-status")).to_have_text("Reported")
