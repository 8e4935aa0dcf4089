"""The shooting phase: who may shoot, at whom, with what (seed 003 §6, §9-§10)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.systems.massbattle import constants as C
from rules.engine.systems.massbattle.combat import (
    animal_attack,
    attack,
    fixed_attack,
    shooting_modifiers,
)
from rules.engine.systems.massbattle.footprint import (
    Footprint,
    point_distance,
)
from rules.engine.systems.massbattle.sight import (
    UNCLEAR_COVER_SEEN,
    UNCLEAR_ROLL,
    UNCLEAR_SIGHT_SEEN,
    points_seen,
)
from rules.engine.systems.massbattle.state import BattleState
from rules.engine.systems.massbattle.units import Unit


@dataclass(frozen=True, slots=True)
class ShotOption:
    """One ranged attack a unit could make; ``fixed`` = 4+ ignoring modifiers."""

    kind: str  # weapon | breath | bolt | heal | animal
    name: str
    dice: int
    range: float
    piercing: int = 0
    fixed: bool = False
    halt_only: bool = False
    indirect: bool = False


@dataclass(slots=True, init=False)
class ShotTarget:
    """One ranged attack at one target, with its cover and long-range modifiers; never
    changed once made (the AI builds one for every candidate it ranks)
    (``init=False`` and the ``__init__`` below: the compiled engine builds a class with its
    own ``__init__`` natively, a generated one through the interpreter, ~0.4 µs each)."""

    option: ShotOption
    target: Unit
    cover: bool
    long_range: bool

    def __init__(self, option: ShotOption, target: Unit, cover: bool, long_range: bool) -> None:
        self.option = option
        self.target = target
        self.cover = cover
        self.long_range = long_range


def in_contact(state: BattleState, unit: Unit) -> bool:
    """A unit touching an enemy may neither shoot nor be shot (seed 003 §6). Units touch only
    through this turn's charges (everyone else keeps 1" apart), kept in ``state.engaged``."""
    return unit.id in state.engaged


def shot_options(unit: Unit) -> list[ShotOption]:
    """Ranged attacks: weapons (Ra), Breath Attack 12", Lightning Bolt 24" Piercing (1),
    Heal 12", throwing animals once per game (seed 003 §6, §9-§10). Kept on the unit
    (``Unit.shot_memo``) by whether its animal is used, the one thing that changes them;
    the list is shared, not to be changed."""
    options = unit.shot_memo.get(unit.animal_used)
    if options is None:
        options = unit.shot_memo[unit.animal_used] = _shot_options(unit)
    return options


def _shot_options(unit: Unit) -> list[ShotOption]:
    out: list[ShotOption] = []
    if unit.ra is not None:
        for w in unit.weapons:
            out.append(
                ShotOption(
                    "weapon",
                    w.name,
                    w.attacks or unit.at,
                    w.range,
                    w.piercing + unit.value("piercing"),
                    halt_only=w.halt_only,
                    indirect=unit.has("indirect-fire"),
                )
            )
    if unit.has("breath-attack"):
        out.append(
            ShotOption(
                "breath",
                "Breath Attack",
                unit.value("breath-attack"),
                C.SPELL_RANGE_SHORT,
                unit.value("piercing"),
                fixed=True,
            )
        )
    if unit.has("lightning-bolt"):
        out.append(
            ShotOption(
                "bolt",
                "Lightning Bolt",
                unit.value("lightning-bolt"),
                C.SPELL_RANGE_ZAP,
                1,
                fixed=True,
            )
        )
    if unit.has("heal"):
        out.append(ShotOption("heal", "Heal", unit.value("heal"), C.SPELL_RANGE_SHORT, fixed=True))
    if not unit.animal_used:
        if unit.has("throwing-mastiffs"):
            out.append(
                ShotOption("animal", "Throwing mastiffs", C.ANIMAL_DICE, C.ANIMAL_RANGE, fixed=True)
            )
        if unit.has("sabre-cat"):
            out.append(
                ShotOption(
                    "animal", "Sabre-toothed cat", C.ANIMAL_DICE, C.ANIMAL_RANGE, 1, fixed=True
                )
            )
    return out


def may_shoot(state: BattleState, unit: Unit) -> bool:
    """Not after a March, not while Wavering, not in contact (seed 003 §6, §8)."""
    return (
        unit.alive and not unit.wavering and unit.order != "march" and not in_contact(state, unit)
    )


def option_allowed(unit: Unit, option: ShotOption) -> bool:
    """Crossbows, guns and war engines shoot only after a Halt order (seed 003 §6)."""
    return not option.halt_only or unit.order == "halt"


def sabre_cat_target_ok(target: Unit) -> bool:
    """The cat attacks only heroes, monsters, war engines or units of at most 10 models
    (seed 003 §9)."""
    return target.unit_type in ("hero", "monster", "war_engine") or target.size <= 10


def shot_candidates(
    state: BattleState, unit: Unit, option: ShotOption, only: Unit | None = None
) -> list[tuple[Unit, float]]:
    """(target, distance) pairs that pass every test but sight: range from the leader,
    Indirect Fire not within 12", not in contact; Heal: damaged friends, itself only under
    ``heal_self`` (seed 003 §6, §10)."""
    out: list[tuple[Unit, float]] = []
    ex, ey = unit.fp.leader()
    if option.kind == "heal":
        if only is not None:
            pool = [only] if only.alive else []
        elif state.settings.heal_self:
            pool = [*state.friends(unit), unit]
        else:
            pool = state.friends(unit)
        for target in pool:
            if target.side != unit.side:
                continue
            if target.damage <= 0 or point_distance(target.fp, ex, ey) > option.range:
                continue
            out.append((target, 0.0))
        return out
    if only is not None:
        pool = [only] if only.alive and only.side != unit.side else []
    else:
        pool = state.enemies(unit)
    cat = option.name == "Sabre-toothed cat"
    reach, indirect, engaged = option.range, option.indirect, state.engaged
    for target in pool:
        if cat and not sabre_cat_target_ok(target):
            continue
        tfp = target.fp
        far = reach + tfp.r
        dx, dy = tfp.x - ex, tfp.y - ey
        if dx * dx + dy * dy > far * far:
            continue
        dist = point_distance(tfp, ex, ey)
        if dist > reach or (indirect and dist <= C.INDIRECT_MIN_RANGE):
            continue
        if target.id in engaged:  # in_contact
            continue
        out.append((target, dist))
    return out


def sight_of(
    state: BattleState,
    unit: Unit,
    target: Unit,
    cache: dict[str, tuple[bool, bool]],
    others: list[Footprint],
) -> tuple[bool, bool]:
    """(sees, cover) of ``target`` from the unit's leader, kept in ``cache`` by target id
    (valid while nothing moves); ``others`` is filled with the footprints of the living
    units but the looker on first use (``sight_blockers`` passes over the target's)."""
    if target.id not in cache:
        if not others:
            others.extend(u.fp for u in state.units if u.alive and u is not unit)
        cache[target.id] = _sight(state, unit, target, others)
    return cache[target.id]


def targets_for(
    state: BattleState,
    unit: Unit,
    option: ShotOption,
    sight_cache: dict[str, tuple[bool, bool]] | None = None,
    only: Unit | None = None,
) -> list[ShotTarget]:
    """Legal targets: partly in the front arc, seen by the leader, within range from the
    leader; Indirect Fire not within 12"; Heal only friends (seed 003 §6, §10). ``only``
    checks that one unit alone."""
    out: list[ShotTarget] = []
    cache = {} if sight_cache is None else sight_cache
    others: list[Footprint] = []
    for target, dist in shot_candidates(state, unit, option, only):
        if option.kind == "heal":
            out.append(ShotTarget(option, target, False, False))
            continue
        sees, cover = sight_of(state, unit, target, cache, others)
        if sees:
            out.append(ShotTarget(option, target, cover, dist > option.range / 2))
    return out


def _sight(
    state: BattleState, unit: Unit, target: Unit, others: list[Footprint]
) -> tuple[bool, bool]:
    if not unit.individual and not state.sight.in_front_arc(unit.fp, target.fp):
        return False, False
    return state.sight.sight(state.terrain, others, unit.fp, target.fp, all_round=True)


def hit_needed(unit: Unit, shot: ShotTarget) -> int:
    """Ra plus one per modifier (long range, cover, moved, Individual) (seed 003 §6)."""
    if shot.option.fixed:
        return C.SPELL_HIT_ON
    moved = unit.order != "halt"
    penalty = shooting_modifiers(
        shot.long_range, shot.cover, moved, shot.target.individual, shot.option.indirect
    )
    return int(unit.ra or 7) + penalty


def settle_unclear(state: BattleState, unit: Unit, shot: ShotTarget) -> ShotTarget | None:
    """The D6 rolls of unclear cases as the shot is fired: sight of one point of five is
    seen on 4+ (else the shot is lost, None), cover of two points of five is lifted on 4+
    (seed 003 §3 sight, §6 cover); cover matters to weapons only (spells and animals ignore
    modifiers), Indirect Fire ignores both."""
    if shot.option.indirect:
        return shot
    others = [u.fp for u in state.units if u.alive and u is not unit and u is not shot.target]
    seen = points_seen(state.terrain, others, unit.fp, shot.target.fp, state.sight)
    if seen == UNCLEAR_SIGHT_SEEN:
        roll = state.dice.d6()
        _unclear_event(state, unit, shot.target, "sight", roll)
        if roll < UNCLEAR_ROLL:
            return None
    elif seen == UNCLEAR_COVER_SEEN and shot.option.kind == "weapon":
        roll = state.dice.d6()
        _unclear_event(state, unit, shot.target, "cover", roll)
        return ShotTarget(shot.option, shot.target, roll < UNCLEAR_ROLL, shot.long_range)
    return shot


def _unclear_event(state: BattleState, unit: Unit, target: Unit, what: str, roll: int) -> None:
    state.event(
        unit.side,
        unit.id,
        f"{unit.name} checks unclear {what} of {target.name}: {roll}",
        target.id,
        [roll],
    )


def resolve_shot(state: BattleState, unit: Unit, shot: ShotTarget) -> int:
    """Fire one ranged attack and put damage markers (or heal), the unclear cases rolled
    first (``settle_unclear``); returns damage dealt."""
    if shot.option.kind != "heal":
        settled = settle_unclear(state, unit, shot)
        if settled is None:
            return 0
        shot = settled
    option, target = shot.option, shot.target
    dice = state.dice
    if option.kind == "heal":
        hits, _ = fixed_attack(dice, option.dice, 7, 0)
        healed = min(hits, target.damage)
        target.damage -= healed
        state.event(
            unit.side,
            unit.id,
            f"{unit.name} heals {target.name} by {healed}",
            target.id,
            healed=healed,
        )
        return 0
    if option.kind == "animal":
        unit.animal_used = True
        reroll = target.has("shambling") and option.name == "Throwing mastiffs"
        dealt = animal_attack(dice, target.de, option.piercing, reroll)
        hits = dealt
    elif option.fixed:
        hits, dealt = fixed_attack(dice, option.dice, target.de, option.piercing)
    else:
        hits, dealt = attack(
            dice,
            option.dice,
            hit_needed(unit, shot),
            target.de,
            option.piercing,
            unit.has("elite"),
            state.settings.elite_reroll_mode == "one_total",
        )
    target.damage += dealt
    target.phase_damage += dealt
    unit.damage_dealt += dealt
    state.event(
        unit.side,
        unit.id,
        f"{unit.name} shoots {target.name} with {option.name}: {hits} hits, {dealt} damage",
        target.id,
        hits=hits,
        damage=dealt,
    )
    return dealt
