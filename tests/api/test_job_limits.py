"""Issue 22 §6: per-user limits on queued and running battles and simulations (429 naming
the limit), simulations on their own queue, and cancelling a simulation (its remaining
chunks then do nothing)."""

import pytest
from django.conf import settings

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from rules.models import JobStatus, Simulation
from rules.services import simulation_finish, simulation_run_chunk

pytestmark = pytest.mark.django_db


@pytest.fixture
def rosters(owner, catalogues):
    return [
        roster_import(owner=owner, data=load_sample_roster("skirmish", name)).pk
        for name in ("night-watch", "marsh-raiders")
    ]


def queue(client, path: str, rosters, **extra):
    """Queue without running the on-commit sends: the work stays queued."""
    return client.post(path, {"rosters": rosters, **extra}, format="json")


def test_one_simulation_over_the_limit_answers_429_naming_it(owner_client, rosters, settings):
    settings.MUSTER_MAX_ACTIVE_SIMULATIONS = 2
    for _ in range(2):
        assert queue(owner_client, "/api/v1/simulations/", rosters, runs=50).status_code == 202
    answer = queue(owner_client, "/api/v1/simulations/", rosters, runs=50)
    assert answer.status_code == 429
    assert answer.json()["error"]["code"] == "jobs.limit_reached"
    assert "MUSTER_MAX_ACTIVE_SIMULATIONS=2" in answer.json()["error"]["message"]


def test_one_battle_over_the_limit_answers_429_and_others_are_not_held(
    owner_client, stranger_client, rosters, settings
):
    settings.MUSTER_MAX_ACTIVE_BATTLES = 1
    assert queue(owner_client, "/api/v1/battles/", rosters).status_code == 202
    answer = queue(owner_client, "/api/v1/battles/", rosters)
    assert answer.status_code == 429
    assert "MUSTER_MAX_ACTIVE_BATTLES=1" in answer.json()["error"]["message"]


def test_a_cancelled_simulation_frees_its_place_and_its_chunks_do_nothing(
    owner_client, rosters, settings
):
    settings.MUSTER_MAX_ACTIVE_SIMULATIONS = 1
    made = queue(owner_client, "/api/v1/simulations/", rosters, runs=50).json()
    cancelled = owner_client.post(f"/api/v1/simulations/{made['id']}/cancel/")
    assert cancelled.status_code == 200
    assert cancelled.json()["status"] == JobStatus.CANCELLED
    simulation_run_chunk(simulation_id=made["id"], index=0)
    assert not Simulation.objects.get(pk=made["id"]).chunks.exists()
    assert simulation_finish(simulation_id=made["id"]) is False
    assert owner_client.post(f"/api/v1/simulations/{made['id']}/cancel/").status_code == 409
    assert queue(owner_client, "/api/v1/simulations/", rosters, runs=50).status_code == 202


def test_another_users_simulation_cannot_be_cancelled(owner_client, stranger_client, rosters):
    made = queue(owner_client, "/api/v1/simulations/", rosters, runs=50).json()
    assert stranger_client.post(f"/api/v1/simulations/{made['id']}/cancel/").status_code == 404


def test_simulations_have_their_own_queue():
    routes = settings.CELERY_TASK_ROUTES
    assert routes["rules.simulation_chunk"]["queue"] == "simulations"
    assert routes["rules.simulation_run"]["queue"] == "simulations"
    assert routes["rules.battle_resolve"]["queue"] == "battles"
