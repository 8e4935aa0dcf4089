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

# : 3d6 → effect of a critical miss (not in seed 004: GURPS Basic Set, Critical misses, uncertain
# entries): the weapon breaks,
#: you hit yourself, lose balance (no attack next turn, −2 to defences), the weapon turns in
#: your hand or is dropped (one Ready to recover), or you fall down (prone).
CRITICAL_MISS: dict[int, str] = {
    3: "breaks",
    4: "breaks",
    5: "hit_self",
    6: "hit_self",
    7: "lose_balance",
    8: "turns",
    9: "drop",
    10: "drop",
    11: "drop",
    12: "turns",
    13: "lose_balance",
    14: "drop",
    15: "lose_balance",
    16: "fall",
    17: "breaks",
    18: "breaks",
}


def damage_multiplier(effect: str) -> int:
    """Multiplier on basic damage for a critical-hit effect (×3, ×2 or ×1)."""
    return {"triple": 3, "double": 2}.get(effect, 1)
