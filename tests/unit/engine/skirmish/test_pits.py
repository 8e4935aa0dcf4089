"""Sold to the pits is a fight (issue 19 defect 3). NOT IN SEED: seed 001 has no
post-battle sequence; published Mordheim rules, Serious injuries 65 "Sold to the pits": the
hero fights a pit fighter, "roll to see which side charges, and work out the close combat
normally"; a win gives 50 gc and +2 experience, a loss a D66 of 11-35 and his weapons and
armour."""

from __future__ import annotations

from armybuilder.rosterdata import sample_roster_data
from rules.engine.dice import Dice
from rules.engine.systems.skirmish import SYSTEM
from rules.engine.systems.skirmish import post_battle as pb
from rules.engine.systems.skirmish.pits import PIT_FIGHTER, pit_boost, pit_fight

CHAMPION = {
    "profile": {"M": 5, "WS": 7, "BS": 3, "S": 5, "T": 5, "W": 3, "I": 7, "A": 4, "Ld": 9},
    "weapons": [{"type": "sword"}, {"type": "sword"}, {"type": "heavy-armour"}],
}
WEAKLING = {"profile": {"M": 4, "WS": 1, "BS": 1, "S": 1, "T": 1, "W": 1, "I": 1, "A": 1, "Ld": 5}}


def _pits(seed: int, hero_unit: dict) -> dict:
    roller = pb.Roller(seed)
    context = pb.InjuryContext(hero_unit=hero_unit)
    return pb._rolled_injury(roller, "h.1", 65, context)


def test_the_pit_fight_is_played_with_the_battle_rules_and_is_reproducible():
    fights = [pit_fight(Dice(seed), CHAMPION) for seed in range(40)]
    assert fights == [pit_fight(Dice(seed), CHAMPION) for seed in range(40)]
    assert {f["charger"] for f in fights} == {"hero", "pit_fighter"}  # the roll-off decides
    assert all(f["rounds"] >= 1 for f in fights)
    assert sum(f["outcome"] == "won" for f in fights) > 30  # a champion beats the pit fighter
    weak = [pit_fight(Dice(seed), WEAKLING)["outcome"] for seed in range(40)]
    assert weak.count("lost") > 30
    assert PIT_FIGHTER["profile"]["A"] == 2


def test_a_pit_win_gives_fifty_crowns_and_two_experience():
    won = next(
        i for i in (_pits(s, CHAMPION) for s in range(40)) if i["pit_fight"]["outcome"] == "won"
    )
    assert won["result"] == "sold_to_the_pits"
    assert won["effects"] == {"experience": 2}
    assert won["gold_crowns"] == 50
    assert not won["dead"]
    assert "loses_equipment" not in won


def test_a_pit_loss_costs_the_equipment_and_rolls_eleven_to_thirty_five():
    losses = [
        i for i in (_pits(s, WEAKLING) for s in range(60)) if i["pit_fight"]["outcome"] == "lost"
    ]
    assert losses
    for injury in losses:
        assert injury["loses_equipment"]
        (again,) = injury["injuries"]
        assert 11 <= again["d66"] <= 35
        assert injury["dead"] == again["dead"]
    assert any(i["dead"] for i in losses), "a loss can kill (D66 11-15)"


def test_post_battle_credits_a_pit_win_and_its_gold():
    """Seeds of the post-battle sequence where an out-of-action hero of the sample battle is
    sold to the pits and wins: +2 experience to his unit, +50 gc to the warband's income."""
    a = SYSTEM.build_army(sample_roster_data("skirmish", "night-watch"))
    b = SYSTEM.build_army(sample_roster_data("skirmish", "marsh-raiders"))
    report = SYSTEM.resolve_battle(a, b, "skirmish", 4)
    for unit in report.units:
        unit.extra.update(CHAMPION)
    found = 0
    for side in ("a", "b"):
        for seed in range(400):
            result = SYSTEM.post_battle(report, side, seed)
            wins = [
                e
                for e in result.entries
                if "unit" in e and any(pb.pit_wins_of(f["injury"] or {}) for f in e["fighters"])
            ]
            for entry in wins:
                found += 1
                won = sum(pb.pit_wins_of(f["injury"] or {}) for f in entry["fighters"])
                assert entry["experience"]["pit_fight_won"] == 2 * won
                assert result.resources["gold_crowns"] >= 50
    assert found


def test_the_hero_fights_the_pit_fight_with_his_battle_skills():
    """His skills play in the pit as in battle (published rulebook pp.122-123): Mighty Blow,
    Strike to Injure, Step Aside and Resilient make an average hero win more often."""
    average = {"profile": dict(PIT_FIGHTER["profile"]), "weapons": [{"type": "sword"}]}
    skilled = {**average, "skills": ["Mighty Blow", "strike-to-injure", "step-aside", "resilient"]}
    plain = [pit_fight(Dice(seed), average)["outcome"] for seed in range(200)]
    trained = [pit_fight(Dice(seed), skilled)["outcome"] for seed in range(200)]
    assert trained.count("won") > plain.count("won") + 20


def test_unstoppable_charge_counts_in_the_pit_when_the_hero_charges():
    hero = SYSTEM.build_army(sample_roster_data("skirmish", "night-watch")).fighters[0]
    hero.skills = frozenset({"unstoppable-charge", "pit-fighter", "combat-master"})
    hero.charged = True
    assert pit_boost(hero) == (1, 0)  # the pit is no ruin; one enemy: no Combat Master
    hero.charged = False
    assert pit_boost(hero) == (0, 0)
