"""The builder's skill picker (NOT IN SEED: published Mordheim rulebook p.122, "Skills"): a
hero's card offers the skills of his type's lists with their short description, the ones
ticked are saved on the roster entry and listed on his card, and the validator's refusal
stands beside the field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _captain_form(roster, unit_id):
    return reverse("roster-unit-update", args=[roster.pk, unit_id])


@pytest.fixture
def warband(catalogues, player):
    return roster_import(owner=player, data=load_sample_roster("skirmish", "night-watch"))


def test_a_hero_picks_a_skill_from_his_lists_and_his_card_describes_it(warband, player_client):
    captain = warband.payload["units"][0]
    page = player_client.get(reverse("roster-edit", args=[warband.pk])).content.decode()
    assert f'id="unit-{captain["id"]}-skill-strike-to-injure"' in page
    assert "+1 to his injury rolls in melee." in page  # the skill's description

    response = player_client.post(
        _captain_form(warband, captain["id"]),
        {"name": "", "skill-strike-to-injure": "1", "skill-sprint": "1"},
        **HTMX,
    )
    assert response.status_code == 200
    warband.refresh_from_db()
    assert warband.payload["units"][0]["skills"] == ["strike-to-injure", "sprint"]
    html = response.content.decode()
    assert "<strong>Strike to Injure</strong> — +1 to his injury rolls in melee." in html
    sprint = f'id="unit-{captain["id"]}-skill-sprint" type="checkbox" name="skill-sprint"'
    assert f'{sprint} value="1" checked' in html


def test_a_skill_outside_his_lists_is_refused_beside_the_field(warband, player_client):
    payload = dict(warband.payload)
    henchmen = next(i for i, u in enumerate(payload["units"]) if u["unit"] == "watchman")
    payload["units"][henchmen]["skills"] = ["sprint"]
    warband.payload = payload
    warband.save(update_fields=["payload"])
    unit_id = payload["units"][henchmen]["id"]
    page = player_client.get(reverse("roster-edit", args=[warband.pk])).content.decode()
    start = page.index(f'id="unit-{unit_id}-skills"')
    field = page[start : page.index("</fieldset>", start)]
    assert f'id="unit-{unit_id}-skills-error" role="alert"' in field
    assert "may not learn Sprint (skill lists: none)" in field
    assert "This fighter learns no skills." in field


def test_weapons_training_lists_the_warbands_melee_weapons_marked(warband, player_client):
    """Weapons Training (published rulebook p.121): the captain's option list gains the
    flail of another list of his warband, marked "· Weapons Training"; without it, not."""
    captain = warband.payload["units"][0]
    flail = f'for="unit-{captain["id"]}-opt-flail"'
    page = player_client.get(reverse("roster-edit", args=[warband.pk])).content.decode()
    assert flail not in page
    payload = dict(warband.payload)
    payload["units"][0]["skills"] = ["weapons-training"]
    warband.payload = payload
    warband.save(update_fields=["payload"])
    page = player_client.get(reverse("roster-edit", args=[warband.pk])).content.decode()
    start = page.index(flail)
    label = page[start : page.index("</label>", start)]
    assert "Flail" in label
    assert "· Weapons Training" in label
