"""Disputes, organiser decisions, reversal with recomputation, engine play and the
unattended auto-resolve."""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.errors import CampaignConflict, CampaignForbidden
from campaigns.models import AuditEntry, GameStatus, LedgerEntry, PostBattleRun
from campaigns.selectors import participant_unit_states
from campaigns.services.campaigns import campaign_create
from campaigns.services.engine import game_play_with_engine, games_auto_resolve_overdue
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import (
    game_confirm,
    game_decide,
    game_dispute,
    game_report_result,
    game_reverse,
)
from campaigns.services.rounds import round_create
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db

RANK_AT_TWO = {"experience_thresholds": [{"experience": 2, "rank": "Blooded", "benefit": "+1 Ld"}]}


@pytest.fixture
def league():
    organiser = make_user("org")
    campaign = campaign_create(
        user=organiser,
        system="coinflip",
        name="League",
        points_limit=100,
        settings=RANK_AT_TWO,
        seed=9,
    )
    people = []
    for name in ("ann", "bob", "cid"):
        user = make_user(name)
        people.append(
            campaign_join(user=user, join_code=campaign.join_code, roster=coinflip_roster(user))
        )
    return organiser, campaign, people


def game(campaign, organiser, a, b):
    return game_create(campaign=campaign, user=organiser, participant_a=a, participant_b=b)


def test_a_disputed_game_is_decided_by_the_organiser_and_audited(league):
    organiser, campaign, (ann, bob, _) = league
    g = game(campaign, organiser, ann, bob)
    game_report_result(game=g, user=ann.user, winner="a", scores={"a": 10, "b": 2})
    with pytest.raises(CampaignForbidden):
        game_confirm(game=g, user=ann.user)  # the reporter cannot confirm
    game_dispute(game=g, user=bob.user, reason="We drew")
    g.refresh_from_db()
    assert g.status == GameStatus.DISPUTED
    assert not PostBattleRun.objects.filter(game=g).exists()
    with pytest.raises(CampaignForbidden):
        game_decide(game=g, user=bob.user, winner=None, scores={"a": 5, "b": 5})
    game_decide(game=g, user=organiser, winner=None, scores={"a": 5, "b": 5}, note="drawn")
    g.refresh_from_db()
    assert (g.status, g.winner, g.score_a) == (GameStatus.CONFIRMED, "", 5)
    log = list(AuditEntry.objects.filter(game=g).values_list("action", "actor__username"))
    assert log == [
        ("game_created", "org"),
        ("result_reported", "ann"),
        ("result_disputed", "bob"),
        ("result_decided", "org"),
    ]
    assert PostBattleRun.objects.filter(game=g, reversed_at__isnull=True).count() == 2


def test_reversing_a_game_removes_its_experience_and_recomputes_later_ranks(league):
    organiser, campaign, (ann, bob, cid) = league
    first = game(campaign, organiser, ann, bob)
    game_decide(game=first, user=organiser, winner="a", scores={"a": 1, "b": 0})
    second = game(campaign, organiser, ann, cid)
    game_decide(game=second, user=organiser, winner="a", scores={"a": 1, "b": 0})
    assert participant_unit_states(participant=ann)["u1"]["experience"] == 2
    assert participant_unit_states(participant=ann)["u1"]["rank"] == "Blooded"

    with pytest.raises(CampaignForbidden):
        game_reverse(game=first, user=ann.user)
    game_reverse(game=first, user=organiser, reason="wrong opponent")
    first.refresh_from_db()
    assert first.status == GameStatus.REVERSED
    states = participant_unit_states(participant=ann)
    assert states["u1"]["experience"] == 1
    assert states["u1"]["rank"] == ""  # the rank reached in game 2 needed game 1's XP
    assert participant_unit_states(participant=bob) == {}
    assert LedgerEntry.objects.filter(game=first).exists()  # kept, for the record
    actions = list(AuditEntry.objects.filter(campaign=campaign).values_list("action", flat=True))
    assert actions[-2:] == ["game_reversed", "game_recomputed"]
    with pytest.raises(CampaignConflict):
        game_reverse(game=first, user=organiser)


def test_a_game_played_by_the_engine_gets_its_report_and_applies_once(league):
    organiser, campaign, (ann, bob, _) = league
    g = game(campaign, organiser, ann, bob)
    played = game_play_with_engine(game=g, user=ann.user, seed=5, enqueue=False)
    assert played.status == GameStatus.REPORTED  # the opponent confirms (issue 22 §2)
    assert PostBattleRun.objects.filter(game=g).count() == 0
    played = game_confirm(game=played, user=bob.user)
    assert played.status == GameStatus.CONFIRMED
    assert played.report["seed"] == 5
    assert played.battle_id
    assert played.winner == (played.report["winner"] or "")
    again = game_play_with_engine(game=g, user=ann.user, seed=5, enqueue=False)
    assert again.battle_id == played.battle_id
    assert PostBattleRun.objects.filter(game=g).count() == 2


def test_overdue_games_are_auto_resolved_once_and_reported_ones_confirmed(league):
    organiser, campaign, (_ann, _bob, _cid) = league
    round_ = round_create(
        campaign=campaign,
        user=organiser,
        pairing="round_robin",
        deadline=timezone.now() + timedelta(days=1),
    )
    played = round_.games.filter(participant_b__isnull=False).first()
    assert games_auto_resolve_overdue(enqueue=False) == []
    later = timezone.now() + timedelta(days=2)
    taken = games_auto_resolve_overdue(now=later, enqueue=False)
    assert taken == [played.pk]
    played.refresh_from_db()
    assert played.status == GameStatus.AUTO_RESOLVED
    assert played.battle_id
    assert games_auto_resolve_overdue(now=later, enqueue=False) == []
    assert PostBattleRun.objects.filter(game=played).count() == 2

    second = round_create(
        campaign=campaign, user=organiser, pairing="round_robin", deadline=timezone.now()
    )
    reported = second.games.filter(participant_b__isnull=False).first()
    reporter = reported.participant_a.user
    game_report_result(game=reported, user=reporter, winner="b", scores={"a": 0, "b": 3})
    games_auto_resolve_overdue(now=later, enqueue=False)
    reported.refresh_from_db()
    assert (reported.status, reported.winner, reported.battle_id) == (
        GameStatus.AUTO_RESOLVED,
        "b",
        None,
    )
