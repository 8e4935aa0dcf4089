"""The post-battle sequence as plain data (NOT IN SEED: published Mordheim rules, digest
§15.8–15.13): injuries, experience, exploration, income, warband rating; the advance rolls
are ``advances``, the dice ``rolls``.

Every table is module-level data so a campaign "rules pack" can swap it; every die rolled
is recorded in ``PostBattle.dice``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.report import BattleReport
from rules.engine.systems.base import EngineError, PostBattle
from rules.engine.systems.skirmish.advance_picks import offer_skills, offer_talent
from rules.engine.systems.skirmish.advances import MAX_HEROES, advances
from rules.engine.systems.skirmish.captivity import CAPTURED
from rules.engine.systems.skirmish.exploration import hunter_reroll
from rules.engine.systems.skirmish.maxima import DEFAULT_RACE
from rules.engine.systems.skirmish.pits import (
    PIT_LOSS_INJURY_MAX,
    PIT_WIN_EXPERIENCE,
    PIT_WIN_GOLD,
    pit_fight,
)
from rules.engine.systems.skirmish.rating import warrior_rating
from rules.engine.systems.skirmish.rolls import Band, Roller, band
from rules.engine.systems.skirmish.settings import DEFAULT_SETTINGS, SkirmishSettings
from rules.engine.systems.skirmish.skills import SKILLS, known_skills

HERO_SERIOUS_INJURIES: tuple[Band, ...] = (
    (11, 15, "dead"),
    (16, 21, "multiple_injuries"),
    (22, 22, "leg_wound"),
    (23, 23, "arm_wound"),
    (24, 24, "madness"),
    (25, 25, "smashed_leg"),
    (26, 26, "chest_wound"),
    (31, 31, "blinded_in_one_eye"),
    (32, 32, "old_battle_wound"),
    (33, 33, "nervous_condition"),
    (34, 34, "hand_injury"),
    (35, 35, "deep_wound"),
    (36, 36, "robbed"),
    (41, 55, "full_recovery"),
    (56, 56, "bitter_enmity"),
    (61, 61, "captured"),
    (62, 63, "hardened"),
    (64, 64, "horrible_scars"),
    (65, 65, "sold_to_the_pits"),
    (66, 66, "survives_against_the_odds"),
)
"""Hero serious injuries on D66 (not in seed 001: published Mordheim rules, Serious injuries; 34–36
and 56–66 marked uncertain there)."""

INJURY_EFFECTS: dict[str, dict[str, int]] = {
    "leg_wound": {"M": -1},
    "chest_wound": {"T": -1},
    "blinded_in_one_eye": {"BS": -1},
    "nervous_condition": {"I": -1},
    "hand_injury": {"WS": -1},
    "survives_against_the_odds": {"experience": 1},
}
"""Characteristic changes the campaign applies for a result."""

INJURY_SUB_ROLLS: dict[str, tuple[str, tuple[Band, ...]]] = {
    "arm_wound": ("D6", ((1, 1, "amputated"), (2, 6, "misses_next_game"))),
    "madness": ("D6", ((1, 3, "stupidity"), (4, 6, "frenzy"))),
    "smashed_leg": ("D6", ((1, 1, "may_not_run"), (2, 6, "misses_next_game"))),
    "deep_wound": ("D3", ((1, 3, "misses_games"),)),
    "bitter_enmity": ("D6", ((1, 3, "hates_the_individual"), (4, 6, "hates_the_warband"))),
}
MULTIPLE_INJURY_REROLL: tuple[str, ...] = ("dead", "captured", "multiple_injuries")

LASTING_RULES: dict[str, str] = {
    "stupidity": "stupidity",
    "frenzy": "frenzy",
    "may_not_run": "may-not-run",
    "amputated": "one-arm",
    "old_battle_wound": "old-battle-wound",
    "hardened": "immune-to-fear",
    "horrible_scars": "causes-fear",
}
"""Serious-injury results (or their sub-roll's detail) that give the hero a lasting battle
rule, as the engine's ``rules`` names it (NOT IN SEED: published serious injuries, digest
§15.9): madness → stupidity or frenzy, smashed leg 1 → may not run, arm wound 1 → one arm,
old battle wound → a D6 before each battle, hardened → immune to fear, horrible scars →
causes fear. Bitter enmity gives ``hatred(<target>)`` (``_injury_detail``)."""

EXPERIENCE_AWARDS: dict[str, int] = {"survived": 1, "winning_leader": 1, "enemy_out_of_action": 1}
SCENARIO_AWARDS: dict[str, dict[str, int]] = {
    "wyrdstone-hunt": {"wyrdstone_carried": 1},
    "breakthrough": {"broke_through": 1},
}
EXPLORATION_SHARDS: tuple[tuple[int, int], ...] = (
    (5, 1),
    (11, 2),
    (17, 3),
    (24, 4),
    (30, 5),
    (35, 6),
    (10_000, 7),
)
"""(highest dice total, shards) — not in seed 001: published Mordheim rules, Exploration and income,
bands uncertain."""

WYRDSTONE_PRICE_SIZES: tuple[int, ...] = (3, 6, 9, 12, 15, 10_000)
WYRDSTONE_PRICES: tuple[tuple[int, ...], ...] = (
    (45, 40, 35, 30, 30, 25),
    (60, 55, 50, 45, 40, 35),
    (75, 70, 65, 60, 55, 50),
    (90, 80, 70, 65, 60, 55),
    (110, 100, 90, 80, 70, 65),
    (120, 110, 100, 90, 80, 70),
    (145, 130, 120, 110, 100, 90),
    (155, 140, 130, 120, 110, 100),
)
"""≈ gc for selling N shards (row N−1, 8+ use the last row) by warband size (≤3, ≤6 … 16+):
published Mordheim table from memory, uncertain (not in seed 001: published Mordheim rules,
Exploration and income does not reproduce it)."""


@dataclass(frozen=True, slots=True)
class InjuryContext:
    """What a serious injury may need besides the dice: ``enemy`` ("<warband>:<fighter id>"
    who took the hero out, for bitter enmity), the hero's roster entry as it went into the
    game (``profile``, ``weapons``, ``rules``: for a pit fight) and the battle settings."""

    enemy: str = ""
    hero_unit: Mapping[str, Any] = field(default_factory=dict)
    settings: SkirmishSettings = DEFAULT_SETTINGS


def _injury_detail(roller: Roller, who: str, code: str, context: InjuryContext) -> dict[str, Any]:
    """One result with its sub-roll, characteristic changes and lasting rules; the context's
    ``enemy`` is "<warband>:<fighter id>" of the one who took the hero out (bitter enmity's
    target: D6 1-3 that individual, 4-6 his whole warband — not in seed 001: published Mordheim
    rules, Serious injuries's split); sold to the pits fights the pit fight (``pits``)."""
    entry: dict[str, Any] = {"result": code, "effects": dict(INJURY_EFFECTS.get(code, {}))}
    if code in INJURY_SUB_ROLLS:
        kind, table = INJURY_SUB_ROLLS[code]
        value = roller.roll(f"serious injury: {code}", who, kind)
        entry["detail"] = band(table, value)
        if code == "deep_wound":
            entry["games_missed"] = value
    rule = LASTING_RULES.get(entry.get("detail", "")) or LASTING_RULES.get(code)
    if code == "bitter_enmity":
        warband, _, individual = context.enemy.partition(":")
        hated = (
            context.enemy if entry["detail"] == "hates_the_individual" and individual else warband
        )
        rule = f"hatred({hated})" if hated else "hatred"
    if rule:
        entry["rules"] = [rule]
    if code == "robbed":
        entry["loses_equipment"] = True
    if code == CAPTURED:  # the captors keep his equipment (``captivity``)
        entry["loses_equipment"] = entry["to_captor"] = True
    if code == "sold_to_the_pits":
        entry.update(_sold_to_the_pits(roller, who, context))
    return entry


def _sold_to_the_pits(roller: Roller, who: str, context: InjuryContext) -> dict[str, Any]:
    """The pit fight and what it gives: a win 50 gc and +2 experience; a loss the weapons
    and armour and a D66 re-rolled until 11-35, which may kill (``pits``; NOT IN SEED:
    published Mordheim rules, Serious injuries 65)."""
    fight = pit_fight(roller.dice, context.hero_unit, context.settings)
    roller.log.append({"what": "pit fight", "fighter": who, "kind": "duel", "result": fight})
    out: dict[str, Any] = {"pit_fight": fight}
    if fight["outcome"] == "won":
        out["effects"] = {"experience": PIT_WIN_EXPERIENCE}
        out["gold_crowns"] = PIT_WIN_GOLD
    elif fight["outcome"] == "lost":
        out["loses_equipment"] = True
        d66 = roller.roll("pit fight: injury", who, "D66")
        while d66 > PIT_LOSS_INJURY_MAX:
            d66 = roller.roll("pit fight: injury", who, "D66")
        out["injuries"] = [_rolled_injury(roller, who, d66, context)]
    return out


def _rolled_injury(roller: Roller, who: str, d66: int, context: InjuryContext) -> dict[str, Any]:
    """The result of one D66 on the table; multiple injuries roll D6 more times, re-rolling
    dead, captured and further multiple injuries (not in seed 001: published Mordheim rules,
    Serious injuries); ``dead`` also when a pit fight inside it killed the hero."""
    code = band(HERO_SERIOUS_INJURIES, d66)
    out = {"d66": d66, **_injury_detail(roller, who, code, context)}
    if code == "multiple_injuries":
        extra = roller.roll("multiple injuries: count", who, "D6")
        results: list[dict[str, Any]] = []
        while len(results) < extra:
            value = roller.roll("multiple injuries", who, "D66")
            sub = band(HERO_SERIOUS_INJURIES, value)
            if sub in MULTIPLE_INJURY_REROLL:
                continue
            results.append(_rolled_injury(roller, who, value, context))
        out["injuries"] = results
    out["dead"] = code == "dead" or any(sub.get("dead") for sub in out.get("injuries") or [])
    return out


def hero_serious_injury(
    roller: Roller, who: str, enemy: str = "", context: InjuryContext | None = None
) -> dict[str, Any]:
    """D66 on the hero serious injury table (``_rolled_injury``); ``enemy`` names who took
    the hero out, ``context`` adds the hero's profile and equipment for a pit fight."""
    context = context or InjuryContext()
    if enemy:
        context = dataclasses.replace(context, enemy=enemy)
    return _rolled_injury(roller, who, roller.roll("serious injury", who, "D66"), context)


def injury_results(injury: dict[str, Any]) -> list[str]:
    """Every result of one serious-injury roll, those rolled inside Multiple Injuries too
    (not in seed 001: published Mordheim rules, Serious injuries: "roll D6 more times on this table"
    — each is a result of its own)."""
    own = [str(injury["result"])] if injury.get("result") else []
    return own + [code for sub in injury.get("injuries") or [] for code in injury_results(sub)]


def pit_wins_of(injury: dict[str, Any]) -> int:
    """Pit fights won in one serious-injury roll, those inside Multiple Injuries too."""
    own = 1 if (injury.get("pit_fight") or {}).get("outcome") == "won" else 0
    return own + sum(pit_wins_of(sub) for sub in injury.get("injuries") or [])


def exploration_shards(total: int) -> int:
    """Shards found for an exploration dice total (not in seed 001: published Mordheim rules,
    Exploration and income)."""
    for highest, shards in EXPLORATION_SHARDS:
        if total <= highest:
            return shards
    return EXPLORATION_SHARDS[-1][1]


def multiples(values: list[int]) -> dict[str, int] | None:
    """The largest set of equal dice (doubles, triples…), highest value on ties."""
    best: tuple[int, int] | None = None
    for value in sorted(set(values)):
        count = values.count(value)
        if count >= 2 and (best is None or (count, value) > best):
            best = (count, value)
    return {"count": best[0], "value": best[1]} if best else None


def wyrdstone_price(shards: int, warband_size: int) -> int:
    """Gold crowns for selling ``shards`` at once with a warband of ``warband_size``."""
    if shards <= 0:
        return 0
    row = WYRDSTONE_PRICES[min(shards, len(WYRDSTONE_PRICES)) - 1]
    column = next(i for i, size in enumerate(WYRDSTONE_PRICE_SIZES) if warband_size <= size)
    return row[column]


def may_haggle(
    extra: Mapping[str, Any], fighters: list[dict[str, Any]], unit_advances: list[dict[str, Any]]
) -> bool:
    """Whether a hero rolls his Haggle dice (published rulebook p.123, Academic skills: 2D6
    gold crowns off one item, once per post-battle sequence): he survived the game (not dead,
    not held captive by the enemy) and has the skill, or may pick it in this sequence's
    advances (a "new skill" offering it: the campaign uses the roll only once he has it)."""
    if not fighters or fighters[0]["dead"]:
        return False
    if CAPTURED in injury_results(fighters[0]["injury"] or {}):
        return False
    if "haggle" in known_skills(extra.get("skills") or []):
        return True
    name = SKILLS["haggle"].name
    return any(name in (a.get("choose_one_of") or []) for a in unit_advances)


def post_battle(
    report: BattleReport, side: str, seed: int, settings: SkirmishSettings = DEFAULT_SETTINGS
) -> PostBattle:
    """Injuries, experience and advances, exploration, income and rating for ``side``; a
    henchman out of action dies on a D6 of ``settings.henchman_dead_max`` or less
    (not in seed 001: published Mordheim rules, Henchmen out of action); in a Wyrdstone Hunt a
    henchmen group earns +1 per counter its members
    carry when ``settings.wyrdstone_experience_henchmen``."""
    if side not in ("a", "b"):
        raise EngineError("side.invalid", "side must be 'a' or 'b'.")
    roller = Roller(seed)
    won = report.winner == side
    enemy_warband = str(report.armies.get("b" if side == "a" else "a", ""))
    awards = SCENARIO_AWARDS.get(report.mission, {})
    entries: list[dict[str, Any]] = []
    own = [u for u in report.units if u.side == side]
    heroes = sum(1 for u in own if u.extra.get("kind") == "hero")
    hero_lists = sorted(
        {
            str(n)
            for u in own
            for n in u.extra.get("skill_lists") or []
            if u.extra.get("kind") == "hero"
        }
    )
    heroes_standing = 0
    hunter = ""
    hagglers: list[tuple[dict[str, Any], str]] = []
    carried = 0
    warriors = 0
    rating = 0
    prize = 0
    for unit in (u for u in report.units if u.side == side):
        hero = unit.extra.get("kind") == "hero"
        fighters_out = []
        for f in unit.fighters:
            record: dict[str, Any] = {"id": f["id"], "dead": False, "injury": None}
            if f["out_of_action"]:
                if hero:
                    enemy = f"{enemy_warband}:{f['taken_out_by']}" if f.get("taken_out_by") else ""
                    context = InjuryContext(enemy or enemy_warband, unit.extra, settings)
                    injury = hero_serious_injury(roller, f["id"], context=context)
                    record["injury"] = injury
                    record["dead"] = injury["dead"]
                else:
                    value = roller.roll("henchman injury", f["id"], "D6")
                    record["dead"] = value <= settings.henchman_dead_max
                    record["injury"] = {
                        "d6": value,
                        "result": "dead" if record["dead"] else "recovers",
                    }
            elif hero:
                heroes_standing += 1
                if not hunter and "wyrdstone-hunter" in known_skills(
                    unit.extra.get("skills") or []
                ):
                    hunter = f["id"]
            carried += f.get("wyrdstone", 0)
            fighters_out.append(record)
        living = [r for r, f in zip(fighters_out, unit.fighters, strict=True) if not r["dead"]]
        gained: dict[str, int] = {}
        if living:
            gained["survived"] = EXPERIENCE_AWARDS["survived"]
        if hero and living:
            f = unit.fighters[0]
            if unit.extra.get("leader") and won:
                gained["winning_leader"] = EXPERIENCE_AWARDS["winning_leader"]
            kills = len(f["enemies_taken_out"])
            if kills:
                gained["enemy_out_of_action"] = kills * EXPERIENCE_AWARDS["enemy_out_of_action"]
            if "wyrdstone_carried" in awards and f.get("wyrdstone"):
                gained["wyrdstone_carried"] = f["wyrdstone"] * awards["wyrdstone_carried"]
        if not hero and living and settings.wyrdstone_experience_henchmen:
            group_carried = sum(f.get("wyrdstone", 0) for f in unit.fighters)
            if "wyrdstone_carried" in awards and group_carried:
                gained["wyrdstone_carried"] = group_carried * awards["wyrdstone_carried"]
        if living and "broke_through" in awards and any(f["broke_through"] for f in unit.fighters):
            gained["broke_through"] = awards["broke_through"]
        results = [code for r in fighters_out for code in injury_results(r["injury"] or {})]
        odds = results.count("survives_against_the_odds")
        if odds:
            gained["survives_against_the_odds"] = (
                odds * INJURY_EFFECTS["survives_against_the_odds"]["experience"]
            )
        pit_wins = sum(pit_wins_of(r["injury"] or {}) for r in fighters_out)
        if pit_wins:
            gained["pit_fight_won"] = pit_wins * PIT_WIN_EXPERIENCE
            prize += pit_wins * PIT_WIN_GOLD
        start = int(unit.extra.get("experience_start", 0))
        total = start + sum(gained.values())
        profile = unit.extra.get("profile")
        race = str(unit.extra.get("race") or DEFAULT_RACE)
        unit_advances = (
            advances(roller, unit.id, hero, start, total, profile, race, heroes < MAX_HEROES)
            if living
            else []
        )
        offer_skills(unit_advances, unit.extra)
        if not hero:
            heroes += offer_talent(unit_advances, fighters_out, hero_lists)
        elif not living:
            heroes -= 1
        warriors += len(living)
        rating += len(living) * warrior_rating(total, bool(unit.extra.get("large")))
        entry = {
            "unit": unit.id,
            "name": unit.name,
            "kind": "hero" if hero else "henchman",
            "fighters": fighters_out,
            "experience": gained,
            "experience_gained": sum(gained.values()),
            "experience_total": total,
            "advances": unit_advances,
        }
        entries.append(entry)
        if hero and may_haggle(unit.extra, fighters_out, unit_advances):
            hagglers.append((entry, fighters_out[0]["id"]))
    exploration = list(roller.many("exploration", "", heroes_standing + (1 if won else 0)))
    if hunter:
        largest = multiples(exploration)
        index = hunter_reroll(exploration, largest["value"] if largest else None)
        if index is not None:
            exploration[index] = roller.roll("wyrdstone hunter", hunter, "D6")
    for entry, fighter in hagglers:
        entry["haggle"] = roller.roll("haggle", fighter, "2D6")
    shards = (exploration_shards(sum(exploration)) if exploration else 0) + carried
    income = wyrdstone_price(shards, warriors) + prize
    resources = {
        "exploration_total": sum(exploration),
        "wyrdstone": shards,
        "gold_crowns": income,
        "warband_rating": rating,
        "warriors": warriors,
    }
    result = PostBattle(side=side, entries=entries, resources=resources, dice=roller.log)
    found = multiples(exploration)
    if found:
        result.entries.append({"exploration_multiple": found})
    return result
