"""Blast and template geometry: a template hits every unit under it, of either side (issue 18;
seed 000 [29]-[31]; digest §20 ordnance steps 1-4, §21 barrage step 5 "The template may land
off the table or on the firer's own troops", §21 Template "It may not cover any friendly
model", §33 templates may not touch locked models)."""

from rules.engine.dice import ScatterResult
from rules.engine.geometry import Point
from rules.engine.systems.grimdark import shooting, templates
from rules.engine.systems.grimdark.volleys import Volley
from rules.engine.systems.grimdark.weapons import parse_weapon

from .conftest import GAUNT, ScriptedDice, unit_data
from .test_vehicle_weapons import CANNON as SIEGE_CANNON

CANNON = parse_weapon(SIEGE_CANNON)
FLAMER = parse_weapon(
    {"name": "Flamer", "range": 8, "S": 4, "AP": 5, "type": "assault", "special": ["template"]}
)


class ScatterDice(ScriptedDice):
    """Scripted D6s and scripted scatter-die results (arrow or HIT, direction)."""

    def __init__(self, script, scatters):
        super().__init__(script)
        self.scatters = list(scatters)

    def d6(self) -> int:
        return self._next()

    def scatter(self) -> ScatterResult:
        return self.scatters.pop(0)


def gaunts(uid, size=10):
    return unit_data(uid, size=size, profile=GAUNT)


def assert_not_fired(battle, out, units, logged):
    """Nothing was hit, every unit is whole, and the log says why."""
    assert out.hits == 0
    assert all(u.count == len(u.models) for u in units)
    assert any(logged in e.text for e in battle.events.events)


def fire(battle, firer, weapon, target):
    volley = Volley(weapon, 4, 1, 1, [firer.models[0]])
    return shooting.fire_volley(battle, firer, volley, target, None)


def test_scattered_ordnance_hits_the_second_enemy_unit_it_lands_on(make_battle):
    # arrow at 0° (toward +x), D6 = 6: the shell lands 6" east of the target, on another unit
    dice = ScatterDice([6] * 40, [ScatterResult(hit=False, direction_degrees=0.0)])
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5))],
        [(gaunts("target"), (30, 35)), (gaunts("other"), (36, 35))],
        dice=dice,
    )
    me, target, other = battle.units
    out = fire(battle, me, CANNON, target)
    assert other.count < 10  # the unit actually under the template lost models
    assert target.count + out.slain == 10
    assert any('scatters 6" onto' in e.text and "other" in e.text for e in battle.events.events)


def test_scattered_ordnance_can_land_on_the_firers_own_troops(make_battle):
    # arrow at 270° (toward −y, back at the firer's lines), 6": own squad 6" short of the target
    dice = ScatterDice([6] * 40, [ScatterResult(hit=False, direction_degrees=270.0)])
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5)), (gaunts("friends"), (30, 29))],
        [(gaunts("target"), (30, 35))],
        dice=dice,
    )
    # the friends stand clear of the placed template (it may cover no friendly unit)
    me, friends, target = battle.units
    assert templates.forbidden_under(battle, me, target.position, 2.5) is None or (
        friends.position.distance(target.position) > 2.5 + friends.radius
    )
    battle.policies["a"].fears_scatter = lambda *args: False  # a reckless gunner
    fire(battle, me, CANNON, target)
    assert friends.count < 10
    assert me.kills == 0  # own losses are never the firer's kills
    assert any("onto own friends" in e.text for e in battle.events.events)


def test_ordnance_that_scatters_off_the_table_hits_nothing(make_battle):
    dice = ScatterDice([6] * 40, [ScatterResult(hit=False, direction_degrees=90.0)])
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5))], [(gaunts("target", 1), (30, 45))], dice=dice
    )
    me, target = battle.units
    out = fire(battle, me, CANNON, target)
    assert out.hits == 0
    assert target.count == 1
    assert any("off the table and hits nothing" in e.text for e in battle.events.events)


def test_a_blast_is_not_placed_over_a_friendly_unit(make_battle):
    # digest §20 step 1: the template covers no friendly unit; both placements do here
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5)), (gaunts("friends"), (30, 36))],
        [(gaunts("target"), (30, 35))],
    )
    me, friends, target = battle.units
    assert templates.aim_point(battle, me, target, 2.5) is None
    assert_not_fired(battle, fire(battle, me, CANNON, target), [friends, target], "holds its")


def test_a_flamer_template_also_burns_the_enemy_unit_behind_the_target(make_battle):
    battle = make_battle(
        [(unit_data("me", size=1), (30, 10))],
        [(gaunts("target", 3), (30, 13)), (gaunts("behind", 3), (30, 16.5))],
        dice=ScriptedDice([6] * 40),
    )
    me, target, behind = battle.units
    aim = templates.teardrop_aim(battle, me, target)
    assert [u.id for u, _ in aim.others] == [behind.id]
    fire(battle, me, FLAMER, target)
    assert behind.count < 3
    assert me.kills >= 3 - behind.count
    assert any("template also covers behind" in e.text for e in battle.events.events)


def test_a_flamer_template_may_not_cover_a_friendly_unit(make_battle):
    # a friend standing just in front of the firer, across every line to the target: no
    # direction touches the target without covering it, so the flamer is not fired
    battle = make_battle(
        [(unit_data("me", size=1), (30, 10)), (gaunts("friends", 5), (30, 12.6))],
        [(gaunts("target", 3), (30, 16.5))],
        dice=ScriptedDice([6] * 40),
    )
    me, friends, target = battle.units
    assert templates.teardrop_aim(battle, me, target) is None
    out = fire(battle, me, FLAMER, target)
    assert_not_fired(battle, out, [friends, target], "without covering friends")


def test_a_flamer_is_swung_aside_to_miss_a_friend_behind_the_target(make_battle):
    # digest §21 "point it anywhere. It may not cover any friendly model": with friends in
    # line behind the target, the straight line would cover them; the firer swings the
    # template off that line and still burns the target
    battle = make_battle(
        [(unit_data("me", size=1), (30, 10)), (gaunts("friends", 3), (30, 16.5))],
        [(gaunts("target", 3), (30, 13))],
        dice=ScriptedDice([6] * 40),
    )
    me, friends, target = battle.units
    start, centre = templates.teardrop_start(me, target)
    assert templates.teardrop_models(friends, start, centre) > 0
    aim = templates.teardrop_aim(battle, me, target)
    assert aim is not None
    assert aim.angle != centre
    assert templates.teardrop_models(friends, aim.start, aim.angle) == 0
    fire(battle, me, FLAMER, target)
    assert target.count < 3
    assert friends.count == 3


def test_a_flamer_is_pointed_where_it_touches_the_most_enemy_models(make_battle):
    # two broods side by side 5" out: straight at the target's centre the teardrop touches
    # only the target; swung toward the second brood it touches models of both
    battle = make_battle(
        [(unit_data("me", size=1), (30, 10))],
        [(gaunts("target", 5), (30, 16)), (gaunts("beside", 5), (34.5, 16))],
    )
    me, target, beside = battle.units
    start, centre = templates.teardrop_start(me, target)
    straight = templates.teardrop_models(target, start, centre) + templates.teardrop_models(
        beside, start, centre
    )
    aim = templates.teardrop_aim(battle, me, target)
    assert aim.touched >= 1
    assert aim.touched + sum(n for _, n in aim.others) > straight


def test_units_under_skips_far_units_with_a_cheap_gap_test(make_battle):
    battle = make_battle([(unit_data("me", size=1), (5, 5))], [(gaunts("far"), (60, 40))])
    assert templates.units_under(battle, Point(5, 5), 2.5) == [battle.units[0]]


def test_a_scatter_onto_a_combat_hits_locked_models_unless_the_setting_is_off(make_battle):
    # digest §33 (templates may not be placed touching locked models) read as a placing rule,
    # §21 barrage step 5 (a scattered template lands where the dice carry it): the shell that
    # scatters 6" east onto a locked unit hits it; scatter_hits_locked=False spares it
    from dataclasses import replace

    for setting, hit in ((True, True), (False, False)):
        dice = ScatterDice([6] * 40, [ScatterResult(hit=False, direction_degrees=0.0)])
        battle = make_battle(
            [(unit_data("me", size=1), (30, 5))],
            [(gaunts("target"), (30, 35)), (gaunts("brawl"), (36, 35))],
            dice=dice,
        )
        battle.settings = replace(battle.settings, scatter_hits_locked=setting)
        me, target, brawl = battle.units
        brawl.locked = True
        fire(battle, me, CANNON, target)
        assert (brawl.count < 10) is hit, setting


FRAG_DATA = {
    "name": "Frag missile",
    "range": 48,
    "S": 4,
    "AP": 6,
    "type": "heavy",
    "special": ["blast"],
}
FRAG = parse_weapon(FRAG_DATA)


def bikes_beside_a_friend(make_battle):
    """10 bikes (a sparse footprint) with a lone friendly model 1.2" from their centre."""
    bikes = unit_data("bikes", unit_type="bike", size=10, profile=GAUNT)
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5)), (unit_data("pal", size=1), (30, 36.2))],
        [(bikes, (30, 35))],
        dice=ScriptedDice([1] * 40),
    )
    return battle, *battle.units


def test_a_blast_placed_over_the_far_model_still_hits_that_model(make_battle):  # [30]
    # the friend blocks the centre, so the hole goes over the bikes' far model (aim_point);
    # that model is wholly under the template: one hit even when every 4+ roll fails
    battle, me, pal, bikes = bikes_beside_a_friend(make_battle)
    aim = templates.aim_point(battle, me, bikes, templates.BLAST_RADIUS)
    assert aim is not None
    assert aim.distance(bikes.position) > 0.0
    attack = shooting.base_attack(me.models, FRAG, 0, None, 20.0)
    out = templates.blast_shell(battle, me, FRAG, attack, (aim, 0.0), bikes, None)
    assert out.hits == 1
    assert pal.count == 1


def test_a_scattered_shell_grazing_a_unit_gets_no_free_hit(make_battle):  # [30]
    # the floor is for the model the hole was placed over, not for a shell that drifted
    battle, _me, _pal, bikes = bikes_beside_a_friend(make_battle)
    edge = bikes.position.offset(90, bikes.radius + templates.BLAST_RADIUS - 0.2)
    assert templates.models_under_template(battle, bikes, edge, templates.BLAST_RADIUS) == 0
    far = bikes.position.offset(90, bikes.radius + templates.BLAST_RADIUS + 0.6)
    assert templates.models_under_template(battle, bikes, far, templates.BLAST_RADIUS) == 0


def test_a_shell_half_over_a_horde_hits_the_share_it_covers(make_battle):  # [30]
    # 30 gaunts (2.5 sq in each): a large blast centred on the footprint's rim covers
    # about half its area; the wholly covered models are hit, the partly covered on 4+
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5))],
        [(gaunts("horde", 30), (30, 35))],
        dice=ScriptedDice([6] * 40),
    )
    horde = battle.units[1]
    rim = horde.position.offset(0, horde.radius)
    whole = templates.models_under_template(battle, horde, rim, 2.5)
    battle.dice = ScriptedDice([1] * 40)
    assert 0 < templates.models_under_template(battle, horde, rim, 2.5) < whole
    assert whole <= 30


def test_a_blast_held_for_a_locked_unit_names_it(make_battle):  # §33
    # the only placement over the lone target touches an enemy unit locked in close
    # combat (two of its bases 2.65" from the hole, under the 5" template): the shot is
    # not fired, and the log names that unit rather than "friends"
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5))],
        [(gaunts("target", 1), (30, 35)), (gaunts("brawl", 3), (30, 38.0))],
    )
    me, target, brawl = battle.units
    brawl.locked = True
    assert templates.aim_point(battle, me, target, 2.5) is None
    out = fire(battle, me, CANNON, target)
    assert_not_fired(battle, out, [target, brawl], "would touch brawl, locked in combat")
    assert not any("friends too close" in e.text for e in battle.events.events)


def test_a_held_heavy_blast_is_not_logged_as_fired_and_does_not_bar_a_charge(make_battle):
    # digest §20 step 1: no placement clear of the friends, so the missile is not fired:
    # no "fires" line after the "holds" one, and an unfired heavy weapon does not stop
    # the unit charging (§23 bars a unit that *fired* one)
    launcher = {**FRAG_DATA, "count": 1}
    battle = make_battle(
        [
            (unit_data("me", size=1, weapons=[launcher]), (30, 5)),
            (gaunts("friends"), (30, 36)),
        ],
        [(gaunts("target"), (30, 35))],
        dice=ScriptedDice([6] * 40),
    )
    me, friends, target = battle.units
    battle.phase = "shooting"
    shooting.shoot_unit(battle, me)
    log = [e.text for e in battle.events.events]
    assert any("holds its Frag missile" in t for t in log)
    assert not any("fires 1 Frag missile" in t for t in log)
    assert me.may_charge
    assert friends.count == target.count == 10


def test_each_flamer_of_a_volley_is_laid_over_the_survivors(make_battle, monkeypatch):
    # three flamers at a brood of 20: each template is pointed and counted anew over the
    # survivors of the one before (engine 0.7.1 first reused the first aim's count)
    battle = make_battle(
        [(unit_data("me", size=3), (30, 10))],
        [(gaunts("brood", 20), (30, 16))],
        dice=ScriptedDice([], seed=5),
    )
    me, brood = battle.units
    aims = []
    real_aim = templates.teardrop_aim

    def counting_aim(battle, firer, target):
        aim = real_aim(battle, firer, target)
        aims.append((target.count, aim.touched))
        return aim

    monkeypatch.setattr(templates, "teardrop_aim", counting_aim)
    shooting.fire_volley(battle, me, Volley(FLAMER, 4, 3, 3, me.models[:3]), brood, None)
    assert len(aims) == 3  # the first template cannot burn 20
    assert all(touched <= count for count, touched in aims)
