"""One fighter's attacks on one target: rolled (battles) and exact (odds), one procedure.

The procedure (seed 001 §13, with the published injury rules of not in seed 001: published Mordheim
rules, Critical hits, Injuries):
roll every to-hit die (auto-hit against a knocked-down target, seed 001 §10.2); the
target may parry the highest hit (seed 001 §9); every remaining hit rolls to wound, the
first natural 6 that did not need a 6 is a critical (not in seed 001: published Mordheim rules,
Critical hits); wounds that pass the
armour save (seed 001 §8) are applied in order; once Wounds reach 0 each wound rolls an
injury die and the worst result stands (not in seed 001: published Mordheim rules, Injuries); a
knocked-down target with an
unsaved wound is out of action (seed 001 §10.3); a stunned target is out of action as soon
as it can be attacked (seed 001 §10.4). What a model's attacks after the one that downed the
target do is the setting ``SkirmishSettings.leftover_attacks`` (seed 001 "Attacking stunned and
knocked down warriors").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.engine.dice import Dice
from rules.engine.systems.skirmish import tables
from rules.engine.systems.skirmish.settings import DEFAULT_SETTINGS, SkirmishSettings
from rules.engine.systems.skirmish.tables import (
    KNOCKED_DOWN,
    OUT_OF_ACTION,
    SEVERITY,
    STANDING,
    STUNNED,
    critical_result,
    injury_result,
)

WOUNDED = "wounded"
UNHARMED = "unharmed"
OUTCOMES: tuple[str, ...] = (UNHARMED, WOUNDED, KNOCKED_DOWN, STUNNED, OUT_OF_ACTION)


@dataclass(frozen=True, slots=True)
class Strike:
    """One attack or shot, already reduced to the numbers needed on the dice."""

    hit_need: int | None  # None: hits automatically (knocked-down target, free hits)
    wound_need: int | None  # None: cannot wound ('-' in the to-wound table)
    save_need: int | None  # None: no armour save possible
    hit_followup: int | None = None  # shooting needing 7+: a 6 then this score
    parryable: bool = True  # False when S ≥ 2 × defender's base S (seed 001 §9.9)
    concussion: bool = False
    weapon: str = ""
    reroll_miss: bool = False  # hatred, Expert Swordsman: a missed to-hit die is rolled again
    ward: int | None = None  # Step Aside: a save no Strength modifies, after armour (``skills``)
    dodge: int | None = None  # Dodge: a missile hit is avoided on this score, before wounding

    @property
    def can_critical(self) -> bool:
        """No critical when a 6 was needed to wound (not in seed 001: published Mordheim rules,
        Critical hits)."""
        return self.wound_need is not None and self.wound_need < 6


@dataclass(frozen=True, slots=True)
class Exchange:
    """All strikes of one attacker against one target in one phase."""

    strikes: tuple[Strike, ...]
    target_wounds: int
    target_state: str = STANDING
    parry: int = 0  # 0 none, 1 one parry die, 2 one parry die with one re-roll (seed 001 §9.7)
    helmet: bool = False
    critical_available: bool = True
    injury_bonus: int = 0  # Strike to Injure (``skills``)
    critical_bonus: int = 0  # Web of Steel
    jump_up: bool = False  # Jump Up: an injury roll's "knocked down" leaves the target standing


@dataclass(slots=True)
class ExchangeResult:
    """What one exchange did; ``state`` is the target's state afterwards."""

    state: str
    hits: int = 0
    parried: bool = False
    wounds: int = 0
    critical: str = ""
    critical_used: bool = False
    dice: list[int] = field(default_factory=list)

    @property
    def outcome(self) -> str:
        """unharmed | wounded | knocked_down | stunned | out_of_action."""
        if self.state == STANDING:
            return WOUNDED if self.wounds else UNHARMED
        return self.state


def _parry_index(hits: list[tuple[int, int]], strikes: tuple[Strike, ...]) -> int | None:
    """The hit the defender must try to parry: the highest to-hit score, first on ties
    (seed 001 §9.5); None when that score is a 6 or its Strength is too high (§9.3, §9.9)."""
    best = -1
    best_index = None
    for index, die in hits:
        if die > best:
            best, best_index = die, index
    if best_index is None or best >= 6 or not strikes[best_index].parryable:
        return None
    return best_index


def _saved(strike: Strike, d6: Callable[[], int], rolled: list[int], armour: bool) -> bool:
    """The armour save (unless a critical ignores it), then any special save (Step Aside)."""
    for need in (strike.save_need if armour else None, strike.ward):
        if need is not None:
            die = d6()
            rolled.append(die)
            if die >= need:
                return True
    return False


def roll_exchange(
    exchange: Exchange, dice: Dice, settings: SkirmishSettings = DEFAULT_SETTINGS
) -> ExchangeResult:
    """Roll one attacker's strikes against one target (seed 001 §4–§10, not in seed 001: published
    Mordheim rules, Critical hits, Injuries)."""
    if not exchange.strikes:
        return ExchangeResult(state=exchange.target_state)
    if exchange.target_state == STUNNED:
        return ExchangeResult(state=OUT_OF_ACTION)
    rolled: list[int] = []
    d6: Callable[[], int] = dice.d6
    strikes = exchange.strikes
    hits: list[tuple[int, int]] = []
    for index, strike in enumerate(strikes):
        if strike.hit_need is None:
            hits.append((index, 0))
            continue
        die = d6()
        rolled.append(die)
        if die < strike.hit_need and strike.reroll_miss:
            die = d6()
            rolled.append(die)
        if die >= strike.hit_need:
            if strike.hit_followup is not None:
                extra = d6()
                rolled.append(extra)
                if extra < strike.hit_followup:
                    continue
            if strike.dodge is not None:
                dodge = d6()
                rolled.append(dodge)
                if dodge >= strike.dodge:
                    continue
            hits.append((index, die))
    result = ExchangeResult(state=exchange.target_state, hits=len(hits), dice=rolled)
    if exchange.parry and exchange.target_state == STANDING and hits:
        chosen = _parry_index(hits, strikes)
        if chosen is not None:
            score = next(die for index, die in hits if index == chosen)
            attempts = exchange.parry
            while attempts:
                attempts -= 1
                parry_die = d6()
                rolled.append(parry_die)
                if parry_die > score:
                    result.parried = True
                    hits = [h for h in hits if h[0] != chosen]
                    break
    crit_available = exchange.critical_available
    lose_leftovers = settings.leftover_attacks == tables.LEFTOVER_LOST
    bonus = 0
    injury_concussion: list[bool] = []
    wounds_left = exchange.target_wounds
    total = 0
    for index, _ in hits:
        if lose_leftovers and injury_concussion:
            # seed 001 "Attacking stunned and knocked down warriors": the target is down; this
            # model's remaining attacks are lost
            break
        strike = strikes[index]
        if strike.wound_need is None:
            continue
        die = d6()
        rolled.append(die)
        if die < strike.wound_need:
            continue
        if die == 6 and crit_available and strike.can_critical:
            crit_available = False
            result.critical_used = True
            crit_die = d6()
            rolled.append(crit_die)
            name, count, ignores, crit_bonus = critical_result(
                min(6, crit_die + exchange.critical_bonus)
            )
            result.critical = name
            if _saved(strike, d6, rolled, not ignores):
                continue
            bonus = max(bonus, crit_bonus)
        else:
            count = 1
            if _saved(strike, d6, rolled, True):
                continue
        for _ in range(count):
            total += 1
            if wounds_left > 1:
                wounds_left -= 1
            else:
                wounds_left = 0
                injury_concussion.append(strike.concussion)
    result.wounds = total
    if total == 0:
        return result
    if exchange.target_state == KNOCKED_DOWN:
        result.state = OUT_OF_ACTION
        return result
    worst = STANDING
    for concussion in injury_concussion:
        roll = d6()
        rolled.append(roll)
        state = injury_result(min(6, roll + bonus + exchange.injury_bonus), concussion)
        if SEVERITY[state] > SEVERITY[worst]:
            worst = state
    if worst == KNOCKED_DOWN and exchange.jump_up:
        worst = STANDING
    if worst == STUNNED and exchange.helmet:
        helmet_die = d6()
        rolled.append(helmet_die)
        if helmet_die >= 4:
            worst = KNOCKED_DOWN
    result.state = worst
    return result


# --- exact distribution -------------------------------------------------------------------


def _p_at_least(need: int | None) -> float:
    if need is None:
        return 0.0
    return max(0, min(6, 7 - need)) / 6.0


def _hit_outcomes(strike: Strike) -> list[tuple[int, float]]:
    """(to-hit die score or -1 for a miss, probability); 0 for an automatic hit."""
    if strike.hit_need is None:
        return [(0, 1.0)]
    follow = 1.0 if strike.hit_followup is None else _p_at_least(strike.hit_followup)
    if strike.dodge is not None:
        follow *= 1.0 - _p_at_least(strike.dodge)
    first_miss = 1.0 - _p_at_least(strike.hit_need)
    face = (1.0 + first_miss) / 6.0 if strike.reroll_miss else 1.0 / 6.0
    out: list[tuple[int, float]] = []
    miss = first_miss * (first_miss if strike.reroll_miss else 1.0)
    for die in range(1, 7):
        if die >= strike.hit_need:
            out.append((die, follow * face))
            miss += (1.0 - follow) * face
    out.append((-1, miss))
    return out


def _injury_cdf(concussion: bool, bonus: int) -> tuple[float, float, float]:
    """P(result ≤ knocked down), P(≤ stunned), P(≤ out of action) for one injury die."""
    counts = {KNOCKED_DOWN: 0, STUNNED: 0, OUT_OF_ACTION: 0}
    for roll in range(1, 7):
        counts[injury_result(min(6, roll + bonus), concussion)] += 1
    kd = counts[KNOCKED_DOWN] / 6.0
    st = kd + counts[STUNNED] / 6.0
    return kd, st, 1.0


def _hits_distribution(exchange: Exchange) -> dict[tuple[int, ...], float]:
    """Probability of each ordered tuple of strike indices that hit and were not parried."""
    strikes = exchange.strikes
    combos: dict[tuple[tuple[int, int], ...], float] = {(): 1.0}
    for index, strike in enumerate(strikes):
        nxt: dict[tuple[tuple[int, int], ...], float] = {}
        for combo, p in combos.items():
            for die, q in _hit_outcomes(strike):
                if q == 0.0:
                    continue
                key = combo if die < 0 else (*combo, (index, die))
                nxt[key] = nxt.get(key, 0.0) + p * q
        combos = nxt
    out: dict[tuple[int, ...], float] = {}
    can_parry = exchange.parry and exchange.target_state == STANDING
    for combo, p in combos.items():
        indices = tuple(i for i, _ in combo)
        chosen = _parry_index(list(combo), strikes) if can_parry and combo else None
        if chosen is None:
            out[indices] = out.get(indices, 0.0) + p
            continue
        score = next(die for i, die in combo if i == chosen)
        fail_once = (score) / 6.0
        p_parry = 1.0 - fail_once ** (2 if exchange.parry == 2 else 1)
        rest = tuple(i for i in indices if i != chosen)
        out[rest] = out.get(rest, 0.0) + p * p_parry
        out[indices] = out.get(indices, 0.0) + p * (1.0 - p_parry)
    return out


def exchange_distribution(
    exchange: Exchange, settings: SkirmishSettings = DEFAULT_SETTINGS
) -> dict[str, float]:
    """Exact probabilities of each outcome of :func:`roll_exchange` (same procedure)."""
    result = dict.fromkeys(OUTCOMES, 0.0)
    if not exchange.strikes:
        start = UNHARMED if exchange.target_state == STANDING else exchange.target_state
        result[start] = 1.0
        return result
    if exchange.target_state == STUNNED:
        result[OUT_OF_ACTION] = 1.0
        return result
    # state: (wounds_left, crit_available, bonus, concussion_rolls, plain_rolls, wounds)
    State = tuple[int, bool, int, int, int, int]
    lose_leftovers = settings.leftover_attacks == tables.LEFTOVER_LOST
    for hit_indices, p_hits in _hits_distribution(exchange).items():
        states: dict[State, float] = {
            (exchange.target_wounds, exchange.critical_available, 0, 0, 0, 0): p_hits
        }
        for index in hit_indices:
            strike = exchange.strikes[index]
            if strike.wound_need is None:
                continue
            p_wound = _p_at_least(strike.wound_need)
            p_ward = _p_at_least(strike.ward)
            p_save = _p_at_least(strike.save_need)
            if p_ward:
                p_save = 1.0 - (1.0 - p_save) * (1.0 - p_ward)
            nxt: dict[State, float] = {}

            def add(state: State, p: float, count: int, conc: bool, table: dict[State, float]):
                wl, ca, bn, nc, npl, wn = state
                for _ in range(count):
                    wn += 1
                    if wl > 1:
                        wl -= 1
                    else:
                        wl = 0
                        if conc:
                            nc += 1
                        else:
                            npl += 1
                key = (wl, ca, bn, nc, npl, wn)
                table[key] = table.get(key, 0.0) + p

            for state, p in states.items():
                if lose_leftovers and state[3] + state[4]:
                    nxt[state] = (
                        nxt.get(state, 0.0) + p
                    )  # seed 001 "Attacking stunned and knocked down warriors": attacks lost
                    continue
                crit_possible = state[1] and strike.can_critical
                p_crit = 1.0 / 6.0 if crit_possible else 0.0
                p_plain = p_wound - p_crit
                add(state, p * (1.0 - p_wound), 0, False, nxt)
                add(state, p * p_plain * p_save, 0, False, nxt)
                add(state, p * p_plain * (1.0 - p_save), 1, strike.concussion, nxt)
                if p_crit:
                    # the three critical results are two faces each; Web of Steel shifts them
                    faces = range(1, 7) if exchange.critical_bonus else (1, 3, 5)
                    for crit_roll in faces:
                        _, count, ignores, crit_bonus = critical_result(
                            min(6, crit_roll + exchange.critical_bonus)
                        )
                        q = p * p_crit / len(faces)
                        used = (state[0], False, state[2], state[3], state[4], state[5])
                        p_kept = p_ward if ignores else p_save
                        if p_kept:
                            add(used, q * p_kept, 0, False, nxt)
                            q *= 1.0 - p_kept
                        hit_state = (*used[:2], max(used[2], crit_bonus), *used[3:])
                        add(hit_state, q, count, strike.concussion, nxt)
            states = nxt
        for (_, _, bonus, nc, npl, wounds), p in states.items():
            if wounds == 0:
                start = UNHARMED if exchange.target_state == STANDING else exchange.target_state
                result[start] += p
                continue
            if exchange.target_state == KNOCKED_DOWN:
                result[OUT_OF_ACTION] += p
                continue
            if nc + npl == 0:
                result[WOUNDED] += p
                continue
            kd_c, st_c, _ = _injury_cdf(True, bonus + exchange.injury_bonus)
            kd_p, st_p, _ = _injury_cdf(False, bonus + exchange.injury_bonus)
            f_kd = kd_c**nc * kd_p**npl
            f_st = st_c**nc * st_p**npl
            p_kd, p_st, p_ooa = f_kd, f_st - f_kd, 1.0 - f_st
            if exchange.jump_up:
                result[WOUNDED] += p * p_kd
                p_kd = 0.0
            if exchange.helmet:
                p_kd += p_st / 2.0
                p_st /= 2.0
            result[KNOCKED_DOWN] += p * p_kd
            result[STUNNED] += p * p_st
            result[OUT_OF_ACTION] += p * p_ooa
    return result
