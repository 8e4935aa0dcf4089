"""The battle page at the table (issue 24), on a desktop and a 390 × 844 phone: the default
pair of the form fights, the map opens at deployment with no wreck and plays turn by turn
with movement trails and labels inside the table and apart, the log is grouped, worded and
reachable by keyboard, same-named units are told apart (desktop and phone, the map at
deployment there too), and nothing scrolls sideways."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from tests.browser.conftest import make_player, sign_in
from tests.browser.test_replay_systems import resolved
from tests.support import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

SCROLLED = "() => document.getElementById('battle-log-scroll').scrollTop > 0"
LABEL_BOXES = """() => {
  const svg = document.querySelector('#battle-map svg');
  const view = svg.viewBox.baseVal;
  return [...svg.querySelectorAll('.map-labels text')].map(t => {
    const b = t.getBBox();
    return {text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height,
            vw: view.width, vh: view.height, unit: t.classList.contains('unit-label')};
  });
}"""


def fight_default_pair(page: Page) -> None:
    """Resolve the battle the form offers as it opens (side A first, side B as chosen)."""
    page.get_by_role("link", name="Battles").click()
    page.get_by_role("button", name="Resolve battle").click()
    page.wait_for_url(re.compile(r".*/battles/\d+/$"))
    expect(page.locator("#battle-winner")).to_be_visible(timeout=60_000)


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def labels_inside_and_apart(page: Page) -> None:
    """No map label is cut by the table's edge, and no two unit labels overlap."""
    boxes = page.evaluate(LABEL_BOXES)
    assert boxes
    for box in boxes:
        assert box["x"] >= -0.5, box
        assert box["x"] + box["w"] <= box["vw"] + 0.5, box
        assert box["y"] >= -0.5, box
    units = [b for b in boxes if b["unit"]]
    for i, one in enumerate(units):
        for other in units[i + 1 :]:
            apart = (
                one["x"] + one["w"] <= other["x"] + 0.5
                or other["x"] + other["w"] <= one["x"] + 0.5
                or one["y"] + one["h"] <= other["y"] + 0.5
                or other["y"] + other["h"] <= one["y"] + 0.5
            )
            assert apart, (one, other)


def test_the_battle_page_on_a_desktop(page: Page, catalogues, screenshot):
    owner = make_player("varn")
    roster_import(owner=owner, data=load_sample_roster("grimdark", "iron-wardens-strike-force"))
    roster_import(owner=owner, data=load_sample_roster("skirmish", "night-watch"))
    roster_import(owner=owner, data=load_sample_roster("grimdark", "chitin-host-swarm"))
    sign_in(page, "varn")
    page.get_by_role("link", name="Battles").click()
    side_b = page.get_by_label("Side B roster")
    options = side_b.locator("option").all_inner_texts()
    assert options
    assert all("Grimdark" in o for o in options), options
    assert page.get_by_label("Side A roster").input_value() != side_b.input_value()
    fight_default_pair(page)

    at_deployment_with_no_wreck(page)
    figure = page.locator("#battle-map figure")
    labels_inside_and_apart(page)
    screenshot(page, "battle-desktop-deployment")

    # Play steps the replay; trails follow the units; Pause stops it.
    play = page.get_by_role("button", name="Play")
    play.click()
    # turn by turn; on a loaded machine a slow map answer may be overtaken by the next
    expect(figure).not_to_have_attribute("data-turn", "0", timeout=8_000)
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    assert page.locator("#battle-map .trails polyline").count() > 0
    page.get_by_label("Show movement trails").uncheck()
    expect(page.locator("#battle-map .trails")).to_be_hidden()
    screenshot(page, "battle-desktop-turn2")

    # Casualties count points as well as models.
    expect(page.get_by_role("img", name="Models lost per turn")).to_be_visible()
    expect(page.get_by_role("img", name=re.compile(r"Points lost per turn"))).to_be_visible()

    # The log: grouped by turn and phase, no "Turn 1, shooting:" prefix, no "1 hits", the
    # armour save step, reachable and scrollable by keyboard.
    log = page.get_by_role("region", name=re.compile(r"^Battle log"))
    text = log.inner_text()
    assert "Turn 1" in text
    assert not re.search(r"Turn \d+, [a-z]+:", text)
    assert not re.search(r"\b1 (hits|wounds)\b", text)
    # the save step: counted ("1 saved") by the grimdark line, named in the older one
    assert re.search(r"armour saves|\b\d+ saved\b", text)
    log.focus()
    expect(log).to_be_focused()
    page.keyboard.press("PageDown")
    # polled from Python: the site's Content Security Policy refuses wait_for_function's eval
    assert wait_for(lambda: page.evaluate(SCROLLED), 5), "PageDown did not scroll the log"
    screenshot(page, "battle-desktop-log")


def at_deployment_with_no_wreck(page: Page) -> None:
    """The map opens at deployment (turn 0): every unit standing, no wreck drawn."""
    expect(page.locator("#battle-map figure")).to_have_attribute("data-turn", "0")
    expect(page.locator("#turn-output")).to_have_text("Deployment")
    assert page.locator("#battle-map g.unit").count() > 0
    assert page.locator("#battle-map g.unit.destroyed").count() == 0


@pytest.mark.parametrize("view", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_battle_page_tells_same_named_fighters_apart(
    browser, live_server, catalogues, screenshot, view
):
    owner = make_player("sull")
    for _ in range(2):
        roster_import(owner=owner, data=load_sample_roster("skirmish", "marsh-raiders"))
    label = "phone" if view is PHONE else "desktop"
    context = browser.new_context(base_url=live_server.url, **view)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        sign_in(page, "sull")
        no_sideways_scroll(page)
        page.get_by_role("link", name="Battles").click()
        no_sideways_scroll(page)
        screenshot(page, f"battle-{label}-form")
        page.get_by_role("button", name="Resolve battle").click()
        page.wait_for_url(re.compile(r".*/battles/\d+/$"))
        expect(page.locator("#battle-winner")).to_be_visible(timeout=60_000)
        no_sideways_scroll(page)
        at_deployment_with_no_wreck(page)
        labels_inside_and_apart(page)
        log = page.get_by_role("region", name=re.compile(r"^Battle log")).inner_text()
        # Every mention of the shared name carries its number (which of the two appear in
        # the log depends on how the battle goes); the units table lists both.
        assert "Chief Brannoch (" in log
        assert not re.search(r"Chief Brannoch(?! \(\d\))", log), log
        body = page.locator("body").inner_text()
        assert "Chief Brannoch (1)" in body
        assert "Chief Brannoch (2)" in body
        for raw in ("knocked_down", "close_combat", "out_of_action", "short-bow"):
            assert raw not in log
        map_box = page.locator("#battle-map svg").bounding_box()
        assert map_box["width"] <= view["viewport"]["width"]
        screenshot(page, f"battle-{label}")
    finally:
        context.close()


#: Whether a movement trail of some length is on screen (a straight vertical trail has a
#: zero-width box, which Playwright's visibility check counts as hidden).
TRAILS_DRAWN = """() => [...document.querySelectorAll('#battle-map .trails polyline')].some(
  p => p.getTotalLength() > 0 && getComputedStyle(p).display !== 'none'
       && getComputedStyle(p.parentNode).display !== 'none')"""


def test_the_replay_plays_with_movement_trails_on_a_phone(
    browser, live_server, catalogues, screenshot
):
    """On a 390 px phone the map plays turn by turn and pauses, draws each unit's trail
    and hides them on request, all without the page scrolling sideways."""
    owner = make_player("pell")
    battle = resolved(owner, "massbattle")
    context = browser.new_context(base_url=live_server.url, **PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        sign_in(page, "pell")
        page.goto(f"/battles/{battle.pk}/")
        at_deployment_with_no_wreck(page)
        figure = page.locator("#battle-map figure")
        play = page.get_by_role("button", name="Play")
        play.scroll_into_view_if_needed()
        box = play.bounding_box()
        assert box["x"] + box["width"] <= PHONE["viewport"]["width"], box
        play.tap()
        expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
        # turn by turn; on a loaded machine a slow map answer may be overtaken by the next
        expect(figure).not_to_have_attribute("data-turn", "0", timeout=8_000)
        page.get_by_role("button", name="Pause").tap()
        expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
        stopped = figure.get_attribute("data-turn")
        page.wait_for_timeout(1_500)
        assert figure.get_attribute("data-turn") == stopped
        assert page.locator("#battle-map .trails polyline").count() > 0
        assert page.evaluate(TRAILS_DRAWN), "no movement trail is drawn"
        map_box = page.locator("#battle-map svg").bounding_box()
        assert map_box["width"] <= PHONE["viewport"]["width"]
        no_sideways_scroll(page)
        screenshot(page, "phone-turn-played")
        page.get_by_label("Show movement trails").uncheck()
        expect(page.locator("#battle-map .trails")).to_be_hidden()
    finally:
        context.close()
