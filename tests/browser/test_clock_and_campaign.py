"""A game clock started from a campaign game: found from the campaign page, the game chosen
by name, both players watching the same live times in their own browsers (seed 003 §11)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from campaigns.models import Game
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from rules.models import GameClock
from tests.browser.conftest import make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _seconds(text: str) -> int:
    parts = [int(p) for p in text.strip().split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


def test_a_clock_started_from_a_campaign_game_runs_live_for_both_players(
    new_page, catalogues, screenshot
):
    organiser = make_player("marshal")
    rival = make_player("rival")
    campaign = campaign_create(
        user=organiser, system="grimdark", name="Ashfall League", points_limit=2000, seed=11
    )
    for user, sample in ((organiser, "iron-wardens-strike-force"), (rival, "chitin-host-swarm")):
        campaign_join(
            user=user,
            join_code=campaign.join_code,
            roster=roster_import(owner=user, data=load_sample_roster("grimdark", sample)),
        )
    round_create(campaign=campaign, user=organiser, pairing="swiss")
    game = Game.objects.select_related("participant_a__user", "participant_b__user").get(
        campaign=campaign
    )
    a_user, b_user = game.participant_a.user.username, game.participant_b.user.username

    first = new_page()
    sign_in(first, "marshal")
    first.goto(f"/campaigns/{campaign.pk}/")
    card = first.locator(f"#game-{game.pk}")
    expect(card.get_by_label("Result").first).to_have_value("")
    screenshot(first, "campaign-page")
    card.get_by_role("link", name="Start a game clock").click()
    first.wait_for_url("**/clocks/new/?game=*")
    chosen = first.get_by_label("Campaign game (optional)")
    expect(chosen).to_have_value(str(game.pk))
    expect(chosen.locator("option:checked")).to_have_text(
        f"Ashfall League — Round 1, table 1: {a_user} vs {b_user}"
    )
    first.get_by_label("Minutes (per player for a chess clock, per turn otherwise)").fill("0.2")
    first.get_by_role("button", name="Create clock").click()
    expect(first.locator("#clock-minutes-error")).to_have_text(
        "Minutes: give between 1 and 1440 (24 hours)."
    )
    screenshot(first, "refused-minutes")
    first.get_by_label("Minutes (per player for a chess clock, per turn otherwise)").fill("30")
    first.get_by_role("button", name="Create clock").click()
    first.wait_for_url(re.compile(r".*/clocks/\d+/$"))
    clock = GameClock.objects.get(game=game)
    expect(first.locator("#time-a")).to_have_text("30:00")
    expect(first.get_by_role("link", name=re.compile("Round 1, table 1"))).to_be_visible()
    first.locator("#clock-start-a").click()
    expect(first.locator("#clock-status")).to_contain_text("is playing (turn")

    second = new_page()
    sign_in(second, "rival")
    second.goto(f"/clocks/{clock.pk}/")
    expect(second.locator("#time-b")).to_have_text("30:00")
    start = _seconds(second.locator("#time-a").inner_text())
    # the htmx poll refreshes the running side's time every second in both browsers
    expect(second.locator("#time-a")).not_to_have_text(second.locator("#time-a").inner_text())
    first.wait_for_timeout(2200)
    later_first = _seconds(first.locator("#time-a").inner_text())
    later_second = _seconds(second.locator("#time-a").inner_text())
    assert later_second < start <= 30 * 60
    assert abs(later_first - later_second) <= 1
    expect(second.locator("#clock-status")).to_contain_text("is playing")
    screenshot(first, "clock-first-player")
    screenshot(second, "clock-second-player")

    second.locator("#clock-switch").click()
    expect(first.locator("#clock-status")).to_contain_text("turn 1", timeout=5000)
    expect(first.locator(".clock-side.running h2")).to_have_text(re.compile("^B · "))
    screenshot(first, "clock-after-switch")
