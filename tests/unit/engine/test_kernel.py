"""The shared engine kernel: sides, the event log, the roll-off, settings (issue 14)."""

from __future__ import annotations

import pytest

from rules.engine.dice import Dice
from rules.engine.kernel.events import Event, EventLog
from rules.engine.kernel.policy import side_policies
from rules.engine.kernel.sides import Side, other
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError

SLUGS = ("grimdark", "skirmish", "massbattle", "hextactical")


def test_each_side_knows_the_other():
    assert Side.A.other is Side.B
    assert Side.B.other is Side.A
    assert other("a") == "b"
    assert other("b") == "a"
    assert Side.A == "a"


def test_the_log_keeps_events_only_when_enabled_but_the_hook_sees_them_all():
    seen: list[Event] = []
    fast = EventLog(False, seen.append)
    fast.record(1, "movement", "a", "x", "moves")
    assert fast.recording
    assert fast.events == []
    assert len(seen) == 1
    silent = EventLog(False)
    silent.record(1, "movement", "a", "x", "moves")
    assert not silent.recording
    assert silent.events == []
    kept = EventLog(True)
    kept.record(2, "shooting", "b", "y", "fires", dice=(3, 4))
    assert kept.events == [Event(2, "shooting", "b", "y", "fires", "", [3, 4], {})]


def test_roll_off_rerolls_ties_and_names_the_higher_side():
    for seed in range(50):
        result = Dice(seed).roll_off()
        a, b = result.rolls[-2:]
        assert a != b
        assert result.winner == ("a" if a > b else "b")
        assert all(x == y for x, y in zip(result.rolls[:-2:2], result.rolls[1:-2:2], strict=True))


def test_side_policies_fill_missing_sides_with_fresh_defaults():
    mine = object()
    policies = side_policies({"b": mine}, object)
    assert policies["b"] is mine
    assert policies["a"] is not mine


@pytest.mark.parametrize("slug", SLUGS)
def test_settings_round_trip_through_plain_data(slug):
    settings_type = get_system(slug).settings_type
    defaults = settings_type()
    assert settings_type.from_dict(defaults.to_dict()) == defaults
    assert settings_type.from_dict({}) == defaults


@pytest.mark.parametrize("slug", SLUGS)
def test_an_unknown_setting_is_refused_by_name(slug):
    with pytest.raises(EngineError) as info:
        get_system(slug).settings_type.from_dict({"no_such_rule": True})
    assert info.value.code == "settings.unknown"
    assert "no_such_rule" in info.value.message
    assert info.value.field == "no_such_rule"


def test_a_setting_of_the_wrong_type_or_choice_is_refused():
    settings_type = get_system("massbattle").settings_type
    assert settings_type.from_dict({"multi_charge_test": "separate"}).multi_charge_test == (
        "separate"
    )
    for bad in ({"multi_charge_test": "sometimes"}, {"kill_margin_inclusive": 1}):
        with pytest.raises(EngineError) as info:
            settings_type.from_dict(bad)
        assert info.value.code == "settings.invalid"


def test_nested_and_tuple_settings_decode():  # hextactical arcs and CP awards
    settings_type = get_system("hextactical").settings_type
    data = settings_type().to_dict()
    assert data["post_battle_cp"] == [1, 1, 1]
    data["arcs"]["include_boundary"] = False
    data["post_battle_cp"] = [2, 0, 1]
    settings = settings_type.from_dict(data)
    assert settings.arcs.include_boundary is False
    assert settings.post_battle_cp == (2, 0, 1)


def test_a_bad_nested_setting_is_named_by_its_dotted_path():
    with pytest.raises(EngineError) as info:
        get_system("hextactical").settings_type.from_dict({"arcs": {"include_boundary": 1}})
    assert (info.value.code, info.value.field) == ("settings.invalid", "arcs.include_boundary")


@pytest.mark.parametrize("slug", SLUGS)
def test_every_setting_is_described_with_its_default_and_reason(slug):
    settings_type = get_system(slug).settings_type
    described = settings_type.describe()
    assert [d["name"] for d in described] == list(settings_type().to_dict())
    assert {d["name"]: d["default"] for d in described} == settings_type().to_dict()
    for entry in described:
        assert len(entry["reason"]) > 20, entry["name"]  # a bullet of the class docstring
        assert entry["choices"] is None or entry["default"] in entry["choices"]


def test_a_described_setting_carries_its_type_and_choices():
    described = {d["name"]: d for d in get_system("skirmish").settings_type.describe()}
    assert described["leftover_attacks"]["type"] == "string"
    assert described["leftover_attacks"]["choices"] == ["rolled", "lost"]
    assert described["henchman_dead_max"]["type"] == "integer"
    assert described["henchman_dead_max"]["choices"] is None


@pytest.mark.parametrize("slug", SLUGS)
def test_settings_passed_per_battle_default_to_the_systems_own(slug):
    from armybuilder.rosterdata import sample_roster_data
    from tests.unit.engine.test_report_hashes import SAMPLES

    system = get_system(slug)
    a, b = (system.build_army(sample_roster_data(slug, n)) for n in SAMPLES[slug])
    plain = system.resolve_battle(a, b, system.default_mission, 3, log=False)
    given = system.resolve_battle(
        a, b, system.default_mission, 3, log=False, settings=system.settings_type()
    )
    assert plain.report_hash() == given.report_hash()
    assert plain.engine_version == system.engine_version
