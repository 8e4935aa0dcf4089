"""Two confirmations at the same moment apply the post-battle exactly once."""

import threading

import pytest
from django.db import connection

from campaigns.errors import CampaignError
from campaigns.models import LedgerEntry, PostBattleRun
from campaigns.services.campaigns import campaign_create
from campaigns.services.games import game_create
from campaigns.services.ledger import apply_post_battle
from campaigns.services.membership import campaign_join
from campaigns.services.results import game_confirm, game_report_result
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_concurrent_confirmations_apply_experience_exactly_once():
    organiser = make_user("org")
    campaign = campaign_create(user=organiser, system="coinflip", name="C", points_limit=100)
    a_user, b_user = make_user("a"), make_user("b")
    a = campaign_join(user=a_user, join_code=campaign.join_code, roster=coinflip_roster(a_user))
    b = campaign_join(user=b_user, join_code=campaign.join_code, roster=coinflip_roster(b_user))
    game = game_create(campaign=campaign, user=organiser, participant_a=a, participant_b=b)
    game_report_result(game=game, user=a_user, winner="a", scores={"a": 1, "b": 0})

    barrier = threading.Barrier(4)
    outcomes: list[str] = []

    def confirm():
        try:
            barrier.wait()
            game_confirm(game=game, user=b_user)
            outcomes.append("ok")
        except CampaignError as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["game.not_reported"] * 3 + ["ok"]
    assert PostBattleRun.objects.filter(game=game).count() == 2
    experience = LedgerEntry.objects.filter(game=game, kind="experience").count()
    game.refresh_from_db()
    assert apply_post_battle(game=game) == []  # applying again is a no-op
    assert LedgerEntry.objects.filter(game=game, kind="experience").count() == experience == 4
