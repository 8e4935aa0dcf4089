"""Games outside the pairings (narrative chains), the links between games, the mission;
the row lock and roster snapshots every result starts from."""

from __future__ import annotations

from typing import Any

from campaigns.errors import CampaignError
from campaigns.house_rules import effective_settings
from campaigns.lifecycle import GameAction, game_require
from campaigns.models import FINAL_STATUSES, Campaign, Game, GameStatus, Participant, Round
from campaigns.services.audit import audit, audit_game
from campaigns.services.campaigns import new_seed, require_organiser
from campaigns.services.rosters import participant_snapshot


def game_lock(game: Game) -> Game:
    """The game re-read with its row locked (``select_for_update``) for a state change."""
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("campaign", "participant_a__roster", "participant_b__roster")
        .get(pk=game.pk)
    )


def game_take_snapshots(game: Game) -> None:
    """Both campaign rosters as they stand for this game, taken once (the first report or
    engine play), so later roster edits never rewrite it."""
    if game.snapshot_a is None:
        game.snapshot_a = participant_snapshot(participant=game.participant_a, game=game)
    if game.snapshot_b is None and game.participant_b_id:
        game.snapshot_b = participant_snapshot(participant=game.participant_b, game=game)


def game_create(
    *,
    campaign: Campaign,
    user: Any,
    participant_a: Participant,
    participant_b: Participant,
    mission: str = "",
    round_: Round | None = None,
    follows: list[Game] | None = None,
) -> Game:
    """A single game outside the pairings (narrative chains): it may follow earlier games,
    whose winner then chooses the mission or attacks (setting ``winner_of_link``)."""
    require_organiser(campaign, user)
    if participant_a.pk == participant_b.pk:
        raise CampaignError("game.same_participant", "A game needs two participants.")
    for p in (participant_a, participant_b):
        if p.campaign_id != campaign.pk:
            raise CampaignError("game.participant", "Both players must be in the campaign.")
    game = Game.objects.create(
        campaign=campaign,
        round=round_,
        participant_a=participant_a,
        participant_b=participant_b,
        mission=mission,
        post_battle_seed=new_seed(),
    )
    links = list(follows or [])
    if links:
        game.follows.set(links)
        game_apply_links(game)
    audit(
        campaign=campaign,
        actor=user,
        action="game_created",
        game=game,
        data={
            "participants": [participant_a.pk, participant_b.pk],
            "mission": mission,
            "follows": [g.pk for g in links],
        },
    )
    return game


def _winner_participant(game: Game) -> int | None:
    """The participant who won ``game``; None for a draw."""
    if game.winner == "a":
        return game.participant_a_id
    if game.winner == "b":
        return game.participant_b_id
    return None


def game_apply_links(game: Game) -> None:
    """Set chooser/attacker of ``game`` from the winner of the latest finished game it
    follows (a narrative chain)."""
    settings = effective_settings(game.campaign.settings)
    done = game.follows.filter(status__in=FINAL_STATUSES).order_by("-resolved_at", "-id")
    previous = done.first()
    winner = _winner_participant(previous) if previous else None
    if winner not in game.participant_ids():
        winner = None
    if "chooser" in settings["winner_of_link"]:
        game.chooser_id = winner
    if "attacker" in settings["winner_of_link"]:
        game.attacker_id = winner
    game.save(update_fields=["chooser", "attacker"])


def game_update_followers(game: Game) -> None:
    """The scheduled games following ``game`` take its winner as chooser / attacker."""
    for follower in game.followed_by.filter(status=GameStatus.SCHEDULED):
        game_apply_links(follower)


def game_set_mission(*, game: Game, user: Any, mission: str) -> Game:
    """The chooser (winner of the previous linked game) or an organiser picks the mission."""
    game_require(game, user, GameAction.CHOOSE_MISSION)
    game.mission = mission
    game.save(update_fields=["mission"])
    audit_game(game, user, "mission_chosen", {"mission": mission})
    return game
