"""Each house-rule setting of ``GrimdarkSettings`` played both ways with scripted dice: the
test asserts the difference the setting makes (seed 000 page markers [n]; "4e pp.N")."""

from dataclasses import replace

import pytest

from rules.engine.systems.grimdark import assault
from rules.engine.systems.grimdark.damage import explode
from rules.engine.systems.grimdark.settings import GrimdarkSettings
from rules.engine.systems.grimdark.shooting import shoot_unit

from .conftest import GAUNT, ScriptedDice, unit_data

NO_SAVE = dict(GAUNT, Sv="-")


def _play(battle, **settings):
    battle.settings = replace(GrimdarkSettings(), **settings)
    return battle


def _events(battle, word):
    """The logged lines containing ``word``, without their "Turn n, phase: " heading."""
    return [e.text.split(": ", 1)[1] for e in battle.events.events if word in e.text]


@pytest.mark.parametrize(
    ("massacre", "consolidation"),
    [(False, 'me consolidates 3.0"'), (True, 'me consolidates 5.2" into next')],
)
def test_sweep_is_massacre_sets_the_consolidation_after_a_sweep(
    make_battle, massacre, consolidation
):
    # seed 000 [43]: a unit destroyed by a sweeping advance "is not a Massacre result", so
    # the winner consolidates 3" (False); True plays the Massacre's D6" (here a 6), which
    # reaches another enemy 5.2" away
    battle = make_battle(
        [(unit_data("me", size=5), (10, 10))],
        [(unit_data("foe", size=5, profile=GAUNT), (10, 13)), (unit_data("next"), (10, 20))],
        # foe's morale 6+6 fails Ld5; sweep: me I4 + 6 = 10 beats foe I4 + 1; then D6" = 6
        dice=ScriptedDice([6, 6, 6, 1, 6]),
    )
    _play(battle, sweep_is_massacre=massacre)
    me, foe, nxt = battle.units
    me.foes, foe.foes = [foe.id], [me.id]
    me.locked = foe.locked = True
    assert 3.0 < battle.gap(me, nxt) <= 6.0
    assault.resolve_combat(battle, [me, foe], {"a": 3, "b": 0})
    assert _events(battle, "sweeps") == ["me sweeps foe away"]
    assert _events(battle, "consolidates") == [consolidation]
    assert me.consolidated_into == (nxt.id if massacre else "")


CANNON = {"name": "Assault cannon", "range": 36, "S": 6, "AP": 4, "type": "assault", "shots": 9}
PISTOL = {"name": "Bolt pistol", "range": 12, "S": 4, "AP": 5, "type": "pistol"}


@pytest.mark.parametrize(("recheck", "pistol_fires"), [(False, True), (True, False)])
def test_range_after_casualties_skips_a_volley_the_casualties_put_out_of_range(
    make_battle, recheck, pistol_fires
):
    # seed 000 [18][22]: the unit's models fire together, range measured once (False); True
    # re-measures before each weapon: the cannon kills 9 of 10 gaunts, the footprint shrinks
    # and the last gaunt is beyond the pistol's 12"
    shooters = unit_data("me", size=2, weapons=[dict(CANNON, count=1), dict(PISTOL, count=1)])
    battle = make_battle(
        [(shooters, (10, 10))],
        [(unit_data("foe", size=10, profile=NO_SAVE), (10, 25.5))],
        dice=ScriptedDice([6] * 9 + [6] * 9 + [6, 6]),  # 9 hits, 9 wounds; the pistol's
    )
    _play(battle, range_after_casualties=recheck)
    me, foe = battle.units
    assert battle.gap(me, foe) <= 12.0
    shoot_unit(battle, me)
    assert battle.gap(me, foe) > 12.0
    fired = [t.split(" (")[0] for t in _events(battle, " fires ")]
    assert fired == ["me fires 1 Assault cannon"] + (["me fires 1 Bolt pistol"] * pistol_fires)
    assert foe.count == (0 if pistol_fires else 1)


@pytest.mark.parametrize(("reading", "slain"), [("per_model", 1), ("d6_per_unit", 6)])
def test_explosion_hits_per_model_in_reach_or_d6_per_unit(make_battle, reading, slain):
    # settings.explosion_hits (4e pp.58-73: "models within D6\" hit"): a D6 of 1 reaches
    # only the edge of the gaunts' footprint, one model's share ("per_model"); the older
    # reading rolls D6 hits on the unit (a 6). Every hit wounds (6s), no saves.
    tank = unit_data(
        "tank", unit_type="vehicle", size=1, profile={"BS": 3, "front": 14, "side": 12, "rear": 10}
    )
    battle = make_battle(
        [(tank, (10, 10))],
        [(unit_data("near", size=10, profile=NO_SAVE), (10, 16))],
        dice=ScriptedDice([1] + [6] * 12),
    )
    _play(battle, explosion_hits=reading)
    vehicle, near = battle.units
    assert 0.0 < battle.gap(vehicle, near) <= 1.0
    explode(battle, vehicle)
    assert near.count == 10 - slain
