"""Striking into a close combat (GURPS 4e Basic Set p.B548 melee attack modifiers, digest
§19.6) and the log a GM can follow: moves from and to, facing changes, Readies, each roll
against its target number (NOT IN SEED: GURPS 4e Basic Set rule)."""

import re
from dataclasses import replace

from rules.engine import hexgrid
from rules.engine.systems.hextactical import melee, turn
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS
from tests.unit.engine.hextactical.test_gurps_basic_set import sample_armies
from tests.unit.engine.hextactical.test_gurps_review_fixes import A, _near, _sword_and_axe


def _attack_skill(close_with, settings=DEFAULT_SETTINGS):
    battle, sword, axe = _sword_and_axe(_near(0), totals=[18])
    battle.settings = settings
    axe.close_with = close_with
    melee.melee_attack(battle, sword, axe, sword.weapon, "swing", "attack", "")
    return [e for e in battle.events.events if e.phase == "attack"][-1].data["skill"]


def test_striking_into_a_close_combat_is_at_minus_two():
    # B548: striking into a close combat −2 (the foe is in close combat with someone else)
    assert _attack_skill("someone-else") == _attack_skill("") - 2


def test_striking_into_a_close_combat_penalty_is_a_setting():
    off = replace(DEFAULT_SETTINGS, close_combat_strike_penalty=0)
    assert _attack_skill("someone-else", off) == _attack_skill("")


def test_the_log_shows_a_move_from_and_to_with_its_facing():
    battle, sword, _axe = _sword_and_axe(_near(0, 6))
    path = [_near(0, 1), _near(0, 2)]
    turn.execute(battle, sword, Plan("move", path=path, facing=0))
    move = [e for e in battle.events.events if e.phase == "move"][-1]
    assert move.data["start"] == list(hexgrid.axial_to_offset(A))
    assert move.data["end"] == list(hexgrid.axial_to_offset(path[-1]))
    assert move.data["mp"] == 2
    assert "→" in move.text


def test_the_log_shows_facing_changes_and_readies():
    battle, sword, _axe = _sword_and_axe(_near(0, 6))
    turn.execute(battle, sword, Plan("ready", option="pickup", facing=2))
    phases = [(e.phase, e.data) for e in battle.events.events]
    assert ("move", {"facing_from": 0, "facing": 2}) in phases
    assert any(phase == "ready" and data["option"] == "pickup" for phase, data in phases)


def test_every_roll_in_the_log_names_its_target_number():
    # attack and defence texts read "... = <target>, rolled <roll>: <outcome>", and the event
    # carries the roll's three dice (issue 21: the log shows a 3d6 roll as its dice)
    system, a, b = sample_armies()
    report = system.resolve_battle(a, b, "skirmish", 1, log=True)
    rolls = [e for e in report.events if e.phase in ("attack", "shoot", "defend") and e.dice]
    assert rolls
    for e in rolls:
        assert len(e.dice) % 3 == 0, e.dice
        assert all(1 <= d <= 6 for d in e.dice), e.dice
        assert f", rolled {sum(e.dice[:3])}: " in e.text
    fast = system.resolve_battle(a, b, "skirmish", 1, log=False)
    assert fast.winner == report.winner


def _terms(text):
    """The base and the signed modifiers of a GM log line, and its stated target."""
    sums, _, _ = text.partition(", rolled ")
    terms, _, target = sums.rpartition(" = ")
    numbers = re.findall(r"(?:^|\s)([+−]?\d+)(?=\s|$)", terms.split(": ", 1)[1])
    return [int(n.replace("−", "-")) for n in numbers], int(target.replace("−", "-"))


def test_a_roll_line_names_each_modifier_and_they_sum_to_the_target():
    # B343–344: effective skill = base skill + every modifier; the line shows each by name
    battle, sword, axe = _sword_and_axe(_near(0), totals=[9, 18])
    axe.close_with = "someone-else"
    sword.shock_now = 2
    melee.melee_attack(battle, sword, axe, sword.weapon, "swing", "attack", "")
    event = [e for e in battle.events.events if e.phase == "attack"][-1]
    assert f"{sword.weapon.name} {sword.weapon.skill} " in event.text
    assert "−2 shock" in event.text
    assert "−2 into close combat" in event.text
    numbers, target = _terms(event.text)
    assert sum(numbers) == target == event.data["skill"]
    assert event.text.endswith(f", rolled {event.dice[0]}: hit")


def test_every_roll_line_of_a_battle_sums_to_its_target():
    system, a, b = sample_armies()
    report = system.resolve_battle(a, b, "skirmish", 7, log=True)
    phases = ("attack", "shoot", "defend")
    lines = [e for e in report.events if e.phase in phases and e.dice and "feint" not in e.data]
    assert lines
    for event in lines:
        numbers, target = _terms(event.text)
        assert sum(numbers) == target, event.text
    defences = [e.text for e in lines if e.phase == "defend"]
    # B377: a retreat's bonus is named on its own
    assert any(" retreat = " in t and "retreats: Dodge " in t for t in defences)


def test_a_defence_line_names_the_shield_and_the_retreat():
    # B374-377: the shield's DB and a retreat's bonus are named on their own, summed to the value
    battle, sword, axe = _sword_and_axe(_near(0), totals=[9, 16])
    melee.melee_attack(battle, axe, sword, axe.weapon, "swing", "attack", "")
    event = next(e for e in battle.events.events if e.phase == "defend")
    assert f" +{sword.shield.db} shield DB " in event.text
    assert "+3 retreat = " in event.text
    numbers, target = _terms(event.text)
    assert sum(numbers) == target == event.data["value"]


def test_fleeing_is_a_named_setting_not_a_basic_set_rule():
    # engine policy (no Basic Set rule): below flee_hp_fraction of HP a failed Will roll
    # breaks him; a negative fraction turns fleeing off
    battle, _sword, axe = _sword_and_axe(_near(0, 3), totals=[18])
    axe.hp = 1
    turn.start_turn(battle, axe)
    assert axe.fleeing
    calm, _sword, steady = _sword_and_axe(_near(0, 3), totals=[18])
    calm.settings = replace(DEFAULT_SETTINGS, flee_hp_fraction=-1.0)
    steady.hp = 1
    turn.start_turn(calm, steady)
    assert not steady.fleeing


#: Rolls of the injury chain and morale, each with its target and outcome in the GM log
#: (issue 21 "every roll with its target number and modifiers"): GURPS 4e Basic Set p.B419
#: consciousness, p.B420 stun recovery and knockdown, p.B423 death checks, p.B385 Evade
#: (a Quick Contest, p.B348), the flee Will roll (setting flee_hp_fraction)
_ROLL_LINES = {
    "rolls to stay conscious": "HT ",
    " is stunned": "HT ",
    "death check": "death check HT ",
    "knockdown": "knockdown HT ",
    " flees": "Will ",
    " stands:": "Will ",
}


def test_gm_log_gives_target_and_outcome_of_every_injury_and_morale_roll():
    # GURPS 4e Basic Set pp.B419-423 (consciousness, stun, knockdown, death checks), p.B385
    # Evade, p.B379 damage: DR and the wounding multiplier (×2 cut to the neck, p.B399)
    import re

    from tests.unit.engine.hextactical.test_gurps_basic_set import sample_armies

    system, a, b = sample_armies()
    texts = [
        e.text
        for seed in (2, 4)
        for e in system.resolve_battle(a, b, "skirmish", seed, log=True).events
    ]
    target_and_roll = re.compile(r"= −?\d+, rolled \d+: \w")
    for key, base in _ROLL_LINES.items():
        lines = [t for t in texts if key in t]
        assert lines, key
        assert all(base in t and target_and_roll.search(t) for t in lines), (key, lines[:2])
    evades = [t for t in texts if "evade past" in t]
    assert evades
    assert all("Quick Contest, Evade" in t for t in evades)
    wounds = [t for t in texts if re.search(r"takes [1-9]\d* injury", t)]
    assert wounds
    assert all(re.search(r"through DR \d+.*, ×[\d.]+ \w+", t) for t in wounds)


def test_gm_log_gives_the_close_combat_ready_roll_and_the_critical_miss_table_roll():
    # Readying in close combat is a DX roll, −4 while grappled (seed 004 §15.14, GURPS 4e
    # Basic Set p.B370); a critical miss rolls 3d6 on its table, a "hit yourself" of an
    # impaling, piercing or ranged attack rolled again (p.B556)
    import re

    from tests.unit.engine.hextactical.test_gurps_basic_set import sample_armies

    system, a, b = sample_armies()
    texts = [
        e.text
        for mission in ("duel", "skirmish")
        for seed in range(1, 11)
        for e in system.resolve_battle(a, b, mission, seed, log=True).events
    ]
    readies = [t for t in texts if "readies in close combat" in t]
    assert readies
    assert all(re.search(r": DX \d+.* = −?\d+, rolled \d+: (succeeds|fails)$", t) for t in readies)
    misses = [t for t in texts if "critical miss:" in t]
    assert misses
    assert all(
        re.search(r"critical miss: table roll \d+(, rolled again \d+)?: \w+", t) for t in misses
    )
