"""An engine-played campaign game always finishes (issue 23, item 1): its result follows
the battle's own completion, however the battle got resolved, so a lost finishing message,
a broker that is down or a task that died never leaves the game unfinished."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from campaigns import tasks
from campaigns.errors import CampaignConflict
from campaigns.models import Game, GameStatus, PostBattleRun
from campaigns.services.campaigns import campaign_create, campaign_update
from campaigns.services.engine import (
    game_play_with_engine,
    games_auto_resolve_overdue,
    games_finish_engine_played,
)
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from rules.models import Battle, JobStatus
from rules.services import battle_resolve
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    organiser = make_user("org")
    # "final": a played game's engine result counts at once, so these tests see it finish
    # (the default "confirm" waits for the opponent, tested in tests/api).
    campaign = campaign_create(
        user=organiser,
        system="coinflip",
        name="C",
        points_limit=100,
        settings={"engine_result": "final"},
    )
    a_user, b_user = make_user("a"), make_user("b")
    a = campaign_join(user=a_user, join_code=campaign.join_code, roster=coinflip_roster(a_user))
    b = campaign_join(user=b_user, join_code=campaign.join_code, roster=coinflip_roster(b_user))
    return game_create(campaign=campaign, user=organiser, participant_a=a, participant_b=b)


def play_and_lose_the_message(game, django_capture_on_commit_callbacks) -> Game:
    """Play the game; the finishing message never reaches a worker."""
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        played = game_play_with_engine(game=game, user=game.participant_a.user, seed=4)
    assert len(callbacks) == 1
    return played


def assert_finished_once(game: Game) -> None:
    game.refresh_from_db()
    assert game.status == GameStatus.CONFIRMED
    assert game.report["seed"] == 4
    assert PostBattleRun.objects.filter(game=game).count() == 2


def test_a_game_whose_finishing_message_was_lost_finishes_once_its_battle_is_resolved(
    game, django_capture_on_commit_callbacks
):
    played = play_and_lose_the_message(game, django_capture_on_commit_callbacks)
    assert games_finish_engine_played() == []  # the battle is still queued
    battle_resolve(battle_id=played.battle_id)  # the stale-job sweep sent the battle again

    assert games_finish_engine_played() == [game.pk]
    assert_finished_once(game)
    assert games_finish_engine_played() == []


def test_play_again_while_the_game_waits_sends_its_finishing_task_again(
    game, django_capture_on_commit_callbacks
):
    play_and_lose_the_message(game, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game_play_with_engine(game=game, user=game.participant_b.user)
    assert len(callbacks) == 1
    assert_finished_once(game)


def test_a_broker_that_is_down_leaves_the_game_saved_for_the_sweeps(
    game, monkeypatch, django_capture_on_commit_callbacks
):
    def broker_down(*args):
        raise BrokerError("connection refused")

    monkeypatch.setattr(tasks.game_engine_finish_task, "delay", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        played = game_play_with_engine(game=game, user=game.participant_a.user, seed=4)
    assert Battle.objects.get(pk=played.battle_id).status == JobStatus.QUEUED
    battle_resolve(battle_id=played.battle_id)
    games_finish_engine_played()
    assert_finished_once(game)


def test_auto_resolve_takes_an_overdue_game_whose_battle_never_finished(
    game, django_capture_on_commit_callbacks
):
    campaign = game.campaign
    campaign_update(campaign=campaign, user=campaign.created_by, status="running")
    round_ = round_create(
        campaign=campaign,
        user=campaign.created_by,
        pairing="manual",
        manual=[],
        deadline=timezone.now() - timedelta(hours=1),
    )
    Game.objects.filter(pk=game.pk).update(round=round_)
    play_and_lose_the_message(game, django_capture_on_commit_callbacks)

    assert games_auto_resolve_overdue(enqueue=False) == [game.pk]
    assert_finished_once(game)


def test_playing_a_game_whose_battle_failed_answers_a_clear_conflict(
    game, django_capture_on_commit_callbacks
):
    played = play_and_lose_the_message(game, django_capture_on_commit_callbacks)
    Battle.objects.filter(pk=played.battle_id).update(status=JobStatus.FAILED)
    with pytest.raises(CampaignConflict) as refused:
        game_play_with_engine(game=game, user=game.participant_a.user)
    assert refused.value.code == "game.engine_failed"
