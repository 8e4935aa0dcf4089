"""Issue 22 §8: a roster the worker could not play (no units, too many models) is refused
by ``POST /battles/`` and ``/simulations/`` with a 400 naming it, before anything is queued."""

import pytest

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from rules.models import Battle, Simulation
from rules.selectors import MAX_BATTLE_MODELS

pytestmark = pytest.mark.django_db


@pytest.fixture
def rosters(owner, catalogues):
    return [
        roster_import(owner=owner, data=load_sample_roster("skirmish", name))
        for name in ("night-watch", "marsh-raiders")
    ]


def emptied(roster):
    roster.payload = {**roster.payload, "units": []}
    roster.save(update_fields=["payload"])
    return roster


def swollen(roster):
    units = [dict(unit) for unit in roster.payload["units"]]
    units[0]["size"] = MAX_BATTLE_MODELS + 1
    roster.payload = {**roster.payload, "units": units}
    roster.save(update_fields=["payload"])
    return roster


@pytest.mark.parametrize("path", ["/api/v1/battles/", "/api/v1/simulations/"])
@pytest.mark.parametrize(
    ("spoil", "code"), [(emptied, "roster.no_units"), (swollen, "roster.too_large")]
)
def test_an_unplayable_roster_is_refused_up_front(owner_client, rosters, path, spoil, code):
    spoil(rosters[1])
    answer = owner_client.post(
        path, {"rosters": [rosters[0].pk, rosters[1].pk], "runs": 2}, format="json"
    )
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["code"] == code
    assert "rosters[1]" in answer.json()["error"]["fields"]
    assert not Battle.objects.exists()
    assert not Simulation.objects.exists()
