"""A simulation chunk builds both armies once and plays every run from them (issue 25): its
outcomes are exactly those of the same seeds played one battle at a time, for every system,
and they are stored packed (``simulation_stats.pack_outcomes``)."""

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import SYSTEMS
from rules.models import SimulationChunk
from rules.services import (
    play_battle,
    simulation_chunk_outcomes,
    simulation_create,
    simulation_run_chunk,
)
from rules.simulation_stats import battle_outcome, unpack_outcomes

pytestmark = pytest.mark.django_db

PLAYABLE = [s.slug for s in SYSTEMS if s.catalogue.sample_matchup]


@pytest.mark.parametrize("slug", PLAYABLE)
def test_a_chunk_plays_each_seed_as_a_single_battle_would(slug):
    system = next(s for s in SYSTEMS if s.slug == slug)
    a, b = (sample_roster_data(slug, name) for name in system.catalogue.sample_matchup)
    simulation = simulation_create(
        requested_by=None, snapshot_a=a, snapshot_b=b, runs=6, seed=40, chunk_size=3, enqueue=False
    )
    alone = [
        battle_outcome(
            play_battle(
                system=slug,
                mission=simulation.mission,
                seed=seed,
                snapshot_a=a,
                snapshot_b=b,
                log=False,
                settings=simulation.settings,
            )
        )
        for seed in (43, 44, 45)
    ]
    assert simulation_chunk_outcomes(simulation, 1) == alone
    simulation_run_chunk(simulation_id=simulation.pk, index=1)
    stored = SimulationChunk.objects.get(simulation=simulation, index=1).outcomes
    assert stored["first_seed"] == 43
    assert unpack_outcomes(stored) == alone


def test_a_chunk_that_is_not_the_last_only_counts_the_stored_chunks():
    # every chunk's call read all stored chunks' outcomes to see whether it was the last:
    # with 400 chunks (10,000 runs) that is about 80,000 chunk rows read for one simulation
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from rules.services import simulation_finish

    system = next(s for s in SYSTEMS if s.slug == PLAYABLE[0])
    a, b = (sample_roster_data(system.slug, name) for name in system.catalogue.sample_matchup)
    simulation = simulation_create(
        requested_by=None, snapshot_a=a, snapshot_b=b, runs=3, seed=1, chunk_size=1, enqueue=False
    )
    simulation_run_chunk(simulation_id=simulation.pk, index=0)
    with CaptureQueriesContext(connection) as queries:
        assert simulation_finish(simulation_id=simulation.pk) is False
    assert not any('"outcomes"' in q["sql"] for q in queries.captured_queries)
    for index in (1, 2):
        simulation_run_chunk(simulation_id=simulation.pk, index=index)
    simulation.refresh_from_db()
    assert simulation.result["runs"] == 3
