"""A battle is resolved from the browser and its map replay moves units between turns."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from rules.models import Battle
from tests.browser.conftest import make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def unit_positions(page: Page) -> dict[str, tuple[str, str]]:
    """Each drawn unit's table position, read from the SVG."""
    return page.eval_on_selector_all(
        "#battle-map g.unit",
        "units => Object.fromEntries(units.map(u => [u.dataset.unit, [u.dataset.x, u.dataset.y]]))",
    )


def test_a_resolved_battle_replays_units_moving_between_turns_one_and_two(
    page: Page, catalogues, screenshot
):
    owner = make_player("varn")
    wardens = roster_import(
        owner=owner, data=load_sample_roster("grimdark", "iron-wardens-strike-force")
    )
    swarm = roster_import(owner=owner, data=load_sample_roster("grimdark", "chitin-host-swarm"))
    sign_in(page, "varn")

    page.get_by_role("link", name="Battles").click()
    with page.expect_response("**/battles/missions/**"):
        page.get_by_label("Side A roster").select_option(str(wardens.pk))
    page.get_by_label("Side B roster").select_option(str(swarm.pk))
    page.get_by_label("Mission").select_option("seek-and-destroy")
    page.get_by_label("Seed (optional)").fill("7")
    page.get_by_role("button", name="Resolve battle").click()
    page.wait_for_url(re.compile(r".*/battles/\d+/$"))

    # Queued battles poll until the report is in; the embedded worker is usually faster.
    expect(page.locator("#battle-winner")).to_be_visible()
    battle = Battle.objects.get()
    assert battle.seed == 7
    assert battle.mission == "seek-and-destroy"
    expect(page.locator("#score-a")).to_have_text(str(battle.scores["a"]))
    expect(page.locator("#score-b")).to_have_text(str(battle.scores["b"]))

    slider = page.get_by_role("slider", name="Replay turn")
    slider.fill("1")
    expect(page.locator("#battle-map figure")).to_have_attribute("data-turn", "1")
    turn_one = unit_positions(page)
    screenshot(page, "turn-1")
    slider.fill("2")
    expect(page.locator("#battle-map figure")).to_have_attribute("data-turn", "2")
    turn_two = unit_positions(page)
    moved = [
        unit for unit, where in turn_two.items() if unit in turn_one and turn_one[unit] != where
    ]
    assert moved, "no unit moved between turns 1 and 2"
    expected = {p["id"] for p in battle.report["positions"][2] if p["x"] or p["y"]}
    assert set(turn_two) <= expected | set(turn_one)
    expect(page.locator("#battle-map g.unit.side-a").first).to_be_visible()
    expect(page.locator("#battle-map g.unit.side-b").first).to_be_visible()
    expect(page.get_by_role("img", name="Models lost per turn")).to_be_visible()

    page.get_by_label("Show phase").select_option("shooting")
    expect(page.locator("#event-log li.event").first).to_have_attribute("data-phase", "shooting")
    phases = page.eval_on_selector_all("#event-log li.event", "es => es.map(e => e.dataset.phase)")
    assert phases
    assert set(phases) == {"shooting"}
    screenshot(page, "turn-2")
