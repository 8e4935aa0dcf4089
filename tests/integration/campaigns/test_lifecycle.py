"""The game life-cycle: what each user may do at each step, and that the services refuse
exactly what it does not offer (one table for the services, the page and the API)."""

import pytest

from campaigns.errors import CampaignConflict, CampaignError
from campaigns.lifecycle import TRANSITIONS, Role, game_actions, game_require
from campaigns.models import Game, GameStatus
from campaigns.services.campaigns import campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import (
    game_confirm,
    game_decide,
    game_report_result,
    game_reverse,
)
from campaigns.services.rounds import round_create
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = pytest.mark.django_db

USER_ACTIONS = [t.action for t in TRANSITIONS if Role.SYSTEM not in t.roles]


@pytest.fixture
def league():
    organiser = make_user("org")
    campaign = campaign_create(
        user=organiser, system="coinflip", name="League", points_limit=100, seed=3
    )
    people = []
    for name in ("ann", "bob", "cid"):
        user = make_user(name)
        people.append(
            campaign_join(user=user, join_code=campaign.join_code, roster=coinflip_roster(user))
        )
    game = game_create(
        campaign=campaign, user=organiser, participant_a=people[0], participant_b=people[1]
    )
    return organiser, campaign, people, game


def actions(game, user):
    return game_actions(Game.objects.get(pk=game.pk), user)


def assert_services_agree(game, users):
    """Every user action is refused by the table exactly when it is not offered."""
    game = Game.objects.get(pk=game.pk)
    for user in users:
        offered = game_actions(game, user)
        for action in USER_ACTIONS:
            if action in offered:
                game_require(game, user, action)
            elif not (action == "play" and game.battle_id is not None):
                with pytest.raises(CampaignError):
                    game_require(game, user, action)


def test_each_user_may_do_what_the_step_allows(league):
    organiser, _, (ann, bob, cid), game = league
    everyone = (organiser, ann.user, bob.user, cid.user)
    assert actions(game, ann.user) == ["report", "play", "clock"]
    assert actions(game, organiser) == ["decide", "play", "choose_mission"]
    assert actions(game, cid.user) == []
    assert_services_agree(game, everyone)

    game_report_result(game=game, user=ann.user, winner="a", scores={"a": 3, "b": 1})
    assert actions(game, ann.user) == []
    assert actions(game, bob.user) == ["confirm", "dispute"]
    assert actions(game, organiser) == ["decide"]
    assert_services_agree(game, everyone)

    game_confirm(game=game, user=bob.user)
    assert actions(game, bob.user) == []
    assert actions(game, organiser) == ["decide", "reverse"]
    assert_services_agree(game, everyone)

    game_reverse(game=game, user=organiser, reason="wrong table")
    assert [actions(game, u) for u in everyone] == [[], [], [], []]
    assert_services_agree(game, everyone)


def test_a_reversed_game_cannot_be_decided_again(league):
    organiser, _, _, game = league
    game_decide(game=game, user=organiser, winner="b", scores={"a": 0, "b": 2})
    game_reverse(game=game, user=organiser)
    with pytest.raises(CampaignConflict) as refused:
        game_decide(game=game, user=organiser, winner="a", scores={"a": 2, "b": 0})
    assert refused.value.code == "game.reversed"
    assert Game.objects.get(pk=game.pk).status == GameStatus.REVERSED


def test_a_bye_can_only_be_reversed_by_an_organiser(league):
    organiser, campaign, (ann, bob, cid), _ = league
    round_ = round_create(campaign=campaign, user=organiser, pairing="swiss")
    bye = round_.games.get(participant_b__isnull=True)
    assert actions(bye, bye.participant_a.user) == []
    assert actions(bye, organiser) == ["reverse"]
    assert_services_agree(bye, (organiser, ann.user, bob.user, cid.user))
