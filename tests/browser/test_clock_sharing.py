"""Game clocks at the table (issue 24): both players of a campaign game find and press the
same clock from their game (the opponent's card opens it, never a second one); a clock
without a game is shared by link or by code; the clock fits a phone held upright or on its
side, keeps the screen awake where the browser allows it, and says turn 1 on the second
player's first turn (seed 003 §11)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from campaigns.models import Game
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from rules.models import GameClock
from tests.browser.conftest import DESKTOP, PHONE, join_by_link, make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_ON_ITS_SIDE = {"width": 844, "height": 390}

# A stand-in Screen Wake Lock API that records each request (headless Chromium refuses the
# real one), so the page's use of it can be seen.
FAKE_WAKE_LOCK = """
window.__wakeRequests = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: function (kind) {
    window.__wakeRequests.push(kind);
    return Promise.resolve({ released: false, addEventListener: function () {} });
  }
}});
"""
TEXT_INSIDE_CARD = """e => {
  const range = document.createRange(); range.selectNodeContents(e);
  const text = range.getBoundingClientRect();
  const card = e.closest(".clock-side").getBoundingClientRect();
  return text.left >= card.left && text.right <= card.right;
}"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock; delete navigator.wakeLock;"


def assert_times_fit(page: Page) -> None:
    """Both times lie inside the screen and the page does not scroll sideways."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for side in ("a", "b"):
        box = page.locator(f"#time-{side}").bounding_box()
        assert box is not None, side
        assert 0 <= box["x"] <= box["x"] + box["width"] <= width, side
        inside = page.locator(f"#time-{side}").evaluate(TEXT_INSIDE_CARD)
        assert inside, f"side {side}'s time overflows its card"


def league_game() -> Game:
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
    return Game.objects.select_related("participant_a__user", "participant_b__user").get(
        campaign=campaign
    )


def test_both_players_use_the_one_clock_of_their_campaign_game(sized_page, catalogues, screenshot):
    game = league_game()
    names = {game.participant_a.user.username: "a", game.participant_b.user.username: "b"}
    desktop = sized_page(DESKTOP, FAKE_WAKE_LOCK)
    sign_in(desktop, "marshal")
    desktop.goto(f"/campaigns/{game.campaign_id}/")
    desktop.locator(f"#game-{game.pk}").get_by_role("link", name="Start a game clock").click()
    desktop.get_by_label("Minutes (per player for a chess clock, per turn otherwise)").fill("90")
    desktop.get_by_role("button", name="Create clock").click()
    desktop.wait_for_url(re.compile(r".*/clocks/\d+/$"))
    clock = GameClock.objects.get(game=game)
    expect(desktop.locator("#wake-status")).to_have_text(
        "The screen stays awake while this clock is open."
    )
    assert desktop.evaluate("window.__wakeRequests") == ["screen"]
    expect(desktop.locator("main")).not_to_contain_text("seed")
    expect(desktop.locator("#share-code")).to_have_count(0)
    first_side = names["marshal"]
    desktop.locator(f"#clock-start-{first_side}").click()
    expect(desktop.locator("#clock-status")).to_contain_text("is playing (turn 1)")
    assert_times_fit(desktop)
    screenshot(desktop, "clock-desktop", full_page=False)

    phone = sized_page(PHONE, FAKE_WAKE_LOCK)
    sign_in(phone, "rival")
    phone.goto(f"/campaigns/{game.campaign_id}/")
    card = phone.locator(f"#game-{game.pk}")
    expect(card.get_by_role("link", name="Start a game clock")).to_have_count(0)
    expect(card).to_contain_text("Started by marshal: both players see and press it.")
    card.get_by_role("link", name="Open the game clock").click()
    phone.wait_for_url(f"**/clocks/{clock.pk}/")
    # the new-clock page with this game opens the same clock as well
    phone.goto(f"/clocks/new/?game={game.pk}")
    phone.wait_for_url(f"**/clocks/{clock.pk}/")
    expect(phone.locator("#time-a")).to_have_text(re.compile(r"^1:(29|30):\d\d$"))
    expect(phone.locator("#time-b")).to_have_text(re.compile(r"^1:(29|30):\d\d$"))
    assert_times_fit(phone)
    screenshot(phone, "clock-phone-portrait", full_page=False)

    # the player whose turn it is ends it from their phone: the other side plays turn 1
    if first_side == "b":
        phone.locator("#clock-switch").click()
    else:
        desktop.locator("#clock-switch").click()
    for page in (desktop, phone):
        expect(page.locator("#clock-status")).to_contain_text("(turn 1)", timeout=5000)
        expect(page.locator(".clock-side.running h2")).to_have_text(
            re.compile("^B · " if first_side == "a" else "^A · ")
        )
    assert GameClock.objects.filter(game=game).count() == 1

    phone.set_viewport_size(PHONE_ON_ITS_SIDE)
    phone.reload()
    assert_times_fit(phone)
    box = phone.locator("#time-b").bounding_box()
    assert box["y"] + box["height"] <= PHONE_ON_ITS_SIDE["height"], "side B below the screen"
    screenshot(phone, "clock-phone-landscape", full_page=False)

    for page, who in ((desktop, "marshal"), (phone, "rival")):
        page.goto("/clocks/")
        row = page.locator(f"#clock-row-{clock.pk}")
        expect(row).to_contain_text("Round 1, table 1")
        expect(row).to_contain_text("campaign game")
        assert (
            page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        ), who
    screenshot(phone, "clock-list-phone", full_page=False)


def test_a_clock_without_a_game_is_shared_by_link_or_code(sized_page, catalogues, screenshot):
    for name in ("host", "guest", "friend"):
        make_player(name)
    host = sized_page(DESKTOP)
    sign_in(host, "host")
    host.goto("/clocks/")
    expect(host.locator("#clock-list")).to_contain_text("No clocks yet")
    host.get_by_role("link", name="New clock").click()
    host.get_by_label("Kind of clock").select_option("per_turn")
    host.get_by_label("Minutes (per player for a chess clock, per turn otherwise)").fill("10")
    host.get_by_role("button", name="Create clock").click()
    host.wait_for_url(re.compile(r".*/clocks/\d+/$"))
    clock = GameClock.objects.get()
    expect(host.locator("#share-code")).to_have_text(clock.share_code)
    link = host.get_by_label("Link").input_value()
    assert link.endswith(f"/clocks/join/?code={clock.share_code}")
    expect(host.locator("#share-joined")).to_have_text("Nobody has joined yet.")
    screenshot(host, "clock-share-desktop", full_page=False)

    guest = sized_page(PHONE, NO_WAKE_LOCK)
    sign_in(guest, "guest")
    assert guest.goto(f"/clocks/{clock.pk}/").status == 404
    guest.goto("/clocks/join/")
    guest.get_by_label("Share code").fill("WRONG9")
    guest.get_by_role("button", name="Join clock").click()
    expect(guest.locator("#clock-code-error")).to_contain_text("No clock has this code")
    expect(guest.get_by_label("Share code")).to_have_attribute("aria-invalid", "true")
    screenshot(guest, "clock-join-refused-phone", full_page=False)
    guest.get_by_label("Share code").fill(clock.share_code.lower())
    guest.get_by_role("button", name="Join clock").click()
    guest.wait_for_url(f"**/clocks/{clock.pk}/")
    expect(guest.locator("#wake-status")).to_have_text(
        "This browser cannot keep the screen awake: keep it on by hand."
    )
    guest.locator("#clock-start-b").click()
    expect(guest.locator("#clock-status")).to_contain_text("Side B is playing (turn 1)")
    assert_times_fit(guest)
    screenshot(guest, "clock-joined-phone", full_page=False)

    friend = sized_page(PHONE)
    join_by_link(
        friend, "friend", link, field="Share code", code=clock.share_code, button="Join clock"
    )
    friend.wait_for_url(f"**/clocks/{clock.pk}/")
    expect(friend.locator("#clock-status")).to_contain_text("Side B is playing", timeout=5000)
    friend.goto("/clocks/")
    expect(friend.locator(f"#clock-row-{clock.pk}")).to_contain_text("shared with you")

    host.reload()
    expect(host.locator("#share-joined")).to_have_text("Joined: friend, guest.")
    expect(host.locator("#clock-status")).to_contain_text("Side B is playing")
