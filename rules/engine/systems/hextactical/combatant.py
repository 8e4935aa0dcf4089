"""Combatants built from RosterData units (one unit = one GURPS combatant).

The template keys are documented in this package's README. NOT IN SEED: GURPS 4e Basic Set
rule for the character sheet itself (not in seed 004: GURPS Basic Set, Turn sequence and basic
attributes, Active defences, Damage); the seed (004) only adds
hex-map rules on top.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.hextactical import character, trait_effects
from rules.engine.systems.hextactical.damage import DamageDice, parse_damage, thrust_swing
from rules.engine.systems.hextactical.pointbuy.derived import lame_move
from rules.engine.systems.hextactical.settings import DEFAULT_SETTINGS, Settings

_SKILL_RULE = re.compile(r"^skill\((?P<name>[^,]+),\s*(?P<bonus>[+-]?\d+)\)$")
#: Default for a weapon skill the template does not list: DX − 4 (Basic Set defaults vary).
UNLISTED_SKILL_DEFAULT = -4


def slugify(name: str) -> str:
    """Lower-case, hyphen-separated trait keyword ("Combat Reflexes" → "combat-reflexes")."""
    text = re.sub(r"[^a-z0-9°]+", "-", str(name).lower()).strip("-")
    return text.replace("360°", "360").replace("360-degree", "360")


@dataclass(slots=True)
class AttackMode:
    """One way to attack with a weapon: swing, thrust or ranged, with its damage and, for a
    melee mode, its own reaches (a large knife swings at C,1 but thrusts at C only: GURPS 4e
    Basic Set p.B272)."""

    mode: str
    damage: DamageDice
    reaches: tuple[int, ...] = ()


@dataclass(slots=True)
class Weapon:
    """A weapon or shield as the engine plays it (keys of the template's ``weapons[]``)."""

    name: str
    skill_name: str
    skill: int
    modes: list[AttackMode] = field(default_factory=list)
    reaches: tuple[int, ...] = ()  # 0 stands for reach C
    reach_change_ready: bool = False
    parry_mod: int | None = 0
    st_req: int = 0
    hands: int = 1
    ranged: bool = False
    acc: int = 0
    half_range: int = 0
    max_range: int = 0
    rof: int = 1
    bulk: int = 0
    reload: int = 0
    thrown: bool = False
    ammo: int = 0
    shield: bool = False
    db: int = 0
    unbalanced: bool = False
    unready_after_attack: bool = False

    @property
    def melee(self) -> bool:
        return bool(self.reaches) and not self.shield

    @property
    def max_reach(self) -> int:
        return max(self.reaches) if self.reaches else -1

    def mode_at(self, mode: str, reach: int) -> AttackMode | None:
        """The melee mode ``mode`` if it strikes at ``reach``, else another melee mode that
        does (swing before thrust), None when none does."""
        melee_modes = [m for m in self.modes if m.mode != "ranged" and reach in m.reaches]
        return next((m for m in melee_modes if m.mode == mode), None) or next(
            iter(melee_modes), None
        )

    @property
    def kind(self) -> str:
        """What kind of missile weapon: "thrown", "bow", "sling", "crossbow", "firearm"
        (from the skill name), else "melee" — pop-up attacks need it (seed 004 "Pop-up")."""
        if self.thrown:
            return "thrown"
        if not self.ranged:
            return "melee"
        return RANGED_KINDS.get(self.skill_name, "firearm")

    @property
    def fencing(self) -> bool:
        """A fencing weapon (Rapier, Saber, Smallsword, Main-Gauche skills): +3 to parry when
        retreating. NOT IN SEED: GURPS 4e Basic Set rule (not in seed 004: GURPS Basic Set, Active
        defences)."""
        return self.skill_name in FENCING_SKILLS


RANGED_KINDS: dict[str, str] = {"Bow": "bow", "Sling": "sling", "Crossbow": "crossbow"}
FENCING_SKILLS: frozenset[str] = frozenset({"Rapier", "Saber", "Smallsword", "Main-Gauche"})


def parse_reach(text: Any, field_name: str) -> tuple[tuple[int, ...], bool]:
    """Reaches from "C", "1", "C,1", "1,2*", "1-3" (0 = C); a "*" marks a Ready to change."""
    raw = str(text).replace(" ", "")
    star = "*" in raw
    raw = raw.replace("*", "")
    reaches: set[int] = set()
    for part in raw.split(","):
        if not part:
            continue
        if "-" in part:
            lo_text, _, hi_text = part.partition("-")
            lo = 0 if lo_text.upper() == "C" else int(lo_text)
            hi = int(hi_text)
            reaches.update(range(lo, hi + 1))
        elif part.upper() == "C":
            reaches.add(0)
        elif part.isdigit():
            reaches.add(int(part))
        else:
            raise EngineError(field_name, f"Cannot read reach {text!r}.")
    if not reaches:
        raise EngineError(field_name, f"Cannot read reach {text!r}.")
    return tuple(sorted(reaches)), star


@dataclass(slots=True)
class Combatant:
    """One fighter on the hex map and everything the rules track about him."""

    id: str
    name: str
    side: str
    category: str
    points: int
    st: int
    dx: int
    iq: int
    ht: int
    will: int
    per: int
    hp_max: int
    fp_max: int
    basic_speed: float
    basic_move: int
    dodge_base: int
    dr: int
    traits: tuple[str, ...]
    skills: dict[str, int]
    weapons: list[Weapon]
    shield: Weapon | None
    side_hand: str = "right"
    # battle state
    hp: int = 0
    pos: tuple[int, int] = (0, 0)
    facing: int = 0
    posture: str = "standing"
    status: str = "fighting"
    weapon_index: int = 0
    weapon_ready: bool = True
    reach_setting: int = -1
    loaded: bool = True
    reload_left: int = 0
    ammo: dict[str, int] = field(default_factory=dict)
    aim_turns: int = 0
    aim_target: str = ""
    attacked_with: str = ""
    stunned: bool = False
    shock_pending: int = 0
    shock_now: int = 0
    maneuver: str = "none"
    aod_defence: str = ""
    dodge_only: bool = False
    conscious_checked: bool = False
    parries: dict[str, int] = field(default_factory=dict)
    blocked: bool = False
    retreats: int = 0
    retreated_from: str = ""
    no_defence: bool = False
    balance_lost: bool = False
    broken: set[str] = field(default_factory=set)
    close_with: str = ""
    grappled_by: str = ""
    pinned_by: str = ""
    half_from: int = -1
    wait_hexes: frozenset = frozenset()
    wait_line: bool = False
    wait_identify: bool = False
    death_checks: int = 0
    takedowns: list[str] = field(default_factory=list)
    taken_out_by: str = ""
    last_hit_by: str = ""
    hp_lost: int = 0
    fleeing: bool = False
    mortal: bool = False
    evaluate: int = 0
    evaluate_target: str = ""
    feint_by: str = ""
    feint_penalty: int = 0
    hit_location: str = ""
    crippled: set[str] = field(default_factory=set)
    trait_levels: dict[str, int] = field(default_factory=dict)
    #: Enhanced Parry levels by weapon skill ("*" every weapon), Weapon Master's skills,
    #: self-control numbers and variants by trait slug (``trait_effects.py``).
    enhanced_parry: dict[str, int] = field(default_factory=dict)
    weapon_master: frozenset[str] = frozenset()
    self_control: dict[str, int] = field(default_factory=dict)
    variants: dict[str, str] = field(default_factory=dict)
    #: Encumbrance level 0–4 (p.B17), already in ``basic_move`` and ``dodge_base``.
    encumbrance: int = 0
    carried: float = 0.0
    berserk: bool = False
    finish_off: str = ""

    @property
    def lame(self) -> bool:
        """A crippled leg or foot: he falls and cannot stand (GURPS 4e Basic Set p.B420)."""
        return any(part.endswith(("leg", "foot")) for part in self.crippled)

    def has(self, trait: str) -> bool:
        return trait in self.traits

    def level(self, trait: str) -> int:
        """Levels of a levelled trait (``extra.traits[].level``): 1 for one taken without a
        level, 0 for one not taken."""
        return self.trait_levels.get(trait, 1 if trait in self.traits else 0)

    @property
    def lift_st(self) -> int:
        """ST for lifting, carrying and grappling: ST + Lifting ST (GURPS 4e Basic Set
        p.B65)."""
        return self.st + self.level("lifting-st")

    @property
    def active(self) -> bool:
        """Still on the map and able to act (fighting)."""
        return self.status == "fighting"

    @property
    def weapon(self) -> Weapon:
        return self.weapons[self.weapon_index]

    @property
    def move(self) -> int:
        """Basic Move, halved (rounded up) below 1/3 HP (not in seed 004: GURPS Basic Set, Low and
        negative HP); at least 1."""
        move = self.basic_move
        if self.hp < self.hp_max / 3:
            move = math.ceil(move / 2)
        return max(1, move)

    @property
    def step(self) -> int:
        """Step = Move / 10 rounded up, at least 1 (not in seed 004: GURPS Basic Set, Step; seed 004
        "Move 11+")."""
        return max(1, math.ceil(self.basic_move / 10))

    @property
    def dodge(self) -> int:
        """Dodge, halved (rounded up) below 1/3 HP (not in seed 004: GURPS Basic Set, Low and
        negative HP)."""
        dodge = self.dodge_base
        if self.hp < self.hp_max / 3:
            dodge = math.ceil(dodge / 2)
        return dodge


def _skill_levels(unit: dict[str, Any], stats: dict[str, Any], rules: list[str]) -> dict[str, int]:
    levels: dict[str, int] = {}
    skills = (unit.get("extra") or {}).get("skills") or []
    for index, entry in enumerate(skills):
        attribute = entry.get("attribute", "DX")
        if attribute not in stats:
            raise EngineError(
                f"extra.skills[{index}].attribute", f"Unknown attribute {attribute!r}."
            )
        levels[entry["name"]] = character.skill_level(
            stats[attribute], entry.get("difficulty", "A"), entry.get("points", 1)
        )
    for rule in rules:
        match = _SKILL_RULE.match(str(rule))
        if match:
            name = match.group("name").strip()
            base = levels.get(name, stats["DX"] + UNLISTED_SKILL_DEFAULT)
            levels[name] = base + int(match.group("bonus"))
    return levels


def bow_st(skill_name: str, weapon_st: int, wielder_st: int) -> int:
    """The ST a missile weapon's thr/sw damage is read at. GURPS 4e Basic Set p.B270 (ST, and
    Damage of the ranged weapon table) and p.B276 (crossbow thr+4): a bow or crossbow has its
    own ST and does damage by it, not by the wielder's; a bow cannot be drawn past the
    wielder's ST, so its damage is at the lower of the two, while a stronger crossbow is only
    slower to cock (which the engine does not play). Thrown weapons use the wielder's ST; a
    bow or crossbow without an ``st`` uses the wielder's too."""
    kind = RANGED_KINDS.get(skill_name)
    if weapon_st <= 0 or kind not in ("bow", "crossbow"):
        return wielder_st
    return weapon_st if kind == "crossbow" else min(weapon_st, wielder_st)


def _weapon(entry: dict[str, Any], index: int, st: int, skills: dict[str, int], dx: int) -> Weapon:
    path = f"weapons[{index}]"
    if "name" not in entry:
        raise EngineError(f"{path}.name", "Every weapon needs a name.")
    skill_name = entry.get("skill") or ("Shield" if entry.get("shield") else "DX")
    skill = skills.get(skill_name, dx if skill_name == "DX" else dx + UNLISTED_SKILL_DEFAULT)
    weapon = Weapon(name=entry["name"], skill_name=skill_name, skill=skill)
    weapon.st_req = int(entry.get("st", 0) or 0)
    weapon.hands = int(entry.get("hands", 1) or 1)
    if entry.get("shield"):
        weapon.shield = True
        weapon.db = int(entry.get("db", 1))
        weapon.parry_mod = None
        return weapon
    star = False
    for mode in ("swing", "thrust"):
        if entry.get(mode):
            key = f"{mode}_reach" if entry.get(f"{mode}_reach") is not None else "reach"
            reaches, mode_star = parse_reach(entry.get(key, "1"), f"{path}.{key}")
            star = star or mode_star
            damage = parse_damage(entry[mode], st, f"{path}.{mode}")
            weapon.modes.append(AttackMode(mode, damage, reaches))
    if weapon.modes:
        weapon.reaches = tuple(sorted({r for m in weapon.modes for r in m.reaches}))
        weapon.reach_change_ready = bool(entry.get("reach_change_ready", star))
        parry = entry.get("parry", 0)
        weapon.parry_mod = None if parry is None or parry == "No" else int(parry)
        # "U" after the parry and "‡" after the ST of the Basic Set weapon tables (p.B269)
        weapon.unbalanced = bool(entry.get("unbalanced", False))
        weapon.unready_after_attack = bool(entry.get("unready_after_attack", False))
    if entry.get("ranged"):
        weapon.ranged = True
        missile_st = bow_st(skill_name, weapon.st_req, st)
        weapon.modes.append(
            AttackMode("ranged", parse_damage(entry["ranged"], missile_st, f"{path}.ranged"))
        )
        weapon.acc = int(entry.get("acc", 0))
        rng = entry.get("range") or [10, 20]
        if not isinstance(rng, list | tuple) or len(rng) != 2:
            raise EngineError(f"{path}.range", "range must be [half-damage, maximum] in yards.")
        weapon.half_range, weapon.max_range = int(rng[0]), int(rng[1])
        weapon.rof = int(entry.get("rof", 1))
        weapon.bulk = int(entry.get("bulk", 0))
        weapon.reload = int(entry.get("ready", 0))
        weapon.thrown = bool(entry.get("thrown", False))
        weapon.ammo = int(entry.get("ammo", 1 if weapon.thrown else 20))
        if not weapon.reaches:
            weapon.parry_mod = None
    if not weapon.modes:
        raise EngineError(
            f"{path}.swing", f"Weapon {weapon.name!r} has no swing, thrust or ranged."
        )
    return weapon


def punch(st: int, dx: int, skills: dict[str, int]) -> Weapon:
    """Bare hands: thr−1 crushing, reach C, parry at DX (Brawling if known).
    NOT IN SEED: GURPS 4e Basic Set rule."""
    thrust, _ = thrust_swing(st)
    skill = skills.get("Brawling", dx)
    return Weapon(
        name="Fist",
        skill_name="Brawling",
        skill=skill,
        modes=[AttackMode("thrust", DamageDice(thrust[0], thrust[1] - 1, "cr"), (0,))],
        reaches=(0,),
        parry_mod=0,
    )


def _bought_traits(c: Combatant, entries: list[dict[str, Any]], rules: list[str]) -> None:
    """The details of the traits bought that the engine plays (``trait_effects.py``)."""
    c.enhanced_parry = trait_effects.enhanced_parry(entries, rules)
    c.weapon_master = trait_effects.weapon_master(entries)
    for entry in entries:
        base, what = trait_effects.specialty(str(entry.get("name", "")))
        slug = slugify(base)
        number = entry.get("self_control")
        if number is not None:
            if isinstance(number, bool) or not isinstance(number, int):
                raise EngineError(
                    "extra.traits.self_control", f"Self-control must be 6, 9, 12 or 15: {number!r}."
                )
            c.self_control[slug] = number
        variant = str(entry.get("variant") or what).lower()
        if variant:
            c.variants[slug] = variant
        c.traits = tuple(sorted({*c.traits, slug}))


def _encumber(c: Combatant, extra: dict[str, Any], settings: Settings) -> None:
    """Lame's Basic Move (p.B141), then the encumbrance level of ``extra.carried_weight`` lb
    against Basic Lift at ST + Lifting ST: Move × 1…0.2 and Dodge −0…−4 (p.B15, B17)."""
    if c.has("lame"):
        c.basic_move = lame_move(c.basic_move, c.variants.get("lame", ""), settings)
    weight = extra.get("carried_weight", 0) or 0
    if isinstance(weight, bool) or not isinstance(weight, int | float) or weight < 0:
        raise EngineError("extra.carried_weight", f"Carried weight must be ≥ 0 lb, got {weight!r}.")
    level, _, factor = trait_effects.encumbrance_level(float(weight), c.lift_st)
    c.encumbrance, c.carried = level, float(weight)
    c.basic_move = max(1, math.floor(c.basic_move * factor))
    c.dodge_base -= level


def build_combatant(
    unit: dict[str, Any], side: str, settings: Settings = DEFAULT_SETTINGS
) -> Combatant:
    """A :class:`Combatant` from one RosterData unit; EngineError naming the bad field."""
    profile = unit.get("profile") or {}
    stats = character.derived_stats(profile)
    rules = [str(r) for r in unit.get("rules") or []]
    extra = unit.get("extra") or {}
    traits = sorted(
        {slugify(t.get("name", "")) for t in extra.get("traits") or []}
        | {slugify(r) for r in rules}
    )
    skills = _skill_levels(unit, stats, rules)
    weapons: list[Weapon] = []
    shield: Weapon | None = None
    for index, entry in enumerate(unit.get("weapons") or []):
        if not isinstance(entry, dict):
            raise EngineError(f"weapons[{index}]", "A weapon must be a mapping.")
        if int(entry.get("count", 1) or 0) < 1:
            continue
        weapon = _weapon(entry, index, stats["ST"], skills, stats["DX"])
        if weapon.shield:
            shield = weapon if shield is None or weapon.db > shield.db else shield
        else:
            weapons.append(weapon)
    weapons.append(punch(stats["ST"], stats["DX"], skills))
    dr_value = profile.get("DR", extra.get("armour_dr", 0))
    if isinstance(dr_value, bool) or not isinstance(dr_value, int) or dr_value < 0:
        raise EngineError(
            "extra.armour_dr", f"Armour DR must be a whole number ≥ 0, got {dr_value!r}."
        )
    combatant = Combatant(
        id=str(unit.get("id", "")),
        name=str(unit.get("name", "")),
        side=side,
        category=str(unit.get("category", "")),
        points=int(unit.get("points", 0) or 0),
        st=stats["ST"],
        dx=stats["DX"],
        iq=stats["IQ"],
        ht=stats["HT"],
        will=stats["Will"],
        per=stats["Per"],
        hp_max=max(1, stats["HP"]),
        fp_max=stats["FP"],
        basic_speed=stats["BasicSpeed"],
        basic_move=max(1, stats["BasicMove"]),
        dodge_base=stats["Dodge"],
        dr=dr_value,
        traits=tuple(traits),
        skills=skills,
        weapons=weapons,
        shield=shield,
        side_hand=str(extra.get("side_hand", "right")),
    )
    combatant.trait_levels = {
        slugify(t.get("name", "")): int(t["level"])
        for t in extra.get("traits") or []
        if isinstance(t.get("level"), int) and not isinstance(t.get("level"), bool)
    }
    _bought_traits(combatant, [t for t in extra.get("traits") or [] if isinstance(t, dict)], rules)
    _encumber(combatant, extra, settings)
    combatant.hp = combatant.hp_max
    combatant.ammo = {w.name: w.ammo for w in weapons if w.ranged}
    combatant.posture = str(extra.get("posture_start", "standing"))
    return combatant
