"""Domain errors of the rules app (battles, simulations, game clocks): a stable ``code``,
a message and the ``field`` at fault; the subclass sets the HTTP status."""

from __future__ import annotations

from core.errors import ApplicationError


class BattleRequestError(ApplicationError):
    """A battle or simulation request that cannot be accepted (400)."""


class JobLimitReached(BattleRequestError):
    """The user already has the most battles or simulations allowed waiting or running
    (429)."""

    status = 429


class SimulationFinished(BattleRequestError):
    """The simulation is not queued or running any more (409)."""

    status = 409


class ClockError(ApplicationError):
    """A clock request with bad input (400)."""


class ClockNotFound(ClockError):
    """The game or clock does not exist or is not yours (404)."""

    status = 404


class ClockConflict(ClockError):
    """The clock or its game is not in a state that allows the press (409)."""

    status = 409
