"""Hit locations (GURPS 4e Basic Set pp.B398–400; NOT IN SEED: GURPS 4e Basic Set rule):
the 3d6 table, aiming penalties, wounding multipliers, the skull's DR, crippling and lost
injury, the policy's choice and the ``hit_locations`` setting."""

from dataclasses import replace

import pytest

from rules.engine.dice import Dice
from rules.engine.systems.hextactical import locations, melee, turn, wounds
from rules.engine.systems.hextactical.ai.locations import aim_location
from rules.engine.systems.hextactical.damage import DamageDice, injury
from rules.engine.systems.hextactical.plan import Plan
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS, Settings
from tests.unit.engine.hextactical.test_gurps_basic_set import sample_armies
from tests.unit.engine.hextactical.test_gurps_review_fixes import _near, _sword_and_axe


class _Rolls(Dice):
    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def three_d6(self):
        return self.rolls.pop(0)

    def d6(self):
        return self.rolls.pop(0)


@pytest.mark.parametrize(
    ("rolls", "location"),
    [
        ([3], "skull"),
        ([4], "skull"),
        ([5], "face"),
        ([7], "right leg"),
        ([8], "right arm"),
        ([10], "torso"),
        ([11], "groin"),
        ([12], "left arm"),
        ([14], "left leg"),
        ([15, 2], "right hand"),
        ([16, 5], "left foot"),
        ([17], "neck"),
        ([18], "neck"),
    ],
)
def test_random_hit_location_table(rolls, location):
    # B398 hit location table (3d6; hand and foot: 1d for the side)
    assert locations.random_location(_Rolls(rolls))[0] == location


def test_location_penalties():
    # B398: torso 0, vitals −3, groin −3, arm/leg −2, hand/foot −4, face −5, neck −5,
    # skull −7, eyes −9
    expected = {"torso": 0, "vitals": -3, "groin": -3, "right arm": -2, "left leg": -2}
    expected |= {"right hand": -4, "left foot": -4, "face": -5, "neck": -5, "skull": -7}
    expected["eyes"] = -9
    for name, penalty in expected.items():
        assert locations.aim_penalty(name) == penalty
    assert locations.aim_penalty("") == 0


@pytest.mark.parametrize(
    ("location", "kind", "multiplier"),
    [
        ("vitals", "imp", 3.0),
        ("vitals", "pi-", 3.0),
        ("vitals", "cr", 1.0),
        ("skull", "cut", 4.0),
        ("eyes", "imp", 4.0),
        ("neck", "cut", 2.0),
        ("neck", "cr", 1.5),
        ("neck", "imp", 2.0),
        ("right arm", "imp", 1.0),
        ("left hand", "pi++", 1.0),
        ("left leg", "cut", 1.5),
        ("torso", "imp", 2.0),
    ],
)
def test_wounding_multipliers_by_location(location, kind, multiplier):
    # B399–400: vitals ×3 impaling/piercing, skull ×4, neck cutting ×2 and crushing ×1.5,
    # limbs ×1 for impaling, pi+ and pi++ (cutting stays ×1.5)
    assert locations.wounding_multiplier(location, kind) == multiplier


def test_skull_has_dr_two_and_torso_armour_covers_the_torso_only():
    # B399 "Skull": DR 2 of its own; a cuirass or mail shirt covers torso, vitals and groin
    assert locations.location_dr("skull", 4) == 2
    assert locations.location_dr("neck", 4) == 0
    assert locations.location_dr("vitals", 4) == 4
    assert locations.location_dr("groin", 4) == 4


def test_crippling_thresholds_and_lost_injury():
    # B420 "Crippling Injury": over HP/2 cripples a limb, over HP/3 a hand or foot; B399–400:
    # injury beyond the threshold is lost
    assert locations.cripple("right arm", 5, 10) == (5, False)
    assert locations.cripple("right arm", 6, 10) == (6, True)
    assert locations.cripple("right arm", 20, 10) == (6, True)
    assert locations.cripple("left foot", 4, 10) == (4, True)
    assert locations.cripple("left foot", 3, 10) == (3, False)
    assert locations.cripple("torso", 20, 10) == (20, False)


def test_eyes_only_for_impaling_and_piercing():
    # B399 "Eyes": only impaling, piercing and tight-beam attacks
    assert locations.may_aim_at("eyes", "imp")
    assert not locations.may_aim_at("eyes", "cut")


def test_vitals_hit_triples_impaling_injury():
    # B399 "Vitals": impaling ×3 (torso ×2), through the torso armour
    battle, sword, axe = _sword_and_axe(_near(0))
    spear = DamageDice(2, 0, "imp")
    hp = axe.hp
    wounds.hit(battle, sword, axe, spear, 0, critical=False, aimed="vitals")
    assert hp - axe.hp == injury(6, axe.dr, "imp", multiplier=3.0)
    assert hp - axe.hp > injury(6, axe.dr, "imp")


def test_skull_hit_is_times_four_after_dr_two():
    # B399 "Skull": DR 2 more, ×4, knockdown at −10
    battle, sword, axe = _sword_and_axe(_near(0))
    hp = axe.hp
    wounds.hit(battle, sword, axe, DamageDice(1, 0, "cr"), 0, critical=False, aimed="skull")
    assert hp - axe.hp == (3 - 2) * 4


def test_aimed_attack_is_at_the_location_penalty():
    # B398: an attack aimed at the neck is at −5
    plain, sword, axe = _sword_and_axe(_near(0), totals=[18])
    melee.melee_attack(plain, sword, axe, sword.weapon, "swing", "attack", "")
    aimed, sword2, axe2 = _sword_and_axe(_near(0), totals=[18])
    sword2.hit_location = "neck"
    melee.melee_attack(aimed, sword2, axe2, sword2.weapon, "swing", "attack", "")
    skill = [e for e in plain.events.events if e.phase == "attack"][-1].data["skill"]
    event = [e for e in aimed.events.events if e.phase == "attack"][-1]
    assert event.data["skill"] == skill - 5
    assert event.data["location"] == "neck"


def test_crippled_weapon_arm_puts_the_weapon_out_and_excess_is_lost():
    # B420: over HP/2 to the arm cripples it; what it held is dropped, the rest is lost
    battle, sword, axe = _sword_and_axe(_near(0))
    axe.side_hand = "right"
    hp = axe.hp
    wounds.hit(battle, sword, axe, DamageDice(10, 0, "cut"), 0, critical=False, aimed="right arm")
    assert hp - axe.hp == axe.hp_max // 2 + 1
    assert "right arm" in axe.crippled
    assert all(w.name in axe.broken for w in axe.weapons if w.name != "Fist")


def test_crippled_leg_falls_and_cannot_stand():
    # B420: a crippled leg drops him; he can kneel but not stand
    battle, sword, axe = _sword_and_axe(_near(0), totals=[3, 3, 3])
    wounds.hit(battle, sword, axe, DamageDice(10, 0, "cut"), 0, critical=False, aimed="left leg")
    assert axe.posture == "prone"
    assert axe.lame
    turn.change_posture(battle, axe, Plan("change_posture", option="standing"))
    turn.change_posture(battle, axe, Plan("change_posture", option="standing"))
    assert axe.posture == "kneeling"


def test_random_setting_rolls_the_table_for_unaimed_hits():
    # B398 random hit location as the table's choice (setting hit_locations="random")
    battle, sword, axe = _sword_and_axe(_near(0), totals=[17])
    battle.settings = replace(DEFAULT_SETTINGS, hit_locations="random")
    wounds.hit(battle, sword, axe, DamageDice(1, 0, "cut"), 0, critical=False)
    damage = [e for e in battle.events.events if e.phase == "damage"][-1]
    assert damage.data["location"] == "neck"


def test_torso_setting_ignores_the_aim():
    battle, sword, axe = _sword_and_axe(_near(0))
    battle.settings = replace(DEFAULT_SETTINGS, hit_locations="torso")
    wounds.hit(battle, sword, axe, DamageDice(2, 0, "imp"), 0, critical=False, aimed="vitals")
    assert axe.hp_max - axe.hp == injury(6, axe.dr, "imp")


def test_policy_aims_where_it_pays():
    # engine estimate: vitals with an impaling weapon at good skill, the neck against a heavy
    # cuirass, the torso when skill is low
    spear = DamageDice(1, 2, "imp")
    sword = DamageDice(1, 2, "cut")
    assert aim_location(15, spear, 2) == "vitals"
    assert aim_location(14, sword, 6) == "neck"
    assert aim_location(9, sword, 0) == ""


@pytest.mark.parametrize("mode", ["aimed", "random", "torso"])
def test_battles_with_each_hit_location_setting_replay_identically(mode):
    system, a, b = sample_armies()
    settings = Settings(hit_locations=mode)
    first = system.resolve_battle(a, b, "skirmish", 3, settings=settings)
    again = system.resolve_battle(a, b, "skirmish", 3, settings=settings)
    assert first.report_hash() == again.report_hash()
    hits = {e.data.get("location") for e in first.events if e.phase == "damage"}
    if mode == "torso":
        assert hits <= {"torso", None}
    else:
        assert hits - {"torso", None}
