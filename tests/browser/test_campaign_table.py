"""The campaign page at the table (issue 24), on a desktop and a 390 × 844 phone: the header
names the game and its points as players say them ("Skirmish (Mordheim) · … 500 gc"), the
standings show the match points without scrolling, the invite link sits beside the join
code and fills the code in for the friend who opens it, an organiser who plays a game is
not offered to decide it, a dispute needs a reason, and a player is withdrawn only once
"Yes, withdraw" is ticked."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from campaigns.models import Game, GameStatus, Participant
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import game_report_result
from campaigns.services.rounds import round_create
from tests.browser.conftest import DESKTOP, PASSWORD, PHONE, join_by_link, make_player, sign_in
from tests.integration.campaigns.test_lasting_injuries import chief_in_game_two
from tests.integration.campaigns.test_mordheim_post_battle import warbands
from tests.integration.campaigns.test_trading import CAPTAIN, after_a_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["warbands"]


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_campaign_is_joined_by_its_invite_link_and_refuses_careless_decisions(
    sized_page, catalogues, screenshot, viewport
):
    organiser, friend = make_player("ada"), make_player("bo")
    campaign = campaign_create(
        user=organiser, system="skirmish", name="Marsh league", points_limit=500, seed=3
    )
    campaign_join(
        user=organiser,
        join_code=campaign.join_code,
        roster=roster_import(owner=organiser, data=load_sample_roster("skirmish", "night-watch")),
    )
    roster_import(owner=friend, data=load_sample_roster("skirmish", "marsh-raiders"))
    label = "phone" if viewport == PHONE else "desktop"

    host = sized_page(viewport)
    sign_in(host, "ada")
    host.goto(f"/campaigns/{campaign.pk}/")
    meta = host.locator("#campaign-meta")
    expect(meta).to_contain_text("Skirmish (Mordheim)")
    expect(meta).to_contain_text("500 gc")
    expect(meta).not_to_contain_text("skirmish ·")
    panel = host.locator(".join-code")
    expect(panel.locator("#join-code")).to_have_text(campaign.join_code)
    invite = panel.get_by_label("Invite link").input_value()
    assert invite.endswith(f"/campaigns/?code={campaign.join_code}")
    fits(host)
    # The standings' match points are in view without scrolling the table, phone included.
    points = host.locator("#standings thead th").filter(has_text="Points").bounding_box()
    assert points["x"] + points["width"] <= viewport["width"], points
    screenshot(host, f"invite-{label}")

    guest = sized_page(viewport)
    join_by_link(
        guest, "bo", invite, field="Join code", code=campaign.join_code, button="Join campaign"
    )
    guest.wait_for_url(f"**/campaigns/{campaign.pk}/")
    theirs = Participant.objects.get(campaign=campaign, user=friend)

    round_create(campaign=campaign, user=organiser)
    game = Game.objects.get(campaign=campaign, round__isnull=False)
    side = "a" if game.participant_a.user_id == organiser.pk else "b"
    game_report_result(
        game=game, user=organiser, winner=side, scores={side: 3, "b" if side == "a" else "a": 1}
    )

    # The organiser plays this game: another organiser decides it, so no decide form.
    host.reload()
    card = host.locator(f"#game-{game.pk}")
    expect(card.locator(".game-status")).to_have_text("Reported")
    expect(card.get_by_text("Organiser: decide or correct this result")).to_have_count(0)

    # A dispute with only blanks for a reason is refused; the result stands.
    guest.reload()
    card = guest.locator(f"#game-{game.pk}")
    card.get_by_label("Why is it wrong?").fill("   ")
    card.get_by_role("button", name="Dispute").click()
    expect(guest.locator(".messages")).to_contain_text("Say why the result is wrong")
    expect(guest.locator(f"#game-{game.pk} .game-status")).to_have_text("Reported")
    assert Game.objects.get(pk=game.pk).status == GameStatus.REPORTED
    fits(guest)

    # Withdrawing asks first: the button does nothing until "Yes, withdraw" is ticked.
    withdraw = guest.locator("details.withdraw").filter(has_text=theirs.name)
    withdraw.locator("summary").click()
    withdraw.get_by_role("button", name=f"Withdraw {theirs.name}").click()
    assert guest.locator(f"#withdraw-confirm-{theirs.pk}").evaluate("e => !e.validity.valid")
    assert Participant.objects.get(pk=theirs.pk).status == "active"
    withdraw.get_by_label(f"Yes, withdraw {theirs.name}").check()
    withdraw.get_by_role("button", name=f"Withdraw {theirs.name}").click()
    expect(guest.locator(".messages")).to_be_visible()
    assert Participant.objects.get(pk=theirs.pk).status == "withdrawn"
    screenshot(guest, f"withdrawn-{label}")


#: What a page shows when it leaks an internal name: a snake_case slug or a fighter key.
RAW_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b|\bu\d+(?:\.\d+)?\b")


def test_the_participant_page_speaks_in_human_names(sized_page, catalogues, warbands):
    """After a Mordheim game whose raider chief smashed a leg, both warbands' pages name
    the injury, fighters and resources in words ("smashed leg", "fighter 1", "Gold crowns"),
    never as the slugs and keys the ledger holds ("smashed_leg", "u1.1", "gold_crowns")."""
    chief_in_game_two(warbands, "smashed_leg", "may_not_run")
    _, campaign, watch, raiders = warbands
    for participant in (raiders, watch):
        participant.user.set_password(PASSWORD)
        participant.user.save()
    page = sized_page(PHONE)
    sign_in(page, raiders.user.username)
    page.goto(f"/campaigns/{campaign.pk}/participants/{raiders.pk}/")
    units = page.get_by_role("heading", name="Units").locator("xpath=..")
    expect(units).to_contain_text("smashed leg", ignore_case=True)
    for details in page.locator("tr.history-row details").all():
        details.locator("summary").click()
    text = page.locator("main").inner_text()
    assert not RAW_NAME.findall(text), RAW_NAME.findall(text)
    fits(page)
    theirs = sized_page(DESKTOP)
    sign_in(theirs, watch.user.username)
    theirs.goto(f"/campaigns/{campaign.pk}/participants/{watch.pk}/")
    expect(theirs.get_by_role("heading", name="Units")).to_be_visible()
    text = theirs.locator("main").inner_text()
    assert not RAW_NAME.findall(text), RAW_NAME.findall(text)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_trading_is_a_choice_of_named_priced_items_refused_at_the_field(
    sized_page, catalogues, screenshot, warbands, viewport
):
    """The trading form offers each fighter's equipment list by name with its price (no
    slug to type); a rare item bought before it was found is refused under the field."""
    _, watch = after_a_game(warbands, 11)
    watch.user.set_password(PASSWORD)
    watch.user.save()
    page = sized_page(viewport)
    sign_in(page, watch.user.username)
    page.goto(f"/campaigns/{watch.campaign_id}/participants/{watch.pk}/")
    dagger = f'#trade-item option[value="{CAPTAIN}/dagger"]'
    expect(page.locator(dagger)).to_have_text("Extra dagger — 2 gc")
    expect(page.locator("#warband-step")).not_to_contain_text("slug")
    page.get_by_label("Fighter and item").select_option(f"{CAPTAIN}/dagger")
    page.get_by_role("button", name="Buy", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Bought.")
    expect(page.locator(dagger)).to_have_text("Extra dagger — 2 gc · carries 1, sells for 1 gc")
    choice = page.get_by_label("Fighter and item")
    choice.select_option(f"{CAPTAIN}/handgun")
    page.get_by_role("button", name="Buy", exact=True).click()
    choice = page.get_by_label("Fighter and item")
    expect(page.locator("#trade-item-error")).to_contain_text("Handgun is rare")
    expect(choice).to_have_attribute("aria-invalid", "true")
    expect(choice).to_have_value(f"{CAPTAIN}/handgun")
    fits(page)
    screenshot(page.locator("#warband-step"), "trading")


#: The small phone the standings must read on (issue 24: "no page scrolls sideways at 360 px").
SMALL_PHONE = {"width": 360, "height": 780}

LINES_OF = """e => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  const style = getComputedStyle(e);
  const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
  return {rects: tops.size, byHeight: Math.round(e.getBoundingClientRect().height / line)};
}"""


def two_player_league():
    """A Mordheim league "ada" organises, joined by ada (The Night Watch of Sallow Gate) and
    bo (Raiders of the Sunken Mile): the campaign and its organiser."""
    organiser, friend = make_player("ada"), make_player("bo")
    campaign = campaign_create(
        user=organiser, system="skirmish", name="Marsh league", points_limit=500, seed=3
    )
    for user, sample in ((organiser, "night-watch"), (friend, "marsh-raiders")):
        campaign_join(
            user=user,
            join_code=campaign.join_code,
            roster=roster_import(owner=user, data=load_sample_roster("skirmish", sample)),
        )
    return campaign, organiser


def test_the_standings_roster_name_reads_on_a_360_px_phone(sized_page, catalogues, screenshot):
    """The roster column squeezed to one word a line on a 360 px phone ("The / Night / Watch
    / of / Sallow / Gate"): the roster's name now sits under the player's, in at most two
    lines, and the match points stay inside the focusable scroll region, in view."""
    campaign, _ = two_player_league()
    page = sized_page(SMALL_PHONE)
    sign_in(page, "ada")
    page.goto(f"/campaigns/{campaign.pk}/")
    standings = page.locator("#standings")
    standings.scroll_into_view_if_needed()
    roster = standings.get_by_role("link", name="The Night Watch of Sallow Gate")
    expect(roster).to_be_visible()
    lines = roster.evaluate(LINES_OF)
    assert lines["rects"] <= 2, lines
    assert lines["byHeight"] <= 2, lines
    player = standings.get_by_text("ada", exact=True)
    assert (
        roster.bounding_box()["y"]
        >= player.bounding_box()["y"] + player.bounding_box()["height"] - 1
    )
    region = page.get_by_role("region", name=re.compile("^Standings .swipe"))
    assert region.get_attribute("tabindex") == "0"
    points = region.locator("thead th").filter(has_text="Points")
    box = points.bounding_box()
    shown = region.bounding_box()
    assert box["x"] + box["width"] <= shown["x"] + shown["width"], (box, shown)
    fits(page)
    screenshot(page, "standings-360", full_page=False)
