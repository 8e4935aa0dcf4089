"""``manage.py resolve_battle`` and ``manage.py simulate`` on the shipped sample rosters."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from rules.models import Battle, Simulation

pytestmark = pytest.mark.django_db

WATCH = "sample:skirmish/night-watch"
RAIDERS = "sample:skirmish/marsh-raiders"


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_resolve_battle_prints_the_summary_and_stores_the_battle():
    output = run("resolve_battle", WATCH, RAIDERS, "--seed", "12", "--mission", "skirmish")
    battle = Battle.objects.get()
    assert battle.status == "resolved"
    assert "Seed 12" in output
    assert "Winner:" in output
    assert f"Report hash {battle.report_hash}" in output


def test_resolve_battle_with_the_same_seed_gives_the_same_hash():
    first = run("resolve_battle", WATCH, RAIDERS, "--seed", "4").splitlines()[-1]
    second = run("resolve_battle", WATCH, RAIDERS, "--seed", "4").splitlines()[-1]
    assert first == second


def test_simulate_prints_odds_with_intervals():
    output = run("simulate", WATCH, RAIDERS, "--runs", "20", "--seed", "1")
    assert Simulation.objects.get().result["runs"] == 20
    assert "win:" in output
    assert "95% CI" in output


@pytest.mark.parametrize(
    ("reference", "message"),
    [("sample:skirmish/nobody", "No sample"), ("abc", "neither"), ("999999", "No roster")],
)
def test_bad_roster_references_are_command_errors(reference, message):
    with pytest.raises(CommandError) as error:
        run("resolve_battle", reference, RAIDERS)
    assert str(error.value).startswith("rosters:")
    assert message in str(error.value)


def test_unknown_mission_is_a_command_error():
    with pytest.raises(CommandError, match="mission"):
        run("resolve_battle", WATCH, RAIDERS, "--mission", "moon")
