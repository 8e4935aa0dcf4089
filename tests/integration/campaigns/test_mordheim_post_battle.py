"""Mordheim post-battle through the campaign, step by step against the published tables
(not in seed 001: published Mordheim rules, Post-battle sequence to Exploration and
income), and a narrative chain of three linked games whose carry-over is checked."""

import pytest

from campaigns.models import LedgerEntry, PostBattleRun
from campaigns.selectors import participant_unit_states
from campaigns.services.campaigns import campaign_create
from campaigns.services.games import game_create
from campaigns.services.membership import campaign_join
from campaigns.services.results import game_confirm, game_report_result
from campaigns.services.rosters import participant_snapshot
from tests.integration.campaigns.factories import make_user, sample_roster

pytestmark = pytest.mark.django_db

# Published Mordheim tables, written out independently of the engine's constants.
HERO_INJURY_D66 = {
    **dict.fromkeys(range(11, 16), "dead"),
    **dict.fromkeys((16, 21), "multiple_injuries"),
    22: "leg_wound",
    23: "arm_wound",
    24: "madness",
    25: "smashed_leg",
    26: "chest_wound",
    31: "blinded_in_one_eye",
    32: "old_battle_wound",
    33: "nervous_condition",
    34: "hand_injury",
    35: "deep_wound",
    36: "robbed",
    **{v: "full_recovery" for v in (41, 42, 43, 44, 45, 46, 51, 52, 53, 54, 55)},
    56: "bitter_enmity",
    61: "captured",
    62: "hardened",
    63: "hardened",
    64: "horrible_scars",
    65: "sold_to_the_pits",
    66: "survives_against_the_odds",
}
HERO_ADVANCE_2D6 = {
    2: "new_skill",
    3: "new_skill",
    4: "new_skill",
    5: "new_skill",
    6: "s_or_a",
    7: "ws_or_bs",
    8: "i_or_ld",
    9: "w_or_t",
    10: "new_skill",
    11: "new_skill",
    12: "new_skill",
}
HERO_THRESHOLDS = (2, 4, 6, 8, 11, 14, 17, 20, 24, 28, 32, 36)


@pytest.fixture
def warbands():
    organiser = make_user("org")
    campaign = campaign_create(
        user=organiser,
        system="skirmish",
        name="Sallow Gate",
        format="narrative",
        points_limit=500,
        seed=1,
    )
    watch_user, raider_user = make_user("watch"), make_user("raider")
    watch = campaign_join(
        user=watch_user,
        join_code=campaign.join_code,
        roster=sample_roster(watch_user, "skirmish", "night-watch"),
    )
    raiders = campaign_join(
        user=raider_user,
        join_code=campaign.join_code,
        roster=sample_roster(raider_user, "skirmish", "marsh-raiders"),
    )
    return organiser, campaign, watch, raiders


def linked_game(campaign, organiser, watch, raiders, follows, seed):
    game = game_create(
        campaign=campaign,
        user=organiser,
        participant_a=watch,
        participant_b=raiders,
        mission="skirmish",
        follows=follows,
    )
    game.post_battle_seed = seed
    game.save(update_fields=["post_battle_seed"])
    return game


def play(game, watch, raiders):
    current = participant_snapshot(participant=watch)
    gate = next((u for u in current["units"] if u["id"] == "u6"), None)
    units = [
        {
            "id": "u1",
            "side": "a",
            "fighters": [{"id": "u1.1", "enemies_taken_out": ["b:u1.1", "b:u6.1"]}],
        },
        *(
            [
                {
                    "id": "u6",
                    "side": "a",
                    "fighters": [
                        {"id": f"u6.{n}", "out_of_action": True} for n in range(1, gate["size"] + 1)
                    ],
                }
            ]
            if gate
            else []
        ),
        {"id": "u1", "side": "b", "fighters": [{"id": "u1.1", "out_of_action": True}]},
        {"id": "u6", "side": "b", "fighters": [{"id": "u6.1", "out_of_action": True}]},
    ]
    game_report_result(game=game, user=watch.user, winner="a", scores={"a": 1, "b": 0}, units=units)
    return game_confirm(game=game, user=raiders.user)


def test_mordheim_post_battle_follows_the_published_tables_step_by_step(warbands):
    organiser, campaign, watch, raiders = warbands
    game = play(linked_game(campaign, organiser, watch, raiders, [], 4242), watch, raiders)
    run_a = PostBattleRun.objects.get(game=game, participant=watch)
    run_b = PostBattleRun.objects.get(game=game, participant=raiders)
    ledger_a = LedgerEntry.objects.filter(run=run_a)

    # Experience: +1 survived, +1 winning leader, +1 per enemy out of action (heroes).
    captain = {
        e.data["reason"]: e.amount for e in ledger_a.filter(unit_key="u1", kind="experience")
    }
    assert captain == {"survived": 1, "winning_leader": 1, "enemy_out_of_action": 2}
    sergeant = {
        e.data["reason"]: e.amount for e in ledger_a.filter(unit_key="u2", kind="experience")
    }
    assert sergeant == {"survived": 1}

    # Advance rolls: the captain goes 20 → 24 and crosses the 24 threshold: one 2D6 roll.
    advances = list(ledger_a.filter(unit_key="u1", kind="advance"))
    crossed = [t for t in HERO_THRESHOLDS if 20 < t <= 24]
    assert [a.data["threshold"] for a in advances] == crossed == [24]
    rolled = [
        d for d in run_a.engine_output["dice"] if d["what"] == "advance" and d["fighter"] == "u1"
    ]
    assert [d["result"] for d in rolled] == [advances[0].data["roll"]]
    assert advances[0].data["result"] == HERO_ADVANCE_2D6[advances[0].data["roll"]]

    # Henchmen out of action: D6, dead on 1–2; every death is in the ledger.
    henchman_rolls = [d for d in run_a.engine_output["dice"] if d["what"] == "henchman injury"]
    assert len(henchman_rolls) == 5
    dead = sorted(d["fighter"] for d in henchman_rolls if d["result"] <= 2)
    assert sorted(ledger_a.filter(kind="death").values_list("fighter_key", flat=True)) == dead

    # The raider chief out of action: D66 on the hero serious injury table.
    injury_roll = next(
        d
        for d in run_b.engine_output["dice"]
        if d["what"] == "serious injury" and d["fighter"] == "u1.1"
    )
    injury = LedgerEntry.objects.get(run=run_b, unit_key="u1", kind="injury")
    assert injury.data["d66"] == injury_roll["result"]
    assert injury.data["result"] == HERO_INJURY_D66[injury_roll["result"]]

    # Income in gold crowns is a campaign resource; dice and seed are recorded.
    assert run_a.seed == 4242 * 2
    assert run_b.seed == 4242 * 2 + 1
    assert "warband_rating" in run_a.summary


def test_three_linked_games_carry_experience_losses_and_the_winners_choice(warbands):
    organiser, campaign, watch, raiders = warbands
    first = linked_game(campaign, organiser, watch, raiders, [], 4242)
    second = linked_game(campaign, organiser, watch, raiders, [first], 77)
    third = linked_game(campaign, organiser, watch, raiders, [second], 78)
    assert second.chooser_id is None

    play(first, watch, raiders)
    second.refresh_from_db()
    assert second.chooser_id == watch.pk
    assert second.attacker_id == watch.pk

    play(second, watch, raiders)
    second.refresh_from_db()
    deaths_1 = LedgerEntry.objects.filter(game=first, participant=watch, kind="death").count()
    gate_watch = next(u for u in second.snapshot_a["units"] if u["id"] == "u6")
    assert deaths_1 >= 1  # this seed kills at least one of the five
    assert gate_watch["size"] == 5 - deaths_1
    captain = next(u for u in second.snapshot_a["units"] if u["id"] == "u1")
    assert captain["extra"]["experience"] == 20 + 4  # carried from game 1

    third.refresh_from_db()
    assert third.attacker_id == watch.pk
    play(third, watch, raiders)
    third.refresh_from_db()
    states = participant_unit_states(participant=watch)
    captain3 = next(u for u in third.snapshot_a["units"] if u["id"] == "u1")
    assert captain3["extra"]["experience"] == 20 + 8
    assert states["u1"]["experience"] == 12
    deaths_12 = LedgerEntry.objects.filter(
        game__in=[first, second], participant=watch, kind="death", unit_key="u6"
    ).count()
    gate3 = [u for u in third.snapshot_a["units"] if u["id"] == "u6"]
    assert (gate3[0]["size"] if gate3 else 0) == max(0, 5 - deaths_12)
