"""Property-based check of every documented operation against the live OpenAPI schema:
generated valid and invalid requests (authenticated) never cause a server error, and every
answer matches the schema (status code, content type, body; errors in the error format).

The fuzzing user owns one object of each kind (a roster it plays a campaign with, a resolved
battle, a finished simulation, a campaign, a game it plays and organises, a clock), created
lazily for the operation under test, and path parameters (``{id}``, ``{participant_id}``,
``{unit_id}``, ``{token}``) name
them, so the generated requests reach existing objects instead of answering 404. A path
parameter generated invalid on purpose (negative mode) is left as generated.

A stateful run (issue 22 Proof) then chains operations the way a client would: schemathesis
infers the OpenAPI links between them (dependency analysis: an ``id`` in a list or create
answer feeds the ``{id}`` of a later call), so a roster listed or duplicated, a campaign's
participants, a game or a simulation reached through an earlier answer are real objects, and
created objects feed later calls. It starts from the same owned objects (the lists name them)
and generates valid data only, since the per-operation run already sends invalid data.

Bounded: ``MUSTER_SCHEMATHESIS_EXAMPLES`` examples per operation and mode (default 15) and
``MUSTER_SCHEMATHESIS_SCENARIOS`` stateful scenarios of at most 10 steps (default 60), no
shrinking, deterministic seed; the per-operation run stays under 90 s and the stateful one
(counted in scenarios, not timed, so a busy machine does not fail it) about 30 s.
"""

import os
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.core.cache import cache
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.api.conftest import make_user, strike_force

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coinflip_system")]

EXAMPLES = int(os.environ.get("MUSTER_SCHEMATHESIS_EXAMPLES", "15"))
SCENARIOS = int(os.environ.get("MUSTER_SCHEMATHESIS_SCENARIOS", "60"))
CHECKS = [
    schemathesis.checks.not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

schema = schemathesis.openapi.from_wsgi(
    "/api/schema/?format=json", get_wsgi_application(), headers={"Accept": "application/json"}
)
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
    max_examples=EXAMPLES,
    deterministic=True,
    no_shrink=True,
    allow_x00=True,
)
schema.config.phases.stateful.generation.update(modes=[GenerationMode.POSITIVE])


@pytest.fixture
def fuzzer(catalogues):
    return make_user("fuzzer")


@pytest.fixture
def token(fuzzer) -> str:
    return Token.objects.create(user=fuzzer).key


def make_roster(user) -> dict[str, Any]:
    """A grimdark roster (shared by link) and a campaign participant playing it."""
    from armybuilder.services.rosters import roster_create
    from armybuilder.services.sharing import roster_share
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.membership import campaign_join

    data = strike_force()
    roster = roster_create(
        owner=user,
        system=data["system"],
        faction=data["faction"],
        name=data["name"],
        points_limit=data["points_limit"],
        units=data["units"],
    )
    campaign = campaign_create(user=user, system="grimdark", name="Fuzz", points_limit=2000)
    participant = campaign_join(user=user, join_code=campaign.join_code, roster=roster)
    return {
        "roster": roster.pk,
        "unit": roster.unit_entries()[0]["id"],
        "token": roster_share(roster=roster),
        "campaign": campaign.pk,
        "participant": participant.pk,
    }


def battle_snapshots(user) -> dict[str, Any]:
    """Two skirmish sample rosters of ``user`` and their engine snapshots."""
    from armybuilder.rosterdata import load_sample_roster
    from armybuilder.services.exchange import roster_import
    from rules.selectors import rosters_for_battle

    rosters = [
        roster_import(owner=user, data=load_sample_roster("skirmish", name))
        for name in ("night-watch", "marsh-raiders")
    ]
    (a, snapshot_a), (b, snapshot_b) = rosters_for_battle(
        user=user, roster_ids=[r.pk for r in rosters]
    )
    return {
        "requested_by": user,
        "roster_a": a,
        "roster_b": b,
        "snapshot_a": snapshot_a,
        "snapshot_b": snapshot_b,
    }


def make_battle(user) -> dict[str, Any]:
    """A resolved battle."""
    from rules.services import battle_create, battle_resolve

    battle = battle_create(**battle_snapshots(user), seed=7, enqueue=False)
    battle_resolve(battle_id=battle.pk)
    return {"battle": battle.pk}


def make_simulation(user) -> dict[str, Any]:
    """A finished simulation of two runs."""
    from rules.services import (
        simulation_create,
        simulation_finish,
        simulation_missing_chunks,
        simulation_run_chunk,
    )

    simulation = simulation_create(**battle_snapshots(user), runs=2, seed=3, enqueue=False)
    for index in simulation_missing_chunks(simulation):
        simulation_run_chunk(simulation_id=simulation.pk, index=index)
    simulation_finish(simulation_id=simulation.pk)
    return {"simulation": simulation.pk}


def make_game(user) -> dict[str, Any]:
    """A scheduled game the fuzzing user plays (and organises) against another player."""
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.games import game_create
    from campaigns.services.membership import campaign_join
    from tests.integration.campaigns.factories import coinflip_roster

    campaign = campaign_create(user=user, system="coinflip", name="Fuzz games", points_limit=100)
    rival = make_user("fuzz-rival")
    a, b = (
        campaign_join(user=u, join_code=campaign.join_code, roster=coinflip_roster(u))
        for u in (user, rival)
    )
    return {"game": game_create(campaign=campaign, user=user, participant_a=a, participant_b=b).pk}


def make_clock(user) -> dict[str, Any]:
    from rules.clocks import clock_create

    return {"clock": clock_create(user=user, mode="chess", limit_ms=3_600_000).pk}


# Path prefix → (what to create, which created id each path parameter takes).
OWNED: dict[str, tuple[Callable[[Any], dict[str, Any]], dict[str, str]]] = {
    "/api/v1/rosters/{id}": (make_roster, {"id": "roster", "unit_id": "unit"}),
    "/api/v1/shared/{token}": (make_roster, {"token": "token"}),
    "/api/v1/campaigns/{id}": (make_roster, {"id": "campaign", "participant_id": "participant"}),
    "/api/v1/campaigns/{campaign_pk}": (make_roster, {"campaign_pk": "campaign"}),
    "/api/v1/battles/{id}": (make_battle, {"id": "battle"}),
    "/api/v1/simulations/{id}": (make_simulation, {"id": "simulation"}),
    "/api/v1/clocks/{id}": (make_clock, {"id": "clock"}),
    "/api/v1/games/{id}": (make_game, {"id": "game"}),
}


@pytest.fixture
def owned(fuzzer) -> Callable[[Any], None]:
    """Point the case's path parameters at objects the fuzzing user owns (created on first
    use, once per operation)."""
    made: dict[str, dict[str, Any]] = {}

    def point(case: Any) -> None:
        if not case.path_parameters:
            return
        component = case.meta.components.get(ParameterLocation.PATH) if case.meta else None
        if component is not None and component.mode == GenerationMode.NEGATIVE:
            return
        for prefix, (make, names) in OWNED.items():
            if case.path == prefix or case.path.startswith(prefix + "/"):
                if prefix not in made:
                    made[prefix] = make(fuzzer)
                for name, key in names.items():
                    if name in case.path_parameters:
                        case.path_parameters[name] = made[prefix][key]
                return

    return point


@pytest.fixture(autouse=True)
def _keep_test_connection_open():
    """The in-process WSGI app must not close the test transaction's connection (Django's
    test client disconnects the same handlers)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_api_never_errors_and_matches_its_schema(case, token, owned):
    owned(case)
    case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=CHECKS)


def test_chained_calls_on_real_objects_never_error(fuzzer, token):
    """Issue 22 Proof: a stateful run over the inferred links answers no 5xx and matches the
    schema, and reaches objects that exist (2xx on an ``{id}`` path)."""
    for make in dict.fromkeys(make for make, _ in OWNED.values()):
        make(fuzzer)
    answers: Counter[tuple[str, int]] = Counter()
    # Revoking its own token would sign the run out for the remaining steps.
    machine = schema.exclude(method="DELETE", path="/api/v1/auth/tokens/{token_id}/")
    # Saving a GCS import takes the units a real import answered (random ones are refused);
    # the single-call fuzz above and tests/api/test_gcs_save.py still check it.
    machine = machine.exclude(method="POST", path="/api/v1/gcs/saves/")

    class Workflow(machine.as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            # Each scenario starts from the same database and throttle counters: Hypothesis
            # replays choice sequences, and a scenario that found the rows or counters an
            # earlier one left draws differently ("Inconsistent data generation").
            cache.clear()
            self.savepoint = transaction.savepoint()

        def teardown(self) -> None:
            transaction.savepoint_rollback(self.savepoint)

        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"headers": {"Authorization": f"Token {token}"}}

        def after_call(self, response: Any, case: Any) -> None:
            answers[(case.operation.path, response.status_code)] += 1

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            case.validate_response(response, checks=CHECKS)

    Workflow.run(
        settings=settings(
            max_examples=SCENARIOS,
            stateful_step_count=10,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
    )
    reached = {path for (path, status), _ in answers.items() if "{" in path and status < 300}
    assert len(reached) >= 5, answers
