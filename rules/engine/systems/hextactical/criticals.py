"""Critical hit and critical miss tables as data.

NOT IN SEED: GURPS 4e Basic Set rule — not in seed 004: GURPS Basic Set, Critical hits (critical hit
table) and §19.9 (critical
miss table, whose exact entries the digest marks uncertain: implemented as data here).
"""

from __future__ import annotations

#: 3d6 → effect of a critical hit (not in seed 004: GURPS Basic Set, Critical hits).
CRITICAL_HIT: dict[int, str] = {
    3: "triple",
    4: "half_dr",
    5: "double",
    6: "max",
    7: "major",
    8: "double_shock",
    9: "normal",
    10: "normal",
    11: "normal",
    12: "drop",
    13: "major",
    14: "major",
    15: "max",
    16: "double",
    17: "half_dr",
    18: "triple",
}

#: 3d6 → effect of a critical miss (GURPS 4e Basic Set p.B556 Critical Miss Table): the weapon
#: breaks, you hit yourself (full damage on 5, half on 6), lose your balance (no further action
#: this turn, −2 to defend until your next turn), the weapon turns in your hand or is dropped
#: (one Ready to recover), you strain your shoulder (that weapon arm is out for the fight: 30
#: minutes) or you fall down (prone).
CRITICAL_MISS: dict[int, str] = {
    3: "breaks",
    4: "breaks",
    5: "hit_self",
    6: "hit_self_half",
    7: "lose_balance",
    8: "turns",
    9: "drop",
    10: "drop",
    11: "drop",
    12: "turns",
    13: "lose_balance",
    14: "drop",
    15: "strained",
    16: "fall",
    17: "breaks",
    18: "breaks",
}

#: Critical-miss effects that hit the attacker himself.
HIT_SELF = frozenset({"hit_self", "hit_self_half"})


def damage_multiplier(effect: str) -> int:
    """Multiplier on basic damage for a critical-hit effect (×3, ×2 or ×1)."""
    return {"triple": 3, "double": 2}.get(effect, 1)
