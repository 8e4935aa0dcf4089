"""Undoing the between-games steps that followed a game an organiser reverses (NOT IN SEED:
published Mordheim rules, the post-battle sequence, digest §15.8: income, then rarity rolls,
buying and selling, hired swords): what a warband did with a game's income goes with it.

Decided for a league: reversing a game undoes, for each of its participants, the warband
actions recorded after it (``WarbandAction.after``) or about its captives, and the campaign
roster versions accepted since (the roster returns to the one the game was played with, what
they spent coming back). When the participant has played a later game since, those trades
were fought with and cannot come out alone: the reversal is refused (409) naming that game,
and the organiser reverses it first."""

from __future__ import annotations

import copy
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from campaigns.errors import CampaignConflict
from campaigns.models import Game, RosterVersion, WarbandAction
from campaigns.services.audit import audit_game
from campaigns.services.ledger import later_games


def _actions(game: Game, participant_id: int) -> QuerySet[WarbandAction]:
    """The participant's actions that followed ``game``: made after it, or about a captive
    it took."""
    return WarbandAction.objects.filter(participant_id=participant_id).filter(
        Q(after=game) | Q(target__game=game)
    )


def _versions(game: Game, participant_id: int) -> QuerySet[RosterVersion]:
    """Campaign roster versions the participant had accepted since ``game`` was resolved."""
    return RosterVersion.objects.filter(
        participant_id=participant_id, created_at__gt=game.resolved_at
    ).order_by("number")


def between_games_check(game: Game) -> None:
    """Refuse (409 ``game.reverse_trades_played``) to reverse ``game`` while a participant
    traded or changed the roster after it and has played a later game since."""
    if game.resolved_at is None:
        return
    for pid in game.participant_ids():
        if not (_actions(game, pid).exists() or _versions(game, pid).exists()):
            continue
        later = later_games(game, pid)
        if later:
            raise CampaignConflict(
                "game.reverse_trades_played",
                f"Participant {pid} traded or changed the roster after this game and has "
                f"played game {later[0].pk} since: reverse game {later[0].pk} first.",
            )


def between_games_undo(game: Game, actor: Any) -> dict[str, Any]:
    """Mark the actions that followed ``game`` reversed and put each participant's campaign
    roster back to the version the game was played with (a new version whose ``spent`` gives
    back what the versions since spent). What was undone, per participant."""
    undone: dict[str, Any] = {}
    if game.resolved_at is None:
        return undone
    now = timezone.now()
    for pid in game.participant_ids():
        actions = _actions(game, pid).update(reversed_at=now)
        since = list(_versions(game, pid))
        played = restored = None
        if since:
            played = (
                RosterVersion.objects.filter(participant_id=pid, number__lt=since[0].number)
                .order_by("-number")
                .first()
            )
            if played is not None:
                restored = RosterVersion.objects.create(
                    participant_id=pid,
                    number=since[-1].number + 1,
                    payload=copy.deepcopy(played.payload),
                    cost=played.cost,
                    spent=-sum(v.spent for v in since),
                    created_by=actor if getattr(actor, "is_authenticated", False) else None,
                )
        if actions or restored:
            undone[str(pid)] = {
                "actions_reversed": actions,
                "roster_restored_to": played.number if restored else None,
            }
    if undone:
        audit_game(game, actor, "between_games_undone", undone)
    return undone
