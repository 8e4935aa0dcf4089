"""A campaign game is reported by one player, confirmed by the other, and the standings
change."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from campaigns.models import Game, GameStatus
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from tests.browser.conftest import make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_reported_game_confirmed_by_the_opponent_changes_the_standings(
    new_page, catalogues, screenshot
):
    organiser = make_player("marshal")
    rival = make_player("rival")
    campaign = campaign_create(
        user=organiser, system="grimdark", name="Ashfall League", points_limit=2000, seed=11
    )
    campaign_join(
        user=organiser,
        join_code=campaign.join_code,
        roster=roster_import(
            owner=organiser, data=load_sample_roster("grimdark", "iron-wardens-strike-force")
        ),
    )
    campaign_join(
        user=rival,
        join_code=campaign.join_code,
        roster=roster_import(owner=rival, data=load_sample_roster("grimdark", "chitin-host-swarm")),
    )
    round_create(campaign=campaign, user=organiser, pairing="swiss")
    game = Game.objects.get(campaign=campaign)
    reporter_side = game.side_of(
        game.participant_a_id if game.participant_a.user == organiser else game.participant_b_id
    )
    winner_name = (game.participant_a if reporter_side == "a" else game.participant_b).name

    first = new_page()
    sign_in(first, "marshal")
    first.goto(f"/campaigns/{campaign.pk}/")
    standings = first.locator("#standings tbody tr")
    expect(standings).to_have_count(2)
    expect(first.locator("#standings .match-points")).to_have_text(["0", "0"])
    card = first.locator(f"#game-{game.pk}")
    card.get_by_label("Result").select_option(reporter_side)
    scores = {"a": "12", "b": "5"} if reporter_side == "a" else {"a": "5", "b": "12"}
    card.get_by_label(f"{game.participant_a.name} score").fill(scores["a"])
    card.get_by_label(f"{game.participant_b.name} score").fill(scores["b"])
    card.get_by_role("button", name="Report result").click()
    expect(first.locator(".messages")).to_contain_text("Result reported")
    expect(first.locator(f"#game-{game.pk} .game-status")).to_have_text("Reported")
    expect(first.locator("#standings .match-points")).to_have_text(["0", "0"])
    screenshot(first, "reported")

    second = new_page()
    sign_in(second, "rival")
    second.get_by_role("link", name="Campaigns").click()
    second.get_by_role("link", name="Ashfall League").click()
    second.locator(f"#game-{game.pk}").get_by_role("button", name="Confirm result").click()
    expect(second.locator(".messages")).to_contain_text("Result confirmed")
    expect(second.locator(f"#game-{game.pk} .game-status")).to_have_text("Confirmed")
    top = second.locator("#standings tbody tr").first
    expect(top).to_contain_text(winner_name)
    points = second.locator("#standings .match-points").all_inner_texts()
    assert int(points[0]) > int(points[1]) >= 0
    screenshot(second, "confirmed")
    assert Game.objects.get(pk=game.pk).status == GameStatus.CONFIRMED

    second.get_by_role("link", name=winner_name).first.click()
    expect(second.get_by_role("heading", name="Units")).to_be_visible()
    screenshot(second, "participant")
