"""Nerve tests played in the engine's phases (seed 003 §6-§8; setting ``nerve_damage_mode``)."""

from __future__ import annotations

import pytest

from rules.engine.kernel.events import Event
from rules.engine.systems.massbattle.ai import MassBattlePolicy
from rules.engine.systems.massbattle.battle import melee_phase
from rules.engine.systems.massbattle.charge import can_charge, place_charges
from rules.engine.systems.massbattle.nerve import ROUTED, STEADY
from rules.engine.systems.massbattle.settings import MassBattleSettings
from rules.engine.systems.massbattle.units import Unit
from tests.unit.engine.massbattle.helpers import ScriptedDice, state, unit

# Turn 1: six hits (5s on Me 4+), six damage (5s on De 4+), nerve 1+2.
# Turn 2: two hits of six, two damage, nerve 3+4; then spare dice for a victor's move.
TWO_TURNS = [5] * 6 + [5] * 6 + [1, 2] + [5, 5, 1, 1, 1, 1] + [5, 5] + [3, 4] + [3] * 4


def _charge_on_two_turns(mode: str) -> tuple[list[Event], Unit]:
    """The same charger hits the same target on turns 1 and 2 with the same dice script;
    only the setting differs."""
    charger = unit("c", x=36, y=12, At=6, Me=4)
    target = unit("t", side="b", x=36, y=22, facing=270.0, De=4, Ne=3)
    st = state([charger, target], dice=ScriptedDice(TWO_TURNS))
    st.settings = MassBattleSettings(nerve_damage_mode=mode)
    for turn in (1, 2):
        st.turn = turn
        plan = can_charge(st, charger, target)
        assert plan is not None
        melee_phase(st, "a", [place_charges(st, [plan])], MassBattlePolicy())
    tests = [e for e in st.log.events if "nerve test" in e.text]
    return tests, target


@pytest.mark.parametrize(("mode", "second", "total"), [("phase", STEADY, 6), ("total", ROUTED, 12)])
def test_nerve_damage_mode_counts_old_damage_only_in_total(mode, second, total):
    # seed 003 §8: 2D6 + damage − Ne, 10+ routs. Turn 2's test rolls 7 with 2 fresh damage
    # on 6 old: "phase" counts 7 + 2 − 3 = 6 (Steady), "total" 7 + 8 − 3 = 12 (Routed).
    tests, target = _charge_on_two_turns(mode)
    assert [t.data["result"] for t in tests] == [STEADY, second]
    assert tests[0].text.endswith("nerve test: 6 → steady")  # 1 + 2 + 6 − 3, both modes
    assert tests[1].text.endswith(f"nerve test: {total} → {second}")
    assert [t.dice for t in tests] == [[1, 2], [3, 4]]  # the same dice in both modes
    assert target.damage == 8
    assert target.alive is (second == STEADY)
