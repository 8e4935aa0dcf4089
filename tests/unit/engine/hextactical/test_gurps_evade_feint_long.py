"""Evade past a foe, All-Out Attack (Feint) and (Long), with scripted dice (seed 004 §15)."""

import itertools
from dataclasses import replace

from armybuilder.rosterdata import sample_roster_data
from rules.engine import hexgrid
from rules.engine.systems import get_system
from rules.engine.systems.hextactical import manoeuvres, movement, turn
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.rolls import ContestResult, judge
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS

from .test_gurps_battle_rules import _battle

START = (5, 4)


def _line(n):
    """START and the next ``n`` hexes straight on in direction 0."""
    hexes = [START]
    for _ in range(n):
        hexes.append(hexgrid.neighbour(hexes[-1], 0))
    return hexes


def _evade_setup(totals=()):
    start, foe_hex, beyond = _line(2)
    battle, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"line-swordsman": (start, 0), "marsh-axeman": (foe_hex, 3)},
        totals,
    )
    return battle, c["line-swordsman"], c["marsh-axeman"], beyond


def test_evade_modifiers_by_posture_and_arc():
    # NOT IN SEED: GURPS 4e Basic Set "Evading" (not in seed 004: GURPS Basic Set, Evade and slam):
    # −5 standing, +2 side, +5 rear
    assert manoeuvres.evade_modifier("standing", "front") == -5
    assert manoeuvres.evade_modifier("kneeling", "side") == 0
    assert manoeuvres.evade_modifier("prone", "rear") == 10
    assert manoeuvres.evade_allowed("move")
    assert manoeuvres.evade_allowed("move_attack")
    assert not manoeuvres.evade_allowed("all_out_attack")


def test_evade_tree_passes_straight_through_the_foe_hex_only_when_asked():
    # seed 004 §15.6–15.7: pass through into the front hex beyond, paying for both hexes
    battle, mover, _, beyond = _evade_setup()
    through = movement.reachable(battle, mover, mover.move, evade=True)
    assert through[beyond][:2] == (2, START)
    around = movement.reachable(battle, mover, mover.move)
    assert beyond not in around or around[beyond][0] > 2


def test_evade_won_passes_through_the_foe():
    # seed 004 §15.6: win the Quick Contest (DX 12 −5 = 7, roll 5) against DX 11 (roll 15)
    battle, mover, foe, beyond = _evade_setup([5, 15])
    path = movement.path_to(movement.reachable(battle, mover, mover.move, evade=True), beyond)
    turn.execute(battle, mover, Plan("move", path=path))
    assert mover.pos == beyond
    assert not mover.close_with
    assert not foe.close_with
    event = next(e for e in battle.events.events if e.data.get("evade"))
    assert event.data["skill"] == 7
    assert event.data["won"]


def test_evade_lost_stops_in_the_hex_before():
    # seed 004 §15.4: lose (roll 15 against 7) and the foe stops the move
    battle, mover, _foe, beyond = _evade_setup([15, 5])
    path = movement.path_to(movement.reachable(battle, mover, mover.move, evade=True), beyond)
    turn.execute(battle, mover, Plan("move", path=path))
    assert mover.pos == START
    assert not mover.close_with


def test_evade_lost_can_stop_inside_in_close_combat_as_a_setting():
    # seed 004 "Entering an enemy's hex" / §19.17 (uncertain): the alternative reading stops inside
    # his hex
    battle, mover, foe, beyond = _evade_setup([15, 5])
    battle.settings = replace(DEFAULT_SETTINGS, evade_failure_stops_before=False)
    path = movement.path_to(movement.reachable(battle, mover, mover.move, evade=True), beyond)
    turn.execute(battle, mover, Plan("move", path=path))
    assert mover.pos == foe.pos
    assert mover.close_with == foe.id


def test_ai_evades_a_fighter_to_reach_the_archer_behind_him():
    # seed 004 §15.6: the archer behind a fighter is worth an Evade (engine choice)
    battle, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "marsh-axeman"), ("saltmarsh-reavers", "fen-archer")],
        {
            "line-swordsman": (START, 0),
            "marsh-axeman": (_line(3)[3], 1),
            "fen-archer": (_line(5)[5], 3),
        },
    )
    plan = battle.policies["a"].choose(battle, c["line-swordsman"])
    assert plan.kind == "move_attack"
    assert plan.target == "fen-archer"
    hops = [START, *plan.path]
    assert any(hexgrid.distance(a, b) == 2 for a, b in itertools.pairwise(hops))


def _feint_setup(totals):
    battle, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "reaver-chief")],
        {"line-swordsman": (START, 0), "reaver-chief": (_line(1)[1], 3)},
        totals,
    )
    return battle, c["line-swordsman"], c["reaver-chief"]


def _defence_values(battle):
    return [e.data["value"] for e in battle.events.events if e.phase == "defend"]


def test_feint_margin_comes_off_the_next_defence_only():
    # NOT IN SEED: GURPS 4e Basic Set "Feint" (not in seed 004: GURPS Basic Set, Maneuvers):
    # Broadsword 13 rolls 5 (margin
    # 8), the chief's Axe 15 rolls 16 (fails): −8 to his next defence against the swordsman
    battle, att, chief = _feint_setup([5, 16, 10, 16])
    turn.execute(battle, att, Plan("all_out_attack", target=chief.id, mode="swing", option="feint"))
    feinted = _defence_values(battle)[0]
    assert chief.feint_by == ""
    assert chief.feint_penalty == 0
    chief.parries, chief.retreats, chief.blocked = {}, 0, False
    battle.board.place(chief, _line(1)[1])  # undo his retreat
    battle.dice.totals = [10, 16]
    turn.execute(battle, att, Plan("attack", target=chief.id, mode="swing"))
    normal = _defence_values(battle)[1]
    assert normal - feinted == 8


def test_feint_lost_gives_no_penalty():
    # not in seed 004: GURPS Basic Set, Maneuvers: a failed feint changes nothing
    assert manoeuvres.feint_penalty(ContestResult(judge(15, 13), judge(10, 15))) == 0
    assert manoeuvres.feint_penalty(ContestResult(judge(8, 13), judge(12, 15))) == 2
    assert manoeuvres.feint_resistance([13, 11], 14, 10) == 14


def _long_setup(totals, distance):
    battle, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "mace-brute")],
        {"line-swordsman": (START, 0), "mace-brute": (_line(distance)[distance], 3)},
        totals,
    )
    # All-Out Attack (Long) is the Martial Arts option, played with its setting
    battle.settings = replace(DEFAULT_SETTINGS, martial_arts_long=True)
    return battle, c["line-swordsman"], c["mace-brute"]


def test_long_hits_at_reach_plus_one_with_less_swing_damage():
    # NOT IN SEED: All-Out Attack (Long) (not in seed 004: GURPS Basic Set, Maneuvers): Broadsword
    # reach 1 strikes at 2,
    # swing damage −2 (or −1 per die, the worse)
    battle, att, brute = _long_setup([8, 18], 2)
    turn.execute(battle, att, Plan("attack", target=brute.id, mode="swing"))
    assert not [e for e in battle.events.events if e.phase == "damage"]
    turn.execute(battle, att, Plan("all_out_attack", target=brute.id, mode="swing", option="long"))
    long_hit = battle.events.events[-1]
    near, natt, nbrute = _long_setup([8, 18], 1)
    turn.execute(near, natt, Plan("attack", target=nbrute.id, mode="swing"))
    normal = near.events.events[-1]
    swing = next(m for m in att.weapon.modes if m.mode == "swing").damage
    penalty = max(2, swing.dice)
    assert long_hit.phase == normal.phase == "damage"
    assert (
        long_hit.text.split("(")[1].split(")")[0]
        == f"{int(normal.text.split('(')[1].split()[0]) - penalty} basic"
    )


def test_long_does_not_reach_two_yards_beyond_or_past_a_standing_body():
    # All-Out Attack (Long): +1 yard only, and not through a standing person's hex
    battle, att, brute = _long_setup([8, 18], 3)
    turn.execute(battle, att, Plan("all_out_attack", target=brute.id, mode="swing", option="long"))
    assert "cannot reach" in battle.events.events[-1].text
    assert manoeuvres.long_reaches((0, 1)) == (1, 2)
    assert manoeuvres.long_blocked(["standing"])
    assert not manoeuvres.long_blocked(["prone"])
    thrust = next(m for m in att.weapon.modes if m.mode == "swing").damage
    assert manoeuvres.long_damage_penalty(thrust, "thrust") == 0


def test_ai_uses_long_when_the_enemy_is_one_yard_out_of_reach():
    # engine choice on not in seed 004: GURPS Basic Set, Maneuvers: a lone foe at reach + 1 after a
    # step
    battle, att, _brute = _long_setup([], 3)
    plan = battle.policies[att.side].choose(battle, att)
    assert plan.kind == "all_out_attack"
    assert plan.option == "long"


#: A seed of the sample skirmish with a won Evade and a Long attack; a rules change that
#: moves them picks the next such seed (scan seeds 0.. with log=True).
EVADE_AND_LONG_SEED = 18


def test_evade_feint_and_long_happen_in_whole_battles_and_replay_identically():
    # seed 004 §15.6 and not in seed 004: GURPS Basic Set, Maneuvers in play
    system = get_system("hextactical")
    a = system.build_army(sample_roster_data("hextactical", "thornwall-patrol"))
    b = system.build_army(sample_roster_data("hextactical", "saltmarsh-raid"))
    long = replace(DEFAULT_SETTINGS, martial_arts_long=True)
    report = system.resolve_battle(a, b, "skirmish", EVADE_AND_LONG_SEED, settings=long)
    assert any(e.data.get("evade") and e.data["won"] for e in report.events)
    assert any(e.data.get("option") == "long" for e in report.events)
    again = system.resolve_battle(a, b, "skirmish", EVADE_AND_LONG_SEED, settings=long)
    assert report.to_json() == again.to_json()


def _long_blow(battle, att, brute):
    turn.execute(
        battle,
        att,
        Plan(
            "all_out_attack",
            target=brute.id,
            weapon=0,
            mode="swing",
            facing=att.facing,
            option="long",
        ),
    )


def test_long_is_played_only_with_the_martial_arts_setting():
    # GURPS 4e Basic Set p.B365: Determined, Double, Feint, Strong; Long is Martial Arts. The
    # brute is stripped of DR so that a Long blow, if it were played, would wound him
    on, oatt, obrute = _long_setup([8, 18], 2)
    obrute.dr = 0
    _long_blow(on, oatt, obrute)
    assert obrute.hp < obrute.hp_max  # with the setting the blow lands and wounds
    far, fatt, _brute = _long_setup([], 3)  # where the AI plays Long with the setting
    far.settings = DEFAULT_SETTINGS
    assert far.policies[fatt.side].choose(far, fatt).option != "long"
    battle, att, brute = _long_setup([8, 18], 2)
    brute.dr = 0
    battle.settings = DEFAULT_SETTINGS
    plan = battle.policies[att.side].choose(battle, att)
    assert plan.option != "long"
    _long_blow(battle, att, brute)
    assert brute.hp == brute.hp_max
