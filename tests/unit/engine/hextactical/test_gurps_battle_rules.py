"""Hex-map rules applied inside a battle, with scripted dice (seed 004)."""

from pathlib import Path

import yaml

from rules.engine.dice import Dice
from rules.engine.kernel.events import EventLog
from rules.engine.kernel.policy import side_policies
from rules.engine.systems.hextactical import active_defence, melee, movement, ranged, turn
from rules.engine.systems.hextactical.ai import Policy
from rules.engine.systems.hextactical.battle import Battle
from rules.engine.systems.hextactical.combatant import build_combatant
from rules.engine.systems.hextactical.defence import defence_choices
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.scenario import Layout
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS
from rules.engine.systems.hextactical.tactics import DefenceAllowance

CATALOGUES = Path(__file__).resolve().parents[4] / "armybuilder" / "catalogues" / "hextactical"


def _unit(faction, slug):
    data = yaml.safe_load((CATALOGUES / f"{faction}.yaml").read_text(encoding="utf-8"))
    unit = next(u for u in data["units"] if u["slug"] == slug)
    return {**unit, "id": slug}


class ScriptedDice(Dice):
    """3d6 totals come from a script (then 10s); single dice roll 3."""

    def __init__(self, totals):
        super().__init__(0)
        self.totals = list(totals)

    def three_d6(self):
        return self.totals.pop(0) if self.totals else 10

    def d6s(self, count):
        return [3] * count


def _battle(a_units, b_units, positions, totals=()):
    sides = {
        "a": [build_combatant(_unit(f, s), "a") for f, s in a_units],
        "b": [build_combatant(_unit(f, s), "b") for f, s in b_units],
    }
    layout = Layout(20, 12)
    for side in ("a", "b"):
        layout.deploy[side] = [positions[c.id] for c in sides[side]]
    policies = side_policies(None, Policy)
    battle = Battle(sides, layout, ScriptedDice(totals), DEFAULT_SETTINGS, policies, EventLog(True))
    battle.deploy()
    return battle, {c.id: c for c in battle.all}


def _melee_defences(c, can_retreat):
    """The active defences ``c`` may choose against a melee attack (no allowance used,
    not in close combat)."""
    return defence_choices(
        c,
        DefenceAllowance(0, 0, 0),
        ranged=False,
        thrown=False,
        can_retreat=can_retreat,
        in_close_combat=False,
    )


def test_all_out_attack_leaves_no_defence():
    # NOT IN SEED: GURPS 4e Basic Set rule — All-Out Attack: no active defence
    _, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"line-swordsman": ((2, 2), 0), "marsh-axeman": ((3, 2), 3)},
    )
    axeman = c["marsh-axeman"]
    axeman.no_defence = True
    assert _melee_defences(axeman, can_retreat=True) == []


def test_move_and_attack_caps_skill_at_nine():
    battle, c = _battle(
        [("thornwall-company", "company-sergeant")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"company-sergeant": ((2, 2), 0), "marsh-axeman": ((3, 2), 3)},
    )
    sergeant = c["company-sergeant"]
    skill, wild = melee.attack_skill_melee(
        battle, sergeant, c["marsh-axeman"], sergeant.weapon, "move_attack", ""
    )
    assert (skill, wild) == (9, False)
    plain, _ = melee.attack_skill_melee(
        battle, sergeant, c["marsh-axeman"], sergeant.weapon, "attack", ""
    )
    assert plain == sergeant.weapon.skill


def test_attack_into_side_hex_is_a_wild_swing_capped_at_nine():
    # seed 004 "Wild swings": side hex → −5, skill at most 9
    battle, c = _battle(
        [("thornwall-company", "company-sergeant")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"company-sergeant": ((2, 2), 0), "marsh-axeman": ((2, 1), 3)},
    )
    sergeant = c["company-sergeant"]
    skill, wild = melee.attack_skill_melee(
        battle, sergeant, c["marsh-axeman"], sergeant.weapon, "attack", ""
    )
    assert wild
    assert skill == 9


def test_rear_attack_gets_no_defence_roll():
    # seed 004 "Defending against attacks from behind": no defence at all
    battle, c = _battle(
        [("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"line-swordsman": ((2, 2), 0), "marsh-axeman": ((3, 2), 0)},
    )
    assert (
        active_defence.defend(
            battle, c["marsh-axeman"], c["line-swordsman"], ranged=False, thrown=False
        )
        is False
    )
    assert not [e for e in battle.events.events if e.phase == "defend"]


def test_long_reach_attacks_then_steps_out_of_shorter_reach():
    # seed 004 "Long-weapon tactics": spear at 2 hexes, step back to 3
    battle, c = _battle(
        [("thornwall-company", "hedge-spear")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"hedge-spear": ((2, 2), 0), "marsh-axeman": ((4, 2), 3)},
    )
    plan = Policy().choose(battle, c["hedge-spear"])
    assert plan.kind == "attack"
    assert plan.step_before is None
    assert plan.reach == 2
    assert plan.step_after is not None
    from rules.engine import hexgrid

    assert hexgrid.distance(plan.step_after, (4, 2)) == 3


def test_reach_two_weapon_at_reach_one_must_step_or_ready():
    # seed 004 "Reach": a halberd set for 3 needs a Ready to strike at 1 or 2
    battle, c = _battle(
        [("thornwall-company", "halberdier")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"halberdier": ((2, 2), 0), "marsh-axeman": ((4, 2), 3)},
    )
    halberdier = c["halberdier"]
    assert halberdier.reach_setting == 3
    plan = Policy().choose(battle, halberdier)
    stepped_to_three = plan.kind == "attack" and plan.reach == 3 and plan.step_before is not None
    readied_for_two = plan.kind == "ready" and plan.option == "reach" and plan.reach == 2
    assert stepped_to_three or readied_for_two
    turn.execute(battle, halberdier, Plan("ready", option="reach", reach=2))
    assert halberdier.reach_setting == 2


def test_opportunity_fire_shoots_first_enemy_entering_a_watched_hex():
    # seed 004 "Opportunity fire": the attack happens at once, penalty by hexes watched
    battle, c = _battle(
        [("thornwall-company", "crossbowman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"crossbowman": ((2, 4), 0), "marsh-axeman": ((9, 4), 3)},
    )
    shooter = c["crossbowman"]
    turn.execute(battle, shooter, Plan("wait", watch=((6, 4), (7, 4)), facing=0))
    movement.move_along(battle, c["marsh-axeman"], [(8, 4), (7, 4), (6, 4)], 3, 5)
    waits = [e for e in battle.events.events if e.phase == "wait"]
    assert len(waits) == 1
    assert waits[0].data["penalty"] == -1
    assert not shooter.wait_hexes


def test_missed_shot_hits_the_person_in_the_way_on_nine_or_less():
    # seed 004 "Hitting the wrong target": roll vs 9, nearest first
    battle, c = _battle(
        [("thornwall-company", "crossbowman"), ("thornwall-company", "line-swordsman")],
        [("saltmarsh-reavers", "marsh-axeman")],
        {"crossbowman": ((2, 4), 0), "line-swordsman": ((4, 4), 0), "marsh-axeman": ((7, 4), 3)},
    )
    # shot misses (16), stray roll 6 hits, the swordsman's defence fails (18)
    battle.dice.totals = [16, 6, 18]
    ranged.ranged_attack(battle, c["crossbowman"], c["marsh-axeman"], c["crossbowman"].weapon)
    shot = next(e for e in battle.events.events if e.phase == "shoot")
    stray = [e for e in battle.events.events if e.phase == "stray"]
    assert stray[0].target == "line-swordsman"
    assert stray[0].data["number"] == min(9, shot.data["skill"])
    assert shot.data["in_the_way"] == [["line-swordsman"]]
    assert c["line-swordsman"].hp_lost > 0


def test_dodged_missile_flies_on_to_someone_beyond():
    # seed 004 "Overshooting": after a dodge, check people beyond the target
    battle, c = _battle(
        [("thornwall-company", "crossbowman")],
        [("saltmarsh-reavers", "marsh-axeman"), ("saltmarsh-reavers", "reed-spear")],
        {"crossbowman": ((2, 4), 0), "marsh-axeman": ((5, 4), 3), "reed-spear": ((7, 4), 3)},
    )
    c["marsh-axeman"].blocked = True  # his one block this turn is spent: he dodges
    battle.dice.totals = [8, 5, 9, 18]  # hit, dodge succeeds, stray hits, its defence fails
    ranged.ranged_attack(battle, c["crossbowman"], c["marsh-axeman"], c["crossbowman"].weapon)
    stray = [e for e in battle.events.events if e.phase == "stray"]
    assert stray
    assert stray[0].target == "reed-spear"


def test_knife_fighter_enters_enemy_hex_and_long_weapon_steps_out():
    # seed 004 "Entering an enemy's hex" and "Leaving an enemy's hex"
    battle, c = _battle(
        [("thornwall-company", "hedge-spear")],
        [("saltmarsh-reavers", "tide-cutthroat")],
        {"hedge-spear": ((5, 4), 0), "tide-cutthroat": ((8, 4), 3)},
    )
    spear, knife = c["hedge-spear"], c["tide-cutthroat"]
    plan = Policy().choose(battle, knife)
    assert plan.kind == "move"
    assert plan.path[-1] == spear.pos
    turn.execute(battle, knife, plan)
    assert knife.pos == spear.pos
    assert knife.close_with == spear.id
    assert spear.close_with == knife.id
    spear.reach_setting = 1
    out = Policy().choose(battle, spear)
    assert out.kind == "attack"
    assert out.step_before is not None
    assert c["hedge-spear"].weapon.reaches == (1, 2)


def test_ready_in_close_combat_needs_a_dx_roll():
    # seed 004 "Ready in close combat": failed DX roll wastes the Ready
    battle, c = _battle(
        [("thornwall-company", "halberdier")],
        [("saltmarsh-reavers", "tide-cutthroat")],
        {"halberdier": ((5, 4), 0), "tide-cutthroat": ((6, 4), 3)},
    )
    halberdier = c["halberdier"]
    halberdier.close_with = "tide-cutthroat"
    battle.dice.totals = [18]
    turn.execute(battle, halberdier, Plan("ready", option="switch", weapon=1))
    assert halberdier.weapon_index == 0
    battle.dice.totals = [5]
    turn.execute(battle, halberdier, Plan("ready", option="switch", weapon=1))
    assert halberdier.weapon.name == "Shortsword"
