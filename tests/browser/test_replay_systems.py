"""The map replay of a massbattle and a hextactical battle: the turn slider redraws the map,
and screenshots of both are kept for a look at the drawing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from rules.models import Battle
from rules.selectors import rosters_for_battle
from rules.services import battle_create, battle_resolve
from tests.browser.conftest import make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BATTLES = {
    "massbattle": ("dawnguard-vanguard", "gravemire-tide", "kill"),
    "hextactical": ("thornwall-patrol", "saltmarsh-raid", "skirmish"),
}


def resolved(owner, system: str, pair: tuple[str, str, str | None] | None = None) -> Battle:
    """A battle of ``system`` between two sample rosters imported for ``owner`` (once when
    ``pair`` names the same one twice) and its mission: ``pair``, else ``BATTLES``'."""
    name_a, name_b, mission = pair or BATTLES[system]
    rosters = {
        name: roster_import(owner=owner, data=load_sample_roster(system, name))
        for name in dict.fromkeys((name_a, name_b))
    }
    (roster_a, snap_a), (roster_b, snap_b) = rosters_for_battle(
        user=owner, roster_ids=[rosters[name_a].pk, rosters[name_b].pk]
    )
    battle = battle_create(
        requested_by=owner,
        snapshot_a=snap_a,
        snapshot_b=snap_b,
        roster_a=roster_a,
        roster_b=roster_b,
        mission=mission,
        seed=4,
        enqueue=False,
    )
    battle = battle_resolve(battle_id=battle.pk)
    assert battle.status == "resolved", battle.failure_reason
    return battle


def drawn_units(page: Page) -> dict[str, list[str]]:
    """Each drawn unit's position and transform, read from the SVG."""
    return page.eval_on_selector_all(
        "#battle-map g.unit",
        "us => Object.fromEntries(us.map(u => [u.dataset.unit,"
        " [u.dataset.x, u.dataset.y, u.getAttribute('transform'), u.getAttribute('class')]]))",
    )


def test_massbattle_and_hextactical_replays_follow_the_turn_slider(
    page: Page, catalogues, screenshot
):
    owner = make_player("tamsin")
    battles = {system: resolved(owner, system) for system in BATTLES}
    sign_in(page, "tamsin")

    for system, battle in battles.items():
        page.goto(f"/battles/{battle.pk}/")
        expect(page.locator("#battle-winner")).to_be_visible()
        grid = "hex" if system == "hextactical" else "inches"
        expect(page.locator(f"#battle-map svg.grid-{grid}")).to_be_visible()
        expect(page.locator("#battle-map g.unit.side-a").first).to_be_visible()
        expect(page.locator("#battle-map g.unit.side-b").first).to_be_visible()
        if system == "hextactical":
            corners = page.eval_on_selector_all(
                "#battle-map .hexgrid polygon",
                "ps => ps.map(p => p.getAttribute('points').trim().split(/\\s+/).length)",
            )
            assert corners
            assert set(corners) == {6}
        expect(page.locator("#battle-map g.unit .facing").first).to_be_visible()

        slider = page.get_by_role("slider", name="Replay turn")
        slider.fill("0")
        expect(page.locator("#battle-map figure")).to_have_attribute("data-turn", "0")
        deployment = drawn_units(page)
        screenshot(page, f"{system}-deployment")
        last = len(battle.report["positions"]) - 1
        slider.fill(str(last))
        expect(page.locator("#battle-map figure")).to_have_attribute("data-turn", str(last))
        final = drawn_units(page)
        assert final != deployment, f"{system}: the map did not change between turns"
        page.locator("#battle-map").screenshot(
            path=str(screenshot(page, f"{system}-last-turn").with_suffix(".map.png"))
        )


DICE = """() => [...document.querySelectorAll('#battle-log-scroll .dice')].map(d => ({
  faces: [...d.querySelectorAll('.die')].map(f => f.textContent.trim()),
  seen: [...d.querySelectorAll('.die')].every(f => f.getBoundingClientRect().width > 4),
  total: d.classList.contains('roll-total'),
}))"""


@pytest.mark.parametrize(("system", "faces"), [("massbattle", 2), ("hextactical", 3)])
def test_the_log_shows_a_2d6_and_a_3d6_roll_as_their_dice(page: Page, catalogues, system, faces):
    """A Kings of War nerve test (2D6, seed 003 §8) and a GURPS success roll (3d6 against a
    skill, Basic Set B343, NOT IN SEED) show each die as its own face, not one die carrying
    the sum (issue 24: "shows a 2D6 roll as one die")."""
    owner = make_player(f"dice{faces}")
    battle = resolved(owner, system)
    sign_in(page, f"dice{faces}")
    page.goto(f"/battles/{battle.pk}/")
    expect(page.locator("#battle-winner")).to_be_visible()
    rolls = page.evaluate(DICE)
    assert rolls
    assert not [r for r in rolls if r["total"]], "a roll shown as its sum"
    wanted = [r for r in rolls if len(r["faces"]) == faces]
    assert wanted, rolls[:10]
    for roll in wanted:
        assert roll["seen"]
        assert all(face in {"1", "2", "3", "4", "5", "6"} for face in roll["faces"]), roll
