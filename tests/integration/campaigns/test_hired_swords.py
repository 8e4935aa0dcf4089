"""Hired swords (NOT IN SEED: published Mordheim rules, Hired Swords): hired from the
treasury, one of each type; after each game they fought the upkeep is due or they leave;
they gain experience and, out of action, roll as henchmen (D6), never on the heroes'
serious-injury table."""

import pytest

from campaigns.errors import CampaignConflict, CampaignError
from campaigns.models import LedgerEntry, WarbandAction
from campaigns.selectors import participant_budget
from campaigns.services.games import game_take_snapshots
from campaigns.services.hired_swords import (
    hired_sword_dismiss,
    hired_sword_hire,
    hired_sword_upkeep,
    participant_hired_swords,
)
from campaigns.services.results import game_confirm, game_report_result
from campaigns.services.rosters import participant_snapshot
from rules.engine.systems.skirmish import SYSTEM
from rules.engine.systems.skirmish.hired_swords import HIRED_SWORDS
from tests.integration.campaigns.test_mordheim_post_battle import linked_game

pytestmark = pytest.mark.django_db

SELLSWORD = "tollgate-sellsword"
KEY = f"hs-{SELLSWORD}-1"


@pytest.fixture
def hired(warbands):
    """The watch, with gold to spare, hires the sellsword."""
    _, campaign, watch, _ = warbands
    WarbandAction.objects.create(campaign=campaign, participant=watch, kind="sell", gold=200)
    before = participant_budget(participant=watch)["available"]
    hired_sword_hire(participant=watch, slug=SELLSWORD, actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - 35
    return warbands


def game(warbands, units=()):
    organiser, campaign, watch, raiders = warbands
    played = linked_game(campaign, organiser, watch, raiders, [], 3)
    game_take_snapshots(played)
    game_report_result(
        game=played, user=watch.user, winner="a", scores={"a": 1, "b": 0}, units=list(units)
    )
    return game_confirm(game=played, user=raiders.user)


def row(watch):
    (only,) = participant_hired_swords(participant=watch)
    return only


def test_a_hired_sword_fights_with_the_warband(hired):
    watch = hired[2]
    unit = next(u for u in participant_snapshot(participant=watch)["units"] if u["id"] == KEY)
    assert unit["extra"]["kind"] == "hired_sword"
    fighter = next(
        f
        for f in SYSTEM.build_army(participant_snapshot(participant=watch)).fighters
        if f.unit_id == KEY
    )
    assert not fighter.hero
    assert fighter.experience == HIRED_SWORDS.get(SELLSWORD).experience


def test_hiring_refusals_name_the_field(hired):
    watch = hired[2]
    with pytest.raises(CampaignConflict) as twice:
        hired_sword_hire(participant=watch, slug=SELLSWORD, actor=watch.user)
    assert (twice.value.code, twice.value.field) == ("hired_sword.already_hired", "hired_sword")
    with pytest.raises(CampaignError) as unknown:
        hired_sword_hire(participant=watch, slug="dragon", actor=watch.user)
    assert (unknown.value.code, unknown.value.field) == ("hired_sword.unknown", "hired_sword")
    WarbandAction.objects.create(
        campaign=watch.campaign, participant=watch, kind="upkeep", gold=-(10**6)
    )
    with pytest.raises(CampaignError) as poor:
        hired_sword_hire(participant=watch, slug="bridge-ogre", actor=watch.user)
    assert (poor.value.code, poor.value.field) == ("treasury.not_enough_gold", "hired_sword")
    with pytest.raises(CampaignConflict) as early:
        hired_sword_upkeep(participant=watch, slug=SELLSWORD, actor=watch.user)
    assert early.value.code == "hired_sword.no_upkeep_due"


def test_upkeep_after_each_game_keeps_him_and_he_gains_experience(hired):
    watch = hired[2]
    game(hired)
    assert row(watch)["status"] == "upkeep_due"
    assert row(watch)["upkeep_owed"] == 15
    gained = LedgerEntry.objects.filter(participant=watch, unit_key=KEY, kind="experience")
    assert sum(gained.values_list("amount", flat=True)) == 1  # survived, as henchmen do
    before = participant_budget(participant=watch)["available"]
    hired_sword_upkeep(participant=watch, slug=SELLSWORD, actor=watch.user)
    assert participant_budget(participant=watch)["available"] == before - 15
    assert row(watch)["status"] == "active"
    assert row(watch)["experience"] == 9
    assert KEY in [u["id"] for u in participant_snapshot(participant=watch)["units"]]


def test_unpaid_he_leaves_before_the_next_game(hired):
    watch = hired[2]
    game(hired)
    second = game(hired)
    assert KEY not in [u["id"] for u in second.snapshot_a["units"]]
    assert row(watch)["status"] == "left"
    with pytest.raises(CampaignError):
        hired_sword_upkeep(participant=watch, slug=SELLSWORD, actor=watch.user)
    hired_sword_hire(participant=watch, slug=SELLSWORD, actor=watch.user)  # a new man
    assert participant_hired_swords(participant=watch)[-1]["experience"] == 8


def test_out_of_action_he_rolls_as_a_henchman(hired):
    watch = hired[2]
    fallen = [{"id": KEY, "side": "a", "fighters": [{"id": f"{KEY}.1", "out_of_action": True}]}]
    game(hired, fallen)
    injury = LedgerEntry.objects.get(participant=watch, unit_key=KEY, kind="injury")
    assert "d6" in injury.data
    assert "d66" not in injury.data
    assert row(watch)["status"] == ("dead" if injury.data["d6"] <= 2 else "upkeep_due")


def test_a_dismissed_hired_sword_leaves(hired):
    watch = hired[2]
    hired_sword_dismiss(participant=watch, slug=SELLSWORD, actor=watch.user)
    assert row(watch)["status"] == "dismissed"
    assert KEY not in [u["id"] for u in participant_snapshot(participant=watch)["units"]]
