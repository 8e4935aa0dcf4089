"""The battle log for the battle page (issue 24): a 2D6 test shows its two dice, and
attack lines name the save step ("N hits, M wounds, K saved, X slain")."""

import re

from rules.engine.systems.grimdark import assault
from rules.engine.systems.grimdark.morale import morale_check, pinning_test, regroup_test
from rules.engine.systems.grimdark.psychic import psychic_test
from rules.engine.systems.grimdark.shooting import shoot_unit

from .conftest import BOLTER, GAUNT, ScriptedDice, unit_data
from .test_battle import SWARM, SYSTEM, WARDENS
from .test_psychic import psyker
from .test_rule_defects import locked_pair

ATTACK_LINE = re.compile(r" — \d+ hits, (\d+) wounds, (\d+) saved, (\d+) slain$")


def last_dice(battle):
    return battle.events.events[-1].dice


def test_psychic_test_logs_both_dice(make_battle):
    # 4e p.52: the psychic test is 2D6 ≤ Ld; the log shows each die
    battle = make_battle([(psyker(), (10, 10))], [(unit_data("foe"), (60, 40))])
    battle.dice = ScriptedDice([4, 3])
    sage = battle.units[0]
    psychic_test(battle, sage, sage.models[0])
    assert last_dice(battle) == [4, 3]


def test_morale_regroup_and_pinning_tests_log_both_dice(make_battle):
    # 4e pp.47-49: morale and regroup tests, seed 000 [32] pinning: each a 2D6 Ld test
    battle = make_battle([(unit_data("squad"), (36, 10))], [(unit_data("foe"), (36, 40))])
    squad = battle.units[0]
    battle.dice = ScriptedDice([6, 5, 2, 3, 6, 6])
    assert not morale_check(battle, squad)
    assert last_dice(battle) == [6, 5]
    squad.falling_back = True
    assert regroup_test(battle, squad)
    assert last_dice(battle) == [2, 3]
    squad.falling_back = False
    pinning_test(battle, squad)
    assert last_dice(battle) == [6, 6]
    assert "pinned" in battle.events.events[-1].text


def test_shooting_line_names_the_saved_wounds(make_battle):
    # seed 000 [24]: wounds are saved one by one; the line counts the saves
    squad = unit_data("squad", size=5, weapons=[BOLTER])
    battle = make_battle([(squad, (10, 10))], [(unit_data("foe"), (10, 20))])
    # 10 shots within 12": all hit, all wound (4+), saves 3+: 6 and 3 saved, eight fail
    battle.dice = ScriptedDice([6] * 10 + [5] * 10 + [6, 3, 2] + [1] * 7)
    shoot_unit(battle, battle.units[0])
    line = next(e for e in battle.events.events if "fires" in e.text)
    assert line.text.endswith("— 10 hits, 10 wounds, 2 saved, 8 slain")
    assert line.data["saved"] == 2


def test_close_combat_line_names_the_saved_wounds(make_battle):
    # seed 000 [41]: close-combat wounds take armour saves as shooting does
    battle = make_battle(
        [(unit_data("bugs", profile=GAUNT, size=2), (10, 10))], [(unit_data("foe"), (10, 11))]
    )
    bugs, foe = locked_pair(battle)
    # I4 against I4: both units strike at once, with the seeded dice
    assault.fight(battle, [bugs, foe])
    lines = [e.text for e in battle.events.events if "strikes" in e.text]
    assert lines
    assert all(ATTACK_LINE.search(t) for t in lines)


def test_every_attack_line_of_a_battle_has_the_saved_step():
    report = SYSTEM.resolve_battle(WARDENS, SWARM, "annihilation", 3)
    attacks = [e for e in report.events if " hits, " in e.text and "slain" in e.text]
    assert attacks
    for event in attacks:
        if "No Retreat" in event.text:
            continue
        wounds, saved, slain = map(int, ATTACK_LINE.search(event.text).groups())
        assert saved <= wounds
        assert slain <= wounds - saved
    tests = [e for e in report.events if "test" in e.text or "regroup" in e.text]
    assert tests
    assert all(not e.dice or len(e.dice) == 2 for e in tests)
