"""Campaign pages: house rules on create, manual pairing, engine play, withdrawing, the
campaign budget and advance picks on the participant page; round deadlines, missions, the
full report form, reversing, unit names, standings names and the game clock's form."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from armybuilder.models import GameSystem
from campaigns.models import Campaign, Game, GameStatus, Participant
from campaigns.selectors import participant_pending_choices
from campaigns.services.campaigns import campaign_add_organiser, campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import game_confirm, game_report_result
from rules.models import GameClock
from tests.integration.campaigns.factories import coinflip_roster, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]


@pytest.fixture
def campaign_with_two(player, player_client):
    first = coinflip_roster(player)  # also makes "coinflip" a system to choose
    response = player_client.post(
        reverse("campaign-new"),
        {
            "name": "Marsh league",
            "system": "coinflip",
            "format": "narrative",
            "points_limit": 100,
            "points_step": 0,
            "win_points": 2,
            "draw_points": 1,
            "loss_points": 0,
            "injury_table": "hardy",
            "auto_resolve": "off",
            "grace_hours": 6,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    campaign = Campaign.objects.get(name="Marsh league")
    people = []
    other = make_user("bo")
    for user, roster in ((player, first), (other, coinflip_roster(other))):
        people.append(campaign_join(user=user, join_code=campaign.join_code, roster=roster))
    return campaign, people


def test_house_rules_chosen_on_create_are_stored(campaign_with_two):
    campaign, _ = campaign_with_two
    assert campaign.settings == {
        "match_points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
        "injury_table": "hardy",
        "auto_resolve": "off",
        "grace_hours": 6,
    }


def test_the_organiser_pairs_by_hand_and_a_player_lets_the_engine_play(
    campaign_with_two, player_client
):
    campaign, (mine, theirs) = campaign_with_two
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert 'label for="pairs"' in page
    bad = player_client.post(
        reverse("round-new", args=[campaign.pk]), {"pairing": "manual", "pairs": "x y"}
    )
    assert bad.status_code == 302
    assert not campaign.rounds.exists()
    player_client.post(
        reverse("round-new", args=[campaign.pk]),
        {"pairing": "manual", "pairs": f"{theirs.pk} {mine.pk}"},
    )
    game = Game.objects.get(campaign=campaign)
    assert (game.participant_a_id, game.participant_b_id) == (theirs.pk, mine.pk)
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert "Play this game with the engine" in page
    player_client.post(reverse("game-play", args=[campaign.pk, game.pk]))
    game.refresh_from_db()
    assert game.battle_id is not None


def test_a_player_withdraws_from_the_participants_list_after_confirming(
    campaign_with_two, player_client
):
    campaign, (mine, _) = campaign_with_two
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert f'id="withdraw-confirm-{mine.pk}"' in page
    url = reverse("participant-withdraw", args=[campaign.pk, mine.pk])
    unconfirmed = player_client.post(url, follow=True)
    assert _messages(unconfirmed) == ["Not withdrawn — tick “Yes, withdraw” to confirm."]
    assert Participant.objects.get(pk=mine.pk).status == "active"
    player_client.post(url, {"confirm": "yes"})
    assert Participant.objects.get(pk=mine.pk).status == "withdrawn"


def test_the_organiser_sees_an_invite_link_and_adds_an_organiser(campaign_with_two, player_client):
    campaign, _ = campaign_with_two
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert f'value="http://testserver/campaigns/?code={campaign.join_code}"' in page
    make_user("Referee")
    done = player_client.post(
        reverse("organiser-add", args=[campaign.pk]), {"username": "referee"}, follow=True
    )
    assert _messages(done) == ["referee is an organiser too."]
    assert campaign.organisers.filter(username="Referee").exists()
    unknown = player_client.post(
        reverse("organiser-add", args=[campaign.pk]), {"username": "nobody"}, follow=True
    )
    assert _messages(unknown) == ["No user has that name."]


def test_report_and_decide_forms_of_one_game_have_their_own_ids(paired, player_client):
    campaign, _, _, game = paired
    campaign.settings = {**campaign.settings, "organiser_own_games": "allow"}
    campaign.save()
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert f'id="report-{game.pk}-winner"' in page
    assert f'id="decide-{game.pk}-winner"' in page
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def test_a_dispute_without_a_reason_is_refused_on_the_page(paired, client):
    campaign, mine, theirs, game = paired
    game_report_result(game=game, user=mine.user, winner="a", scores={"a": 4, "b": 0})
    client.force_login(theirs.user)
    refused = client.post(
        reverse("game-dispute", args=[campaign.pk, game.pk]), {"reason": " "}, follow=True
    )
    assert _messages(refused)[-1] == (
        "Say why the result is wrong: the organiser decides on what you write."
    )
    assert Game.objects.get(pk=game.pk).status == GameStatus.REPORTED


def test_the_participant_page_shows_the_budget_and_takes_an_advance_pick(
    campaign_with_two, player_client
):
    campaign, (mine, theirs) = campaign_with_two
    campaign.settings = {
        **campaign.settings,
        "experience_thresholds": [
            {"experience": 1, "rank": "Blooded", "benefit": "pick", "choose_one_of": ["Swift"]}
        ],
    }
    campaign.save()
    game = game_create(campaign=campaign, user=mine.user, participant_a=mine, participant_b=theirs)
    game_report_result(game=game, user=mine.user, winner="a", scores={"a": 1, "b": 0})
    game_confirm(game=game, user=theirs.user)
    assert Game.objects.get(pk=game.pk).status == GameStatus.CONFIRMED
    url = reverse("participant-detail", args=[campaign.pk, mine.pk])
    page = player_client.get(url).content.decode()
    assert 'id="budget-line"' in page
    assert "earned" in page
    assert "No changes since your campaign roster" in page
    assert "would buy 0" not in page
    assert "Advances waiting for a pick" in page
    entry = participant_pending_choices(participant=mine)[0]["entry"]
    player_client.post(
        reverse("participant-advance", args=[campaign.pk, mine.pk]),
        {"entry": entry, "choice": "Swift"},
    )
    assert len(participant_pending_choices(participant=mine)) == 1  # the other pawn's rank
    done = player_client.post(reverse("participant-roster", args=[campaign.pk, mine.pk]))
    assert done.status_code == 302
    assert mine.roster_versions.count() == 2


def _messages(response) -> list[str]:
    """The messages the page after the redirect shows (following it consumes them)."""
    assert response.status_code == 200, response.status_code
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def paired(campaign_with_two, player_client):
    """Round 1 paired by hand: ada (side A) against bo."""
    campaign, (mine, theirs) = campaign_with_two
    player_client.post(
        reverse("round-new", args=[campaign.pk]),
        {"pairing": "manual", "pairs": f"{mine.pk} {theirs.pk}"},
    )
    return campaign, mine, theirs, Game.objects.get(campaign=campaign)


def test_the_nav_links_to_the_list_of_game_clocks(player_client):
    page = player_client.get(reverse("campaign-list")).content.decode()
    assert f'href="{reverse("clock-list")}">Clocks</a>' in page


def test_a_round_deadline_is_set_when_pairing_and_bad_ones_are_refused(
    campaign_with_two, player_client
):
    campaign, _ = campaign_with_two
    url = reverse("round-new", args=[campaign.pk])
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert 'label for="deadline">Round deadline' in page
    bad = player_client.post(url, {"pairing": "swiss", "deadline": "next tuesday"}, follow=True)
    assert bad.status_code == 200
    assert any(m.startswith("Round deadline:") for m in _messages(bad))
    past = player_client.post(
        url, {"pairing": "swiss", "deadline": "2001-01-01T10:00"}, follow=True
    )
    assert any("in the future" in m for m in _messages(past))
    assert not campaign.rounds.exists()
    when = (timezone.localtime() + timedelta(days=7)).replace(second=0, microsecond=0)
    player_client.post(url, {"pairing": "swiss", "deadline": when.strftime("%Y-%m-%dT%H:%M")})
    assert campaign.rounds.get().deadline == when
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert f"deadline {when:%Y-%m-%d %H:%M}" in page


def test_the_organiser_chooses_a_mission_from_the_systems_missions(paired, player_client):
    campaign, _, _, game = paired
    url = reverse("game-mission", args=[campaign.pk, game.pk])
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert f'id="mission-{game.pk}"' in page
    assert '<option value="duel">Duel</option>' in page
    bad = player_client.post(url, {"mission": "moon-landing"}, follow=True)
    assert _messages(bad) == ["Mission: choose one of the system's missions."]
    assert Game.objects.get(pk=game.pk).mission == ""
    player_client.post(url, {"mission": "duel"})
    assert Game.objects.get(pk=game.pk).mission == "duel"
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert '<span class="game-mission">Duel</span>' in page


def test_the_report_form_starts_blank_and_refuses_a_missing_winner(paired, player_client):
    campaign, _, _, game = paired
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert '<option value="" selected disabled>Choose the result…</option>' in page
    assert 'name="score_a" type="number" min="0" max="10000" required>' in page
    assert "0–0" not in page
    url = reverse("game-report", args=[campaign.pk, game.pk])
    missing = player_client.post(url, {"score_a": "3", "score_b": "1"}, follow=True)
    assert _messages(missing) == ["Result not reported — Result: choose who won, or a draw."]
    negative = player_client.post(
        url, {"winner": "a", "score_a": "-4", "score_b": "1"}, follow=True
    )
    assert "Score A:" in _messages(negative)[0]
    assert Game.objects.get(pk=game.pk).status == GameStatus.SCHEDULED


def test_a_report_carries_objectives_and_each_sides_unit_outcomes(paired, player_client):
    campaign, _, _, game = paired
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert 'aria-label="Pawn 2 (bo&#x27;s pawns) destroyed or out of action"' in page
    assert 'aria-label="Enemies taken out by Pawn 1 (ada&#x27;s pawns)"' in page
    url = reverse("game-report", args=[campaign.pk, game.pk])
    bad = player_client.post(
        url, {"winner": "a", "score_a": "3", "score_b": "1", "kills-a-u1": "lots"}, follow=True
    )
    assert _messages(bad) == [
        "Enemies taken out by Pawn 1 (ada's pawns): a whole number from 0 to 200."
    ]
    assert Game.objects.get(pk=game.pk).status == GameStatus.SCHEDULED
    player_client.post(
        url,
        {
            "winner": "a",
            "score_a": "3",
            "score_b": "1",
            "objectives_a": "2",
            "objectives_b": "1",
            "kills-a-u1": "1",
            "out-b-u2": "on",
        },
    )
    game.refresh_from_db()
    assert game.status == GameStatus.REPORTED
    assert game.mission_outcome == {"objectives_held": {"a": 2, "b": 1}}
    outcomes = {(u["side"], u["id"]): u for u in game.report["units"]}
    assert outcomes[("a", "u1")]["kills"] == 1
    assert outcomes[("a", "u1")]["status"] == "intact"
    assert outcomes[("b", "u2")]["status"] == "destroyed"
    assert outcomes[("b", "u2")]["fighters"][0]["out_of_action"] is True
    assert outcomes[("b", "u1")]["status"] == "intact"


def test_a_draw_is_reported_as_no_winner(paired, player_client):
    campaign, _, _, game = paired
    player_client.post(
        reverse("game-report", args=[campaign.pk, game.pk]),
        {"winner": "draw", "score_a": "2", "score_b": "2"},
    )
    game.refresh_from_db()
    assert (game.status, game.winner, game.score_a) == (GameStatus.REPORTED, "", 2)


def test_the_organiser_reverses_a_confirmed_game_only_after_confirming(
    paired, player, player_client, client
):
    campaign, mine, theirs, game = paired
    game_report_result(game=game, user=theirs.user, winner="b", scores={"a": 0, "b": 4})
    game_confirm(game=game, user=mine.user)
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert "Reverse game</button>" not in page  # the organiser plays in it
    referee = make_user("referee")
    campaign_add_organiser(campaign=campaign, user=player, username=referee.username)
    client.force_login(referee)
    page = client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert "Reverse game</button>" in page
    assert f'id="reverse-confirm-{game.pk}"' in page
    url = reverse("game-reverse", args=[campaign.pk, game.pk])
    unconfirmed = client.post(url, {"reason": "wrong table"}, follow=True)
    assert _messages(unconfirmed) == [
        "Game not reversed — tick “Yes, reverse this game” to confirm."
    ]
    assert Game.objects.get(pk=game.pk).status == GameStatus.CONFIRMED
    done = client.post(url, {"reason": "wrong table", "confirm": "yes"}, follow=True)
    assert _messages(done) == ["Game reversed: it no longer counts."]
    assert Game.objects.get(pk=game.pk).status == GameStatus.REVERSED


def test_a_player_who_is_not_organiser_cannot_reverse(paired, client):
    campaign, mine, theirs, game = paired
    game_report_result(game=game, user=theirs.user, winner="b", scores={"a": 0, "b": 4})
    game_confirm(game=game, user=mine.user)
    client.force_login(theirs.user)
    page = client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert "Reverse game</button>" not in page
    answer = client.post(reverse("game-reverse", args=[campaign.pk, game.pk]), {"confirm": "yes"})
    assert answer.status_code == 302
    assert Game.objects.get(pk=game.pk).status == GameStatus.CONFIRMED


def test_house_rule_experience_ranks_on_create(player, player_client):
    coinflip_roster(player)
    base = {
        "name": "Ranks league",
        "system": "coinflip",
        "format": "league",
        "points_limit": 100,
        "win_points": 3,
        "draw_points": 1,
        "loss_points": 0,
        "injury_table": "published",
        "auto_resolve": "engine",
        "grace_hours": 0,
    }
    page = player_client.get(reverse("campaign-list")).content.decode()
    assert "3 | Blooded | +1 Leadership" in page
    bad = player_client.post(
        reverse("campaign-new"), {**base, "experience_thresholds": "5 | Veteran\n2 | Green"}
    )
    assert bad.status_code == 400
    assert "Line 2: each level needs more experience than the one before." in (bad.content.decode())
    assert not Campaign.objects.filter(name="Ranks league").exists()
    player_client.post(
        reverse("campaign-new"),
        {**base, "experience_thresholds": "2 | Green | none\n5 | Tested | choose: Swift, Steady"},
    )
    assert Campaign.objects.get(name="Ranks league").settings == {
        "experience_thresholds": [
            {"experience": 2, "rank": "Green", "benefit": "none"},
            {
                "experience": 5,
                "rank": "Tested",
                "benefit": "",
                "choose_one_of": ["Swift", "Steady"],
            },
        ]
    }


def test_the_participant_page_names_units_by_catalogue_and_own_name(
    campaign_with_two, player_client
):
    campaign, (mine, _) = campaign_with_two
    page = player_client.get(
        reverse("participant-detail", args=[campaign.pk, mine.pk])
    ).content.decode()
    assert '<td class="unit-name">Pawn — Pawn 1' in page
    assert '<td class="unit-name">Pawn — Pawn 2' in page
    assert ">u1<" not in page


def test_standings_name_the_player_and_their_roster(campaign_with_two, player_client):
    campaign, _ = campaign_with_two
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    # The roster's name sits under the player's, in one cell (a Roster column of its own
    # was squeezed to one word a line on a 360 px phone).
    for participant in campaign.participants.select_related("user"):
        link = reverse("participant-detail", args=[campaign.pk, participant.pk])
        assert (
            f'<td class="player-name"><span class="player">{participant.user.username}</span>'
            f'<a class="roster-name" href="{link}">{escape(participant.name)}</a></td>'
        ) in page
    assert '<th scope="col">Player <span class="roster-head">and roster</span></th>' in page
    assert '<th scope="col">Roster</th>' not in page


def test_an_organisers_page_with_nobody_joined_yet(player, player_client):
    coinflip_roster(player)
    campaign = campaign_create(user=player, system="coinflip", name="Empty hall", points_limit=100)
    response = player_client.get(reverse("campaign-detail", args=[campaign.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "No players yet." in page
    assert campaign.join_code in page


def test_a_clock_is_started_from_a_campaign_game_chosen_by_name(paired, player_client):
    campaign, _, _, game = paired
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    start = f"{reverse('clock-new')}?game={game.pk}"
    assert f'href="{start}" id="clock-for-{game.pk}">Start a game clock</a>' in page
    form = player_client.get(start).content.decode()
    assert f'<option value="{game.pk}" selected>Marsh league — Round 1, table 1: ada vs bo' in form
    made = player_client.post(
        reverse("clock-new"), {"mode": "chess", "minutes": "90", "game": game.pk}
    )
    assert made.status_code == 302
    clock = GameClock.objects.get(game=game)
    assert clock.limit_ms == 90 * 60_000
    detail = player_client.get(made["Location"]).content.decode()
    assert "Round 1, table 1: ada&#x27;s pawns vs bo&#x27;s pawns" in detail


@pytest.mark.parametrize("minutes", ["0.5", "1441", "nan", "", "ten"])
def test_the_clock_form_refuses_absurd_limits_naming_the_field(player_client, minutes):
    answer = player_client.post(reverse("clock-new"), {"mode": "chess", "minutes": minutes})
    assert answer.status_code == 400
    assert "Minutes: give between 1 and 1440 (24 hours)." in answer.content.decode()
    assert not GameClock.objects.exists()


def test_the_clock_form_refuses_a_game_that_is_not_yours(paired, client):
    _, _, _, game = paired
    client.force_login(make_user("eve"))
    answer = client.post(reverse("clock-new"), {"mode": "chess", "minutes": "60", "game": game.pk})
    assert answer.status_code == 400
    assert "Campaign game: choose one of your games still to be played." in (
        answer.content.decode()
    )
    assert not GameClock.objects.exists()


def test_the_campaign_pages_name_the_system_and_its_points(campaign_with_two, player_client):
    campaign, _ = campaign_with_two
    system = GameSystem.objects.get(slug="coinflip")
    system.name, system.points_name = "Coin Flip Wars", "gc"
    system.save()
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert "Coin Flip Wars · Narrative · 100 gc" in page
    listing = player_client.get(reverse("campaign-list")).content.decode()
    assert "<td>Coin Flip Wars</td>" in listing


def test_the_participant_page_speaks_injuries_fighters_and_resources_as_words(
    campaign_with_two, player_client, monkeypatch
):
    """Issue 24, human names: a Mordheim injury read "recovers (u2.1)" and the treasury
    "gold_crowns"; the page now says "recovers (fighter 1)" and "Gold crowns"."""
    from frontend.views import campaigns as views

    campaign, (mine, _) = campaign_with_two
    unit = {
        "unit": "u2",
        "name": "Cutthroats",
        "in_roster": True,
        "history": [{"game": 1, "kind": "out_of_action", "amount": 1, "fighter": "u2.1"}],
        "state": {
            "experience": 1,
            "injuries": [{"fighter": "u2.1", "d66": 16, "result": "recovers"}],
            "advances": [{"result": "new_skill"}],
        },
    }
    monkeypatch.setattr(views, "participant_units", lambda participant: [unit])
    monkeypatch.setattr(views, "participant_resources", lambda participant: {"gold_crowns": 40})
    page = player_client.get(
        reverse("participant-detail", args=[campaign.pk, mine.pk])
    ).content.decode()
    assert "recovers (fighter 1)" in page
    assert "<dt>Gold crowns</dt>" in page
    assert "new skill (to choose)" in page
    assert "Game 1: out of action 1 (fighter 1)" in page
    for slug in ("u2.1", "gold_crowns", "new_skill", "out_of_action"):
        assert slug not in page, slug
