"""Templates hit models one by one where they stand (issue 18 "model-level geometry where it
changes outcomes"; seed 000 [30] blasts: wholly covered models are hit, partly covered on
4+; [31] templates hit every model they touch; ``formation`` lays the models out in
coherency, 25 mm bases ≈ 4e p.3)."""

import math

from rules.engine.geometry import Point
from rules.engine.systems.grimdark import formation, templates

from .conftest import GAUNT, ScriptedDice, unit_data


def gaunts(uid, size):
    return unit_data(uid, size=size, profile=GAUNT)


def test_models_stand_in_coherency_inside_their_footprint_and_close_up_after_losses(
    make_battle,
):
    battle = make_battle([(unit_data("me", size=1), (10, 5))], [(gaunts("horde", 20), (30, 30))])
    horde = battle.units[1]
    spots = formation.model_spots(horde)
    assert len(spots) == 20
    gaps = [min(p.distance(q) for q in spots if q is not p) for p in spots]
    assert min(gaps) >= 2 * formation.BASE_RADIUS  # bases never overlap
    assert max(gaps) - 2 * formation.BASE_RADIUS <= 2.0  # each within 2" of another [8]
    assert max(p.distance(horde.position) for p in spots) <= horde.radius + 1.0
    for model in horde.models[:12]:
        model.wounds = 0
    horde.refresh()
    closer = formation.model_spots(horde)
    assert len(closer) == 8
    assert max(p.distance(horde.position) for p in closer) < max(
        p.distance(horde.position) for p in spots
    )


def test_a_blast_on_the_middle_model_hits_it_and_its_neighbours_on_four_up(make_battle):
    # 7 gaunts: one in the middle, six around it 1.7" away. A 3" blast on the middle one
    # covers it wholly; the six bases are partly under (1.2"-2.2" from the hole), so each is
    # hit on a 4+ and the count goes from 1 (every roll a 1) to 7 (every roll a 6)
    for roll, hits in ((1, 1), (6, 7)):
        battle = make_battle(
            [(unit_data("me", size=1), (10, 5))],
            [(gaunts("seven", 7), (30, 30))],
            dice=ScriptedDice([roll] * 10),
        )
        seven = battle.units[1]
        assert formation.model_spots(seven)[0] == seven.position
        under = templates.models_under_template(battle, seven, seven.position, 1.5)
        assert under == hits


def test_a_blast_over_spread_out_bikes_hits_only_the_bike_under_it(make_battle):
    # bikes stand 2.4" apart: a 3" blast on one bike touches no other base, whatever the
    # dice, where the footprint's share under the template's reach counted two or three
    bikes = unit_data("bikes", unit_type="bike", size=7, profile=GAUNT)
    battle = make_battle(
        [(unit_data("me", size=1), (10, 5))], [(bikes, (30, 30))], dice=ScriptedDice([6] * 10)
    )
    unit = battle.units[1]
    density_share = 7 / (math.pi * unit.radius**2) * math.pi * (1.5 + 0.5) ** 2
    assert density_share > 1.5
    assert templates.models_under_template(battle, unit, unit.position, 1.5) == 1


def test_a_blast_between_two_models_hits_each_only_on_four_up(make_battle):
    # centred halfway between two neighbours 1.7" apart, each base is only partly covered
    battle = make_battle(
        [(unit_data("me", size=1), (10, 5))],
        [(gaunts("pair", 2), (30, 30))],
        dice=ScriptedDice([1, 6]),
    )
    pair = battle.units[1]
    a, b = formation.model_spots(pair)
    middle = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
    assert templates.models_under_template(battle, pair, middle, 1.0) == 1


def test_a_flamer_reaches_only_the_models_within_its_length(make_battle):
    # a 20-gaunt brood whose centre is 7" from the flamer's edge: the teardrop, 8" long, laid
    # at its centre touches the near models only, never the far half of the brood
    battle = make_battle([(unit_data("me", size=1), (30, 10))], [(gaunts("brood", 20), (30, 17.9))])
    me, brood = battle.units
    start, angle = templates.teardrop_start(me, brood)
    assert angle == 90.0  # laid straight up the table at the brood's centre
    touched = templates.teardrop_models(brood, start, angle)
    spots = formation.model_spots(brood)
    # no more than the bases whose near edge is within 8", no fewer than those on the axis
    within = [p for p in spots if p.y - 0.5 - start.y <= templates.TEARDROP_REACH]
    on_axis = [p for p in within if abs(p.x - 30) <= templates.TEARDROP_HALF_NARROW]
    assert 1 <= len(on_axis) <= touched <= len(within) < 20


def test_a_flamer_may_pass_beside_a_friend_whose_models_it_does_not_touch(make_battle):
    # "It may not cover any friendly model" (digest §21): a friend 2.9" to the side of the
    # template's axis, 4.6" out, has no base under the teardrop (1.2" half width there)
    battle = make_battle(
        [(unit_data("me", size=1), (30, 10)), (unit_data("pal", size=1), (32.9, 15.5))],
        [(gaunts("target", 5), (30, 16))],
    )
    me, pal, target = battle.units
    start, angle = templates.teardrop_start(me, target)
    assert templates.teardrop_models(pal, start, angle) == 0
    aim = templates.teardrop_aim(battle, me, target)  # fired, wherever it is pointed
    assert aim is not None
    assert templates.teardrop_models(pal, aim.start, aim.angle) == 0


def test_a_shell_partly_over_a_vehicle_hits_it_on_four_up_and_its_hole_over_it_always(
    make_battle,
):
    # seed 000 [30]: a model partly under the template is hit on 4+; a vehicle is one
    # model, never wholly under a 3" blast, so the hole over its hull hits it
    tank = unit_data(
        "tank", unit_type="vehicle", size=1, profile={"BS": 4, "front": 12, "side": 11, "rear": 10}
    )
    for roll, hits in ((3, 0), (4, 1)):
        battle = make_battle(
            [(unit_data("me", size=1), (10, 5))], [(tank, (30, 30))], dice=ScriptedDice([roll])
        )
        hull = battle.units[1]
        graze = hull.position.offset(0, hull.radius + 1.0)
        assert templates.models_under_template(battle, hull, graze, 1.5) == hits
        assert templates.models_under_template(battle, hull, hull.position, 1.5) == 1


def test_a_blast_may_be_placed_beside_a_friend_whose_bases_it_misses(make_battle):
    # digest §20 step 1 forbids covering friendly models, not coming near a footprint:
    # a lone friend 2.3" from the target's centre has its base clear of a 3" blast there
    battle = make_battle(
        [(unit_data("me", size=1), (30, 5)), (unit_data("pal", size=1), (32.3, 35))],
        [(gaunts("target", 1), (30, 35))],
    )
    me, pal, target = battle.units
    assert templates.aim_point(battle, me, target, 1.5) == target.position
    pal.position = Point(31.9, 35)  # its base now under the template's rim
    assert templates.aim_point(battle, me, target, 1.5) != target.position
