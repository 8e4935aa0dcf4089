"""Each house-rule setting of ``GrimdarkSettings`` played both ways with scripted dice: the
test asserts the difference the setting makes (seed 000 page markers [n]; "4e pp.N")."""

from dataclasses import replace

import pytest

from rules.engine.systems.grimdark import assault
from rules.engine.systems.grimdark.settings import GrimdarkSettings

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
