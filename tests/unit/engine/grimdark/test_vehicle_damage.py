"""Vehicle damage that lasts: an immobilised vehicle never moves again, a destroyed weapon
never fires again (NOT IN SEED ≈: 4e pp.58-73, the damage tables; digest §36.6 "Weapon
destroyed", "Immobilised")."""

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.grimdark.damage import apply_vehicle_damage
from rules.engine.systems.grimdark.shooting import shooting_phase

from .conftest import ScriptedDice, unit_data
from .test_vehicle_weapons import BOLTER_HULL, LASCANNON, tank

SYSTEM = get_system("grimdark")


def test_a_destroyed_weapon_stays_silent_in_every_later_shooting_phase(make_battle):
    # the lascannon (the best gun) is lost in the enemy's turn 2; in the tank's turns 3 and 5
    # only the hull bolter fires
    battle = make_battle(
        [(tank(weapons=[LASCANNON, BOLTER_HULL]), (30, 10))],
        [(unit_data("foe"), (30, 30))],
        dice=ScriptedDice([], seed=5),
    )
    hull = battle.units[0]
    battle.ptc, battle.active = 2, "b"
    apply_vehicle_damage(battle, hull, "weapon_destroyed")
    for ptc in (3, 5):
        battle.ptc, battle.active = ptc, "a"
        shooting_phase(battle)
    fired = [e.text for e in battle.events.events if e.actor == hull.name and " fires " in e.text]
    assert len(fired) == 2
    assert all("Hull bolter" in t and "Lascannon" not in t for t in fired)
    assert hull.weapons_destroyed == 1


def test_an_immobilised_vehicle_stands_where_it_was_hit_for_the_rest_of_the_battle():
    # whole sample battles: every vehicle the log shows immobilised keeps its place at every
    # later turn end it survives (the replay positions), however many turns are left
    wardens = SYSTEM.build_army(sample_roster_data("grimdark", "iron-wardens-strike-force"))
    swarm = SYSTEM.build_army(sample_roster_data("grimdark", "chitin-host-swarm"))
    checked = 0
    for seed in range(24):
        report = SYSTEM.resolve_battle(wardens, swarm, "annihilation", seed)
        ids = {u.name: (u.side, u.id) for u in report.units}  # ids repeat across sides
        hit = {}
        for event in report.events:
            effects = event.text.partition(" — ")[2]
            if event.target in ids and "immobilised" in effects:
                hit.setdefault(event.target, event.turn)
        for name, turn in hit.items():
            places = {
                (p.x, p.y)
                for frame in report.positions[turn:]
                for p in frame
                if (p.side, p.id) == ids[name] and p.alive
            }
            assert len(places) <= 1, (seed, name, turn, places)
            checked += len(places)
    assert checked >= 5
