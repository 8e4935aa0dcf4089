"""A refused edit in the army builder answers at its field (issue 24, "invalid edits answer
nothing"), on a desktop and a 390 × 844 phone: a points limit of 0, an empty roster name, a
squad of −3 or of 1,000,000 models each show their error under the field they name, marked
invalid, with a message saying what is allowed; the list keeps its last good values, and a
good value typed next clears the error."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from armybuilder.models import Roster
from armybuilder.services.rosters import roster_create
from armybuilder.services.units import roster_add_unit
from tests.browser.conftest import DESKTOP, PHONE, make_player, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def refused(page, field: str, value: str, error_id: str) -> None:
    """Type ``value`` into ``field`` and leave it: the error shows under the field, which is
    marked invalid and described by it."""
    box = page.locator(f"#{field}")
    box.fill(value)
    box.press("Tab")
    error = page.locator(f"#{error_id}")
    expect(error).to_be_visible()
    expect(page.locator(f"#{field}")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"#{field}")).to_have_attribute("aria-describedby", error_id)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_refused_edit_shows_its_error_beside_the_field_and_keeps_the_list(
    sized_page, catalogues, viewport
):
    owner = make_player("fenn")
    roster = roster_create(
        owner=owner, system="grimdark", faction="iron-wardens", name="Bastion", points_limit=1500
    )
    roster_add_unit(roster=roster, unit="line-squad", actor=owner)
    squad = Roster.objects.get(pk=roster.pk).payload["units"][0]["id"]
    page = sized_page(viewport)
    sign_in(page, "fenn")
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator("#points-total")).to_contain_text("75 / 1500")

    refused(page, "roster-limit", "0", "roster-limit-error")
    expect(page.locator("#points-total")).to_contain_text("75 / 1500")
    page.locator("#roster-limit").fill("1600")
    page.locator("#roster-limit").press("Tab")
    expect(page.locator("#roster-limit-error")).to_have_count(0)
    expect(page.locator("#points-total")).to_contain_text("75 / 1600")

    refused(page, "roster-name", "", "roster-name-error")
    page.locator("#roster-name").fill("Bastion II")
    page.locator("#roster-name").press("Tab")
    expect(page.locator("#roster-name-error")).to_have_count(0)

    size, error = f"unit-{squad}-size", f"unit-{squad}-size-error"
    for value in ("-3", "1000000"):
        box = page.locator(f"#{size}")
        box.fill(value)
        box.press("Tab")
        expect(page.locator(f"#{error}")).to_have_text("Models: give a whole number from 5 to 10.")
        expect(page.locator(f"#{size}")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#points-total")).to_contain_text("75 / 1600")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    stored = Roster.objects.get(pk=roster.pk)
    assert (stored.name, stored.points_limit) == ("Bastion II", 1600)
    assert stored.payload["units"][0]["size"] == 5
