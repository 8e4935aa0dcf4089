"""Advances that ask for a pick, injuries that keep a fighter out of the next game, and the
``hardy`` injury table giving a saved fighter the survivor's experience and advance
rolls (not in seed 001: published Mordheim rules, Advances, Serious injuries)."""

import pytest
from django.db import transaction

from campaigns.errors import CampaignConflict, CampaignError, CampaignForbidden
from campaigns.house_rules import effective_settings
from campaigns.models import AuditEntry, LedgerEntry
from campaigns.selectors import (
    participant_absent_fighters,
    participant_pending_choices,
    participant_unit_states,
)
from campaigns.services.games import game_create
from campaigns.services.ledger import advance_choose
from campaigns.services.results import game_confirm, game_decide, game_report_result, game_reverse
from campaigns.services.rosters import participant_snapshot
from rules.engine.report import BattleMap, BattleReport, UnitOutcome
from rules.engine.systems.base import PostBattle
from rules.engine.systems.skirmish.campaign_pack import skirmish_pack
from rules.engine.systems.skirmish.skills import SKILL_LISTS, SKILLS, allowed_skills
from tests.integration.campaigns.test_engine_games import play as engine_play
from tests.integration.campaigns.test_mordheim_post_battle import linked_game, play

WS_OR_BS_SEED = 6  # the captain's advance roll at 24 XP is a 7: "WS or BS"
NEW_SKILL_SEED = 1  # … a 2: "new skill"


def captain(snapshot):
    return next(u for u in snapshot["units"] if u["id"] == "u1")


@pytest.mark.django_db
def test_a_ws_or_bs_advance_waits_for_the_pick_which_raises_it_until_reversed(warbands):
    organiser, campaign, watch, raiders = warbands
    game = play(linked_game(campaign, organiser, watch, raiders, [], WS_OR_BS_SEED), watch, raiders)
    pending = participant_pending_choices(participant=watch)
    assert [(p["unit"], p["result"], p["options"]) for p in pending] == [
        ("u1", "ws_or_bs", ["WS", "BS"])
    ]
    entry = pending[0]["entry"]
    ws_before = captain(participant_snapshot(participant=watch))["profile"]["WS"]

    with pytest.raises(CampaignError) as wrong:
        advance_choose(participant=watch, entry=entry, choice="S", actor=watch.user)
    assert wrong.value.field == "choice"
    with pytest.raises(CampaignForbidden):
        advance_choose(participant=watch, entry=entry, choice="WS", actor=raiders.user)

    advance_choose(participant=watch, entry=entry, choice="WS", actor=watch.user)
    assert captain(participant_snapshot(participant=watch))["profile"]["WS"] == ws_before + 1
    assert participant_pending_choices(participant=watch) == []
    state = participant_unit_states(participant=watch)["u1"]
    assert state["advances"][0]["chosen"] == "WS"
    assert AuditEntry.objects.filter(action="advance_chosen", game=game).count() == 1
    with pytest.raises(CampaignConflict):
        advance_choose(participant=watch, entry=entry, choice="BS", actor=watch.user)

    game_reverse(game=game, user=organiser, reason="wrong table")
    assert captain(participant_snapshot(participant=watch))["profile"]["WS"] == ws_before
    with pytest.raises(CampaignConflict):
        advance_choose(participant=watch, entry=entry, choice="BS", actor=organiser)


@pytest.mark.django_db
def test_a_new_skill_is_picked_from_the_heros_skill_lists_and_kept_when_recomputed(warbands):
    """The captain's type may take all five lists (catalogue ``extra.skill_lists``): the
    pick offers every skill of them (published rulebook p.122, "Skills")."""
    organiser, campaign, watch, raiders = warbands
    game = play(
        linked_game(campaign, organiser, watch, raiders, [], NEW_SKILL_SEED), watch, raiders
    )
    (pending,) = participant_pending_choices(participant=watch)
    assert pending["result"] == "new_skill"
    assert pending["options"] == [SKILLS[s].name for s in allowed_skills(SKILL_LISTS)]
    advance_choose(participant=watch, entry=pending["entry"], choice="Dodge", actor=organiser)
    assert captain(participant_snapshot(participant=watch))["extra"]["skills"] == ["Dodge"]

    # The organiser corrects the score (the same decision again would change nothing): the
    # run is recomputed with the same seed, so the same advance comes back and keeps its pick.
    game_decide(
        game=game,
        user=organiser,
        winner="a",
        scores={"a": 2, "b": 0},
        units=game.report and _units_of(game),
        note="typo",
    )
    assert participant_pending_choices(participant=watch) == []
    assert captain(participant_snapshot(participant=watch))["extra"]["skills"] == ["Dodge"]
    assert LedgerEntry.objects.filter(game=game, kind="choice").count() == 2  # old + carried


@pytest.mark.django_db
def test_a_skill_the_heros_type_may_not_take_is_refused_with_a_400(warbands, client):
    """A pick outside the offered skills (here the campaign's house list, which no longer
    applies to a hero with skill lists) answers 400 ``advance.choice``; so does a second
    pick of a skill the hero already has."""
    organiser, campaign, watch, raiders = warbands
    play(linked_game(campaign, organiser, watch, raiders, [], NEW_SKILL_SEED), watch, raiders)
    (pending,) = participant_pending_choices(participant=watch)
    client.force_login(watch.user)
    url = f"/api/v1/campaigns/{campaign.pk}/participants/{watch.pk}/advances/"
    refused = client.post(
        url, {"entry": pending["entry"], "choice": "Keen eyes"}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "advance.choice"
    taken = client.post(
        url, {"entry": pending["entry"], "choice": "Sprint"}, content_type="application/json"
    )
    assert taken.status_code == 201
    assert "Sprint" in captain(participant_snapshot(participant=watch))["extra"]["skills"]


def _units_of(game):
    """The reported per-unit outcomes of a manual game, as the report body gave them."""
    units = []
    for unit in game.report["units"]:
        fighters = [
            {
                "id": f["id"],
                "out_of_action": f["out_of_action"],
                "enemies_taken_out": f["enemies_taken_out"],
            }
            for f in unit["fighters"]
            if f["out_of_action"] or f["enemies_taken_out"]
        ]
        if fighters:
            units.append({"id": unit["id"], "side": unit["side"], "fighters": fighters})
    return units


def first_game_with_a_missed_game():
    """Play engine games from seed 1 on until a hero of side a rolls a serious injury that
    makes it miss the next game (Mordheim D66 results such as an arm wound's 2–6); every
    other attempt is rolled back. The seed search keeps the test valid when the engine's
    battles change."""
    for seed in range(1, 80):
        savepoint = transaction.savepoint()
        organiser, (ash, bay), first = engine_play("skirmish", seed=seed)
        wound = LedgerEntry.objects.filter(
            game=first, participant=ash, kind="injury", data__detail="misses_next_game"
        ).first()
        if wound is not None:
            transaction.savepoint_commit(savepoint)
            return organiser, (ash, bay), first, wound
        transaction.savepoint_rollback(savepoint)
    pytest.fail("no seed in 1..79 gave a hero a missed game")


@pytest.mark.django_db
def test_a_fighter_who_misses_the_next_game_sits_it_out_then_returns():
    organiser, (ash, bay), first, wound = first_game_with_a_missed_game()
    unit_key, fighter_key = wound.unit_key, wound.fighter_key
    assert participant_absent_fighters(participant=ash) == [(unit_key, fighter_key)]

    second = game_create(
        campaign=first.campaign, user=organiser, participant_a=ash, participant_b=bay
    )
    game_report_result(game=second, user=ash.user, winner=None, scores={"a": 0, "b": 0})
    second.refresh_from_db()
    ids = [u["id"] for u in second.snapshot_a["units"]]
    assert unit_key not in ids  # a hero is a unit of one: it sits this one out
    assert second.snapshot_a["campaign"]["left_out"] == [{"unit": unit_key, "fighter": fighter_key}]
    game_confirm(game=second, user=bay.user)
    assert participant_absent_fighters(participant=ash) == []
    third = game_create(
        campaign=first.campaign, user=organiser, participant_a=ash, participant_b=bay
    )
    game_report_result(game=third, user=ash.user, winner=None, scores={"a": 0, "b": 0})
    third.refresh_from_db()
    assert unit_key in [u["id"] for u in third.snapshot_a["units"]]
    assert "campaign" not in third.snapshot_a


def _hero_report(start: int) -> BattleReport:
    fighter = {"id": "u2.1", "out_of_action": True, "enemies_taken_out": ["b:u3.1"]}
    unit = UnitOutcome(
        id="u2",
        name="Sergeant",
        side="a",
        status="out_of_action",
        models_start=1,
        models_lost=1,
        kills=1,
        points=35,
        points_lost=35,
        fighters=[fighter],
        extra={"kind": "hero", "leader": False, "experience_start": start},
    )
    return BattleReport(
        system="skirmish",
        mission="skirmish",
        seed=1,
        engine_version="test",
        winner="a",
        scores={"a": 1, "b": 0},
        turns_played=1,
        armies={},
        units=[unit],
        positions=[],
        map=BattleMap(width=0, height=0),
    )


def test_the_hardy_table_gives_a_saved_hero_the_survivors_experience_and_advance():
    # published table: D66 14 kills a hero; hardy: 14–15 is a full recovery
    output = PostBattle(
        side="a",
        entries=[
            {
                "unit": "u2",
                "kind": "hero",
                "fighters": [{"id": "u2.1", "dead": True, "injury": {"d66": 14, "result": "dead"}}],
                "experience": {},
                "advances": [],
            }
        ],
    )
    settings = effective_settings({"injury_table": "hardy"})
    result = skirmish_pack(output, settings, report=_hero_report(start=1), seed=5)
    kinds = [e.kind for e in result.effects]
    assert "death" not in kinds
    xp = {e.data["reason"]: e.amount for e in result.effects if e.kind == "experience"}
    assert xp == {"survived": 1, "enemy_out_of_action": 1}  # 1 → 3 XP crosses the 2 threshold
    advances = [e.data for e in result.effects if e.kind == "advance"]
    assert [a["threshold"] for a in advances] == [2]
    assert result.summary["hardy_dice"][0]["what"] == "advance"

    published = skirmish_pack(output, effective_settings({}), report=_hero_report(1), seed=5)
    assert [e.kind for e in published.effects] == ["injury", "death"]
