"""Odds and battle pages: the attack calculator, a simulation's results, a battle report."""

import pytest
from django.urls import reverse

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from rules.models import Battle, Simulation

pytestmark = pytest.mark.django_db


def test_attack_calculator_shows_expected_values_and_distribution_charts(
    shooting_attack_response,
):
    response = shooting_attack_response
    page = response.content.decode()
    assert response.status_code == 200
    # seed 000 [22]: BS4 hits on 3+, so 10 shots give 6.67 hits on average
    assert "6.67" in page
    assert page.count('class="chart distribution"') == 4


# One filled-in request per system, in the form's field names (dotted names use "__").
CALCULATOR_POSTS = {
    "skirmish": {
        "mode": "close_combat",
        "attacker__WS": 4,
        "attacker__S": 3,
        "attacker__A": 1,
        "attacker__weapons": ["sword"],
        "target__WS": 3,
        "target__S": 3,
        "target__T": 3,
        "target__W": 1,
        "target__state": "standing",
        "first_round": "on",
        "parry": "on",
    },
    "massbattle": {
        "kind": "melee",
        "attacks": 10,
        "to_hit": 4,
        "defence": 4,
        "facing": "flank",
        "modifiers": 0,
        "target_type": "infantry",
        "piercing": 0,
        "crushing_strength": 1,
        "nerve_mode": "total",
        "target__damage": 3,
        "target__nerve": 14,
        "target__banner": "on",
    },
    "hextactical": {
        "skill": 12,
        "modifiers": 0,
        "defence": 10,
        "damage": "2d+1",
        "damage_type": "cut",
        "st": 10,
        "dr": 2,
        "armour_divisor": 1,
        "critical_hits": "on",
    },
}


@pytest.mark.parametrize("system", sorted(CALCULATOR_POSTS))
def test_every_systems_calculator_is_offered_and_answers(player_client, system):
    page = player_client.get(reverse("odds"), {"system": system}).content.decode()
    assert f'value="{system}"' in page
    response = player_client.post(
        reverse("attack-calculate"), {"system": system, **CALCULATOR_POSTS[system]}
    )
    answer = response.content.decode()
    assert response.status_code == 200
    assert 'id="attack-result"' in answer
    assert 'role="alert"' not in answer, answer
    assert "How the target ends" in answer


def test_a_calculator_refusing_a_combination_says_why(player_client):
    """Close combat needs the attacker's WS: the engine's message is shown."""
    body = {"system": "skirmish", **CALCULATOR_POSTS["skirmish"], "attacker__WS": ""}
    answer = player_client.post(reverse("attack-calculate"), body).content.decode()
    assert 'role="alert">&#x27;attacker.WS&#x27; is required.' in answer


@pytest.fixture
def two_rosters(player, catalogues):
    return (
        roster_import(
            owner=player, data=load_sample_roster("grimdark", "iron-wardens-strike-force")
        ),
        roster_import(owner=player, data=load_sample_roster("grimdark", "chitin-host-swarm")),
    )


def test_a_simulation_shows_odds_and_the_margin_histogram(
    player_client, two_rosters, django_capture_on_commit_callbacks
):
    a, b = two_rosters
    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(
            reverse("simulation-new"),
            {"roster_a": a.pk, "roster_b": b.pk, "mission": "", "runs": 4, "seed": 3},
        )
    simulation = Simulation.objects.get()
    assert response["Location"] == reverse("simulation-detail", args=[simulation.pk])
    page = player_client.get(response["Location"]).content.decode()
    assert 'id="odds-table"' in page
    assert 'class="chart histogram"' in page


def test_a_battle_report_page_has_map_casualties_and_filtered_events(
    player_client, two_rosters, django_capture_on_commit_callbacks
):
    a, b = two_rosters
    with django_capture_on_commit_callbacks(execute=True):
        player_client.post(
            reverse("battle-new"),
            {"roster_a": a.pk, "roster_b": b.pk, "mission": "recon", "seed": 5},
        )
    battle = Battle.objects.get()
    page = player_client.get(reverse("battle-detail", args=[battle.pk])).content.decode()
    assert 'class="chart battle-map grid-inches"' in page
    assert 'aria-label="Models lost per turn"' in page
    events = player_client.get(
        reverse("battle-events", args=[battle.pk]), {"event_turn": "2", "phase": "movement"}
    ).content.decode()
    assert 'data-turn="1"' not in events
    assert 'data-phase="shooting"' not in events
    assert 'data-phase="movement"' in events
    later = player_client.get(reverse("battle-map", args=[battle.pk]), {"turn": 99})
    last = len(battle.report["positions"]) - 1
    assert f'data-turn="{last}"' in later.content.decode()


def test_another_players_battle_is_not_found(client, db):
    from django.contrib.auth import get_user_model

    battle = Battle.objects.create(
        system="grimdark", mission="recon", seed=1, snapshot_a={}, snapshot_b={}, requested_by=None
    )
    other = get_user_model().objects.create_user(username="eve", password="x-12345678")
    client.force_login(other)
    assert client.get(reverse("battle-detail", args=[battle.pk])).status_code == 404
