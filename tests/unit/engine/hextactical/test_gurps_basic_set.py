"""Issue 21, round 2: the Basic Set rules an audit found missing or wrong (retreat, unready and
unbalanced weapons, posture, parry hands, consciousness, movement costs), and the AI crash with
a thrown weapon. Each test cites the Basic Set page (seed 004 has none of these rules)."""

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from rules.engine.systems.hextactical import active_defence
from rules.engine.systems.hextactical.ai.estimates import weapon_mode
from rules.engine.systems.hextactical.combatant import AttackMode, Weapon
from rules.engine.systems.hextactical.damage import DamageDice
from tests.unit.engine.hextactical.test_gurps_review_fixes import _near, _sword_and_axe


# ----------------------------------------------------------------- the AI crash
def test_a_thrown_only_weapon_has_the_ranged_mode():
    # B365 Move and Attack: a thrown weapon may be thrown on the move; its only mode is ranged
    axe = Weapon("Throwing axe", "Thrown Weapon (Axe/Mace)", 12, ranged=True, thrown=True)
    axe.modes.append(AttackMode("ranged", DamageDice(1, 2, "cut")))
    assert weapon_mode(axe) == "ranged"


def test_sample_skirmish_seed_487_resolves():
    # the seed where an axe thrower closing on an archer crashed the policy
    system = get_system("hextactical")
    a, b = (
        system.build_army(sample_roster_data("hextactical", n))
        for n in ("thornwall-patrol", "saltmarsh-raid")
    )
    report = system.resolve_battle(a, b, "skirmish", 487, log=False)
    assert report.winner in ("a", "b", None)


# ----------------------------------------------------------------- 2: retreat is melee only
def test_no_retreat_against_a_missile():
    # GURPS 4e Basic Set p.B377 "Retreating": a retreat is a defence against melee attacks only
    battle, sword, axe = _sword_and_axe(_near(0))
    assert active_defence.can_retreat(battle, axe, sword) is not None
    assert active_defence.can_retreat(battle, axe, sword, ranged=True) is None


@pytest.mark.parametrize(("posture", "stunned"), [("kneeling", False), ("standing", True)])
def test_no_retreat_while_stunned_or_kneeling(posture, stunned):
    # GURPS 4e Basic Set p.B377 "Retreating", p.B551 postures: no retreat from kneeling (or
    # sitting, lying) nor while stunned
    battle, sword, axe = _sword_and_axe(_near(0))
    axe.posture, axe.stunned = posture, stunned
    assert active_defence.can_retreat(battle, axe, sword) is None
