"""Races on a campaign: the same organiser decision submitted twice at once is one decision,
and joins at the player limit never overfill the campaign (issue 23, items 6 and 8)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from campaigns.errors import CampaignConflict
from campaigns.models import AuditEntry, LedgerEntry, Participant, PostBattleRun
from campaigns.services.campaigns import campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import game_decide, game_dispute, game_report_result
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def race(count: int, call: Callable[[int], object]) -> list[str]:
    """Run ``call(i)`` in ``count`` threads released together; "ok" or each error's code."""
    barrier = threading.Barrier(count)
    outcomes: list[str] = []

    def run(index: int) -> None:
        try:
            barrier.wait()
            call(index)
            outcomes.append("ok")
        except CampaignConflict as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)


def disputed_game():
    organiser = make_user("org")
    campaign = campaign_create(user=organiser, system="coinflip", name="C", points_limit=100)
    a_user, b_user = make_user("a"), make_user("b")
    a = campaign_join(user=a_user, join_code=campaign.join_code, roster=coinflip_roster(a_user))
    b = campaign_join(user=b_user, join_code=campaign.join_code, roster=coinflip_roster(b_user))
    game = game_create(campaign=campaign, user=organiser, participant_a=a, participant_b=b)
    game_report_result(game=game, user=a_user, winner="a", scores={"a": 1, "b": 0})
    game_dispute(game=game, user=b_user, reason="no")
    return organiser, game


def test_the_same_decision_twice_at_once_is_one_decision():
    organiser, game = disputed_game()
    decision = {"winner": "b", "scores": {"a": 0, "b": 2}, "note": "decided"}

    outcomes = race(6, lambda _: game_decide(game=game, user=organiser, **decision))

    assert outcomes == ["ok"] * 6
    # One generation per participant, nothing voided, one audited decision.
    runs = PostBattleRun.objects.filter(game=game)
    assert runs.count() == 2
    assert not runs.filter(reversed_at__isnull=False).exists()
    assert AuditEntry.objects.filter(game=game, action="result_decided").count() == 1
    assert LedgerEntry.objects.filter(game=game, kind="experience").count() == 4


def test_a_repeated_decision_after_the_first_changes_nothing_but_a_new_one_corrects():
    organiser, game = disputed_game()
    decision = {"winner": "b", "scores": {"a": 0, "b": 2}}
    game_decide(game=game, user=organiser, **decision)
    game_decide(game=game, user=organiser, **decision)
    assert PostBattleRun.objects.filter(game=game).count() == 2

    game_decide(game=game, user=organiser, winner="a", scores={"a": 2, "b": 0})
    runs = PostBattleRun.objects.filter(game=game)
    assert runs.filter(reversed_at__isnull=False).count() == 2
    assert runs.filter(reversed_at__isnull=True).count() == 2


def test_joins_at_the_player_limit_never_overfill_the_campaign():
    organiser = make_user("org")
    campaign = campaign_create(
        user=organiser,
        system="coinflip",
        name="Small",
        points_limit=100,
        settings={"max_players": 3},
    )
    users = [make_user(f"p{i}") for i in range(8)]
    rosters = [coinflip_roster(user) for user in users]

    outcomes = race(
        8,
        lambda i: campaign_join(user=users[i], join_code=campaign.join_code, roster=rosters[i]),
    )

    assert outcomes == ["campaign.full"] * 5 + ["ok"] * 3
    assert Participant.objects.filter(campaign=campaign).count() == 3
    # Nothing half-joined: every participant has its first roster version, no orphan rows.
    for participant in Participant.objects.filter(campaign=campaign):
        assert participant.roster_versions.count() == 1
