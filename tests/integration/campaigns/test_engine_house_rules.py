"""A campaign's engine house rules (issue 14): ``settings.engine`` is checked against the
campaign system's settings when the campaign is created or edited, and every battle the
engine plays for the campaign (played or auto-resolved) is played with it.

Skirmish seed 8 between the sample pair is a battle that ``leftover_attacks`` "lost" changes
(seed 001 "Attacking stunned and knocked down warriors"), so the battle's report shows which
settings it was played with.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.house_rules import SETTINGS_CODE, SettingsError
from campaigns.models import GameStatus
from campaigns.services.campaigns import campaign_create, campaign_update
from campaigns.services.engine import game_play_with_engine, games_auto_resolve_overdue
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from rules.services import play_battle
from tests.integration.campaigns.factories import make_user, sample_roster

pytestmark = pytest.mark.django_db

SYSTEM = "skirmish"
SAMPLES = ("night-watch", "marsh-raiders")
HOUSE_RULES = {"engine": {"leftover_attacks": "lost"}}
SEED = 8


def skirmish_campaign(settings=None):
    organiser = make_user("organiser")
    campaign = campaign_create(
        user=organiser,
        system=SYSTEM,
        name="Mordheim nights",
        points_limit=2000,
        settings=settings,
    )
    people = [
        campaign_join(
            user=(user := make_user(name)),
            join_code=campaign.join_code,
            roster=sample_roster(user, SYSTEM, sample),
        )
        for name, sample in zip(("ash", "bay"), SAMPLES, strict=True)
    ]
    return organiser, campaign, people


def direct_hash(game, settings) -> str:
    """The hash of the game's battle played directly from its snapshots, outside a campaign."""
    return play_battle(
        system=SYSTEM,
        mission=game.battle.mission,
        seed=SEED,
        snapshot_a=game.battle.snapshot_a,
        snapshot_b=game.battle.snapshot_b,
        settings=settings,
    ).report_hash()


@pytest.mark.parametrize(
    ("engine", "field"),
    [
        ({"no_such_rule": True}, "settings.engine.no_such_rule"),
        ({"leftover_attacks": "sometimes"}, "settings.engine.leftover_attacks"),
        ({"henchman_dead_max": True}, "settings.engine.henchman_dead_max"),
        (["lost"], "settings.engine"),
    ],
)
def test_bad_engine_house_rules_are_refused_at_create_and_update(engine, field):
    organiser = make_user("organiser")
    with pytest.raises(SettingsError) as info:
        campaign_create(
            user=organiser,
            system=SYSTEM,
            name="Bad rules",
            points_limit=500,
            settings={"engine": engine},
        )
    assert (info.value.code, info.value.field) == (SETTINGS_CODE, field)
    campaign = campaign_create(user=organiser, system=SYSTEM, name="Good", points_limit=500)
    with pytest.raises(SettingsError) as info:
        campaign_update(campaign=campaign, user=organiser, settings={"engine": engine})
    assert info.value.field == field


def test_engine_house_rules_are_checked_against_the_campaigns_own_system():
    organiser = make_user("organiser")
    massbattle = {"engine": {"multi_charge_test": "separate"}}
    campaign_create(
        user=organiser, system="massbattle", name="KoW", points_limit=500, settings=massbattle
    )
    with pytest.raises(SettingsError) as info:
        campaign_create(
            user=organiser, system=SYSTEM, name="Not KoW", points_limit=500, settings=massbattle
        )
    assert info.value.field == "settings.engine.multi_charge_test"


def test_an_engine_played_game_uses_the_campaigns_engine_settings():
    organiser, campaign, (ash, bay) = skirmish_campaign(HOUSE_RULES)
    game = game_create(campaign=campaign, user=organiser, participant_a=ash, participant_b=bay)
    played = game_play_with_engine(game=game, user=ash.user, seed=SEED, enqueue=False)
    assert played.status == GameStatus.REPORTED  # a player's engine result awaits the opponent
    assert played.battle.settings == HOUSE_RULES["engine"]
    assert played.battle.report_hash == direct_hash(played, HOUSE_RULES["engine"])
    assert played.battle.report_hash != direct_hash(played, None)


def test_an_auto_resolved_game_uses_the_campaigns_engine_settings():
    organiser, campaign, _people = skirmish_campaign(HOUSE_RULES)
    campaign_update(campaign=campaign, user=organiser, status="running")
    round_ = round_create(
        campaign=campaign,
        user=organiser,
        pairing="round_robin",
        deadline=timezone.now() + timedelta(days=1),
    )
    game = round_.games.get(participant_b__isnull=False)
    taken = games_auto_resolve_overdue(now=timezone.now() + timedelta(days=2), enqueue=False)
    assert taken == [game.pk]
    game.refresh_from_db()
    assert game.status == GameStatus.AUTO_RESOLVED
    assert game.battle.settings == HOUSE_RULES["engine"]


def test_a_campaign_without_engine_house_rules_plays_the_defaults():
    organiser, campaign, (ash, bay) = skirmish_campaign()
    game = game_create(campaign=campaign, user=organiser, participant_a=ash, participant_b=bay)
    played = game_play_with_engine(game=game, user=ash.user, seed=SEED, enqueue=False)
    assert played.battle.settings == {}
    assert played.battle.report_hash == direct_hash(played, None)
