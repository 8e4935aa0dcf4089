"""Issue 17's display complaints on the hextactical roster builder, checked again: the profile
row mixed bought secondary adjustments into the base scores ("HP 2", "BasicSpeed 0.25"), weapon
damage was never shown, a skill bought did not show on the sheet (GURPS 4e Basic Set: HP and
Basic Speed are bought as adjustments, p.B16–17; damage p.B16; Parry p.B376)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from armybuilder.services.rosters import roster_create
from armybuilder.services.units import roster_add_unit, roster_update_unit
from tests.pointbuy_parties import own_catalogue

pytestmark = pytest.mark.django_db


def _profile_rows(page: str) -> list[list[str]]:
    """Each profile table of the page as [headers..., values...] in text."""
    tables = re.findall(
        r'<table class="profile compact" aria-label="Profile[^"]*">(.*?)</table>', page, re.S
    )
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", t, re.S)
        ]
        for t in tables
    ]


@pytest.fixture
def maren_roster(player, catalogues):
    catalogue = own_catalogue(player)
    roster = roster_create(owner=player, system="hextactical", faction=catalogue.slug, name="P")
    roster_add_unit(roster=roster, unit="wardens-1", actor=player)
    return roster


@pytest.mark.parametrize("page_name", ["roster-edit", "roster-print", "roster-cards"])
def test_bought_adjustments_are_not_shown_as_base_scores(player_client, maren_roster, page_name):
    page = player_client.get(reverse(page_name, args=[maren_roster.pk])).content.decode()
    rows = _profile_rows(page)
    assert rows
    for row in rows:
        headers = row[: len(row) // 2]
        assert not {"HP", "Will", "FP", "BasicSpeed"} & set(headers), row
    cells = dict(zip(rows[-1][:7], rows[-1][7:], strict=True))  # Maren's card: HP +2 on ST 12
    assert (cells["ST"], cells["HP bought"], cells["Will bought"]) == ("12", "+2", "+1")


def test_weapon_damage_is_shown_as_written_and_rolled(player_client, maren_roster):
    page = player_client.get(reverse("roster-edit", args=[maren_roster.pk])).content.decode()
    assert "sw+1 cut = 1d+3 cut" in page  # broadsword at ST 12: sw 1d+2, +1 (B16, B271)


def test_a_skill_bought_as_an_option_raises_the_skill_and_parry(player_client, player, catalogues):
    roster = roster_create(
        owner=player, system="hextactical", faction="saltmarsh-reavers", name="Q"
    )
    entry = roster_add_unit(roster=roster, unit="marsh-axeman", actor=player)
    before = player_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    roster_update_unit(roster=roster, unit_id=entry["id"], options=["axe-drill"], actor=player)
    after = player_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert "Axe/Mace-13" in before
    assert "Axe/Mace-14" in after
    assert "Parry 9 (Axe)" in before  # 3 + 13//2 (B376)
    assert "Parry 10 (Axe)" in after
