"""The life-cycle of a campaign game: one transition table, read by every service that
changes a game and by the campaign page and the API to say what a user may do now.

A game is scheduled; either player reports a result and the opponent confirms it (the
result counts) or disputes it (an organiser decides). The engine can play a scheduled game
with a seed the server draws: when a player asked for it, its result is reported in that
player's name and the opponent confirms or disputes it like any report (unless the
campaign's ``engine_result`` setting is ``"final"``); when an organiser asked, it counts at
once. An organiser can decide or correct any result, and reverse a finished game so it no
longer counts. Past a round's deadline the unattended auto-resolve
confirms a reported result or lets the engine play, marking the game auto-resolved.

An organiser who plays in a game does not decide, correct or reverse it: another organiser
does, unless the campaign's ``organiser_own_games`` house rule is ``"allow"``.

A refusal is checked in one order for every action: who asks (and whether they judge their
own game), then a bye, then the game's status, then (to answer a report) that the user did
not report it themselves. Each refusal
keeps the code and status the services answered before the table existed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from campaigns.errors import CampaignConflict, CampaignError, CampaignForbidden
from campaigns.house_rules import effective_settings
from campaigns.models import FINAL_STATUSES, Game, GameStatus
from campaigns.selectors import is_organiser

OPEN_STATUSES: frozenset[str] = frozenset(
    (GameStatus.SCHEDULED, GameStatus.REPORTED, GameStatus.DISPUTED)
)
"""Statuses without a final result: the engine may still play the game."""


class GameAction(StrEnum):
    """Something that can happen to a game (the API's ``actions`` and the page's buttons)."""

    REPORT = "report"
    """A player enters the result (``POST games/{id}/report/``)."""
    CONFIRM = "confirm"
    """The reporter's opponent accepts the reported result (``…/confirm/``)."""
    DISPUTE = "dispute"
    """The reporter's opponent contests the reported result (``…/dispute/``)."""
    DECIDE = "decide"
    """An organiser decides a dispute, enters a result or corrects a final one (``…/decide/``)."""
    REVERSE = "reverse"
    """An organiser makes a finished game no longer count (``…/reverse/``)."""
    PLAY = "play"
    """A player or an organiser lets the engine play the game (``…/play/``)."""
    CHOOSE_MISSION = "choose_mission"
    """The chooser (winner of the linked game) or an organiser sets the mission (page)."""
    CLOCK = "clock"
    """A player starts a game clock for it (``POST clocks/`` with ``game``)."""
    ENGINE_RESULT = "engine_result"
    """The engine's battle is resolved and its report becomes the result (system)."""
    ENGINE_REPORT = "engine_report"
    """A player's engine battle is resolved and its report becomes a result reported in
    their name, which the opponent confirms or disputes (system)."""
    AUTO_PLAY = "auto_play"
    """Overdue: the engine is asked to play the game (system)."""
    AUTO_CONFIRM = "auto_confirm"
    """Overdue: a reported result is confirmed as reported (system)."""
    AUTO_RESULT = "auto_result"
    """Overdue: the engine's report becomes the result of an auto-played game (system)."""


class Role(Enum):
    """Who may ask for an action."""

    PLAYER = "player"
    """One of the game's two participants."""
    ORGANISER = "organiser"
    """An organiser of the game's campaign."""
    CHOOSER = "chooser"
    """The participant who chooses the mission (winner of the previous linked game)."""
    SYSTEM = "system"
    """The service itself, without a user (the engine, the auto-resolve)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: a stable code, a message for people, 403 or 409."""

    code: str
    message: str
    forbidden: bool = False

    def error(self) -> CampaignError:
        """The refusal as the campaigns app's error (403 forbidden, 409 conflict)."""
        kind = CampaignForbidden if self.forbidden else CampaignConflict
        return kind(self.code, self.message)


NOT_ORGANISER = Refusal("campaign.not_organiser", "Only an organiser may do this.", True)
NOT_OPEN = Refusal("game.not_open", "This game already has a final result.")
ALREADY_IN = Refusal("game.not_scheduled", "A result is already in.")
OWN_GAME = Refusal(
    "game.own_game",
    "You play in this game: another organiser decides it (house rule organiser_own_games).",
    True,
)


@dataclass(frozen=True, slots=True)
class Transition:
    """One row of the table: ``action`` from ``sources`` to ``target`` (None: the status
    stays) by one of ``roles``; the refusals name what is wrong."""

    action: GameAction
    sources: frozenset[str]
    target: str | None
    roles: frozenset[Role]
    wrong_status: Refusal
    wrong_role: Refusal = NOT_ORGANISER
    bye: Refusal | None = None
    """Refusal for a bye (None: a bye is judged by its status like any game)."""
    by_status: Mapping[str, Refusal] = field(default_factory=dict)
    """A more precise refusal for some statuses outside ``sources``."""
    own_report: Refusal | None = None
    """Refusal when the user reported the result themselves (answering a report)."""
    needs_no_battle: bool = False
    """Offered only while the engine has no battle for the game (asking again is a no-op)."""
    judges: bool = False
    """An organiser's judgement: refused to an organiser who plays in the game (unless the
    campaign's ``organiser_own_games`` is ``"allow"``)."""


def _player(action: str) -> Refusal:
    return Refusal("game.not_player", f"Only the two players may {action}.", True)


TRANSITIONS: tuple[Transition, ...] = (
    Transition(
        GameAction.REPORT,
        frozenset({GameStatus.SCHEDULED}),
        GameStatus.REPORTED,
        frozenset({Role.PLAYER}),
        ALREADY_IN,
        wrong_role=_player("report"),
        bye=Refusal("game.bye", "A bye has no result to report."),
    ),
    Transition(
        GameAction.CONFIRM,
        frozenset({GameStatus.REPORTED}),
        GameStatus.CONFIRMED,
        frozenset({Role.PLAYER}),
        Refusal("game.not_reported", "There is no reported result to confirm."),
        wrong_role=_player("confirm"),
        own_report=Refusal("game.own_report", "Your opponent must confirm your report.", True),
    ),
    Transition(
        GameAction.DISPUTE,
        frozenset({GameStatus.REPORTED}),
        GameStatus.DISPUTED,
        frozenset({Role.PLAYER}),
        Refusal("game.not_reported", "There is no reported result."),
        wrong_role=_player("dispute"),
        own_report=Refusal("game.own_report", "You cannot dispute your own report.", True),
    ),
    Transition(
        GameAction.DECIDE,
        OPEN_STATUSES | frozenset(FINAL_STATUSES),
        GameStatus.CONFIRMED,
        frozenset({Role.ORGANISER}),
        Refusal("game.reversed", "A reversed game no longer counts."),
        bye=Refusal("game.bye", "A bye has no result to decide."),
        judges=True,
    ),
    Transition(
        GameAction.REVERSE,
        frozenset(FINAL_STATUSES),
        GameStatus.REVERSED,
        frozenset({Role.ORGANISER}),
        Refusal("game.not_final", "Only a finished game can be reversed."),
        judges=True,
    ),
    Transition(
        GameAction.PLAY,
        frozenset({GameStatus.SCHEDULED}),
        None,
        frozenset({Role.PLAYER, Role.ORGANISER}),
        NOT_OPEN,
        by_status={GameStatus.REPORTED: ALREADY_IN, GameStatus.DISPUTED: ALREADY_IN},
        needs_no_battle=True,
    ),
    Transition(
        GameAction.CHOOSE_MISSION,
        frozenset({GameStatus.SCHEDULED}),
        None,
        frozenset({Role.CHOOSER, Role.ORGANISER}),
        Refusal("game.not_scheduled", "The game has already been played."),
    ),
    Transition(
        GameAction.CLOCK,
        frozenset({GameStatus.SCHEDULED}),
        None,
        frozenset({Role.PLAYER}),
        Refusal("game.not_scheduled", "The game has already been played."),
        wrong_role=_player("start its clock"),
        bye=Refusal("game.bye", "A bye is not played."),
    ),
    Transition(
        GameAction.ENGINE_RESULT,
        OPEN_STATUSES,
        GameStatus.CONFIRMED,
        frozenset({Role.SYSTEM}),
        NOT_OPEN,
    ),
    Transition(
        GameAction.ENGINE_REPORT,
        OPEN_STATUSES,
        GameStatus.REPORTED,
        frozenset({Role.SYSTEM}),
        NOT_OPEN,
    ),
    Transition(
        GameAction.AUTO_PLAY,
        OPEN_STATUSES,
        None,
        frozenset({Role.SYSTEM}),
        NOT_OPEN,
    ),
    Transition(
        GameAction.AUTO_CONFIRM,
        frozenset({GameStatus.REPORTED}),
        GameStatus.AUTO_RESOLVED,
        frozenset({Role.SYSTEM}),
        Refusal("game.not_reported", "There is no reported result."),
    ),
    Transition(
        GameAction.AUTO_RESULT,
        OPEN_STATUSES,
        GameStatus.AUTO_RESOLVED,
        frozenset({Role.SYSTEM}),
        NOT_OPEN,
    ),
)

TABLE: dict[GameAction, Transition] = {t.action: t for t in TRANSITIONS}


def player_side(game: Game, user: Any) -> str | None:
    """The side ("a" or "b") the user plays in the game, None if they do not play it."""
    if not getattr(user, "is_authenticated", False):
        return None
    if game.participant_a.user_id == user.pk:
        return "a"
    if game.participant_b_id and game.participant_b.user_id == user.pk:
        return "b"
    return None


def game_roles(game: Game, user: Any, *, organiser: bool | None = None) -> frozenset[Role]:
    """The user's roles in ``game``; ``organiser`` when the caller already knows it (a page
    listing many games asks once), otherwise one query. No user: the system."""
    if user is None:
        return frozenset({Role.SYSTEM})
    roles = set()
    if player_side(game, user) is not None:
        roles.add(Role.PLAYER)
    if game.chooser_id is not None and game.chooser.user_id == user.pk:
        roles.add(Role.CHOOSER)
    if organiser is None:
        organiser = is_organiser(campaign=game.campaign, user=user)
    if organiser:
        roles.add(Role.ORGANISER)
    return frozenset(roles)


def _role_refusal(row: Transition, roles: frozenset[Role]) -> Refusal | None:
    return None if roles & row.roles else row.wrong_role


def _own_game_refusal(row: Transition, game: Game, roles: frozenset[Role]) -> Refusal | None:
    if not row.judges or Role.PLAYER not in roles:
        return None
    if effective_settings(game.campaign.settings)["organiser_own_games"] == "allow":
        return None
    return OWN_GAME


def _state_refusal(row: Transition, game: Game) -> Refusal | None:
    if row.bye is not None and game.is_bye:
        return row.bye
    if game.status not in row.sources:
        return row.by_status.get(game.status, row.wrong_status)
    return None


def _own_report_refusal(row: Transition, game: Game, user: Any) -> Refusal | None:
    if row.own_report is not None and user is not None and game.reported_by_id == user.pk:
        return row.own_report
    return None


def game_require_role(game: Game, user: Any, action: GameAction) -> None:
    """Refuse (403) a user who may not ask for ``action`` on this game."""
    roles = game_roles(game, user)
    refusal = _role_refusal(TABLE[action], roles) or _own_game_refusal(TABLE[action], game, roles)
    if refusal is not None:
        raise refusal.error()


def game_require_state(game: Game, action: GameAction, user: Any = None) -> str | None:
    """Refuse (409, or 403 for answering one's own report) ``action`` on the game as it
    stands; the status the game moves to (None: it stays)."""
    row = TABLE[action]
    refusal = _state_refusal(row, game) or _own_report_refusal(row, game, user)
    if refusal is not None:
        raise refusal.error()
    return row.target


def game_require(game: Game, user: Any, action: GameAction) -> str | None:
    """Refuse ``action`` unless ``user`` may ask for it on the game now (who, bye, status,
    own report, in that order); the status the game moves to (None: it stays)."""
    game_require_role(game, user, action)
    return game_require_state(game, action, user)


def game_actions(game: Game, user: Any, *, organiser: bool | None = None) -> list[str]:
    """What ``user`` may do with ``game`` now, in table order (system actions never)."""
    roles = game_roles(game, user, organiser=organiser)
    return [
        row.action.value
        for row in TRANSITIONS
        if Role.SYSTEM not in row.roles
        and _role_refusal(row, roles) is None
        and _own_game_refusal(row, game, roles) is None
        and _state_refusal(row, game) is None
        and _own_report_refusal(row, game, user) is None
        and not (row.needs_no_battle and game.battle_id is not None)
    ]


def game_allows(game: Game, action: GameAction) -> bool:
    """Whether the game as it stands allows ``action`` (for the system's idempotent steps,
    which skip a game already past them instead of refusing)."""
    return _state_refusal(TABLE[action], game) is None
