"""Named settings for the doubtful points of the digest (each with its alternative).

The seed (004) lacks its figures and leaves some numbers open; the digest marks them
uncertain (§18). Every such choice is a field of :class:`Settings`; ``DEFAULT_SETTINGS`` is
what the engine plays. Change a field (``dataclasses.replace``) to play the alternative, and
pass it per battle (``resolve_battle(..., settings=...)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.hexgrid import ARC_RECONSTRUCTION, ArcDefinition
from rules.engine.kernel.settings import RuleSettings


@dataclass(frozen=True, slots=True)
class Settings(RuleSettings):
    """Every doubtful rule choice in one place.

    - ``arcs``: front/side/rear arc reconstruction (seed 004 "Arc of vision" (figure missing;
      reconstruction), figures missing).
      Default ±60° with boundary rays (3/5/7 front hexes at reach 1/2/3); alternative
      ``hexgrid.ARC_NARROW`` (3/3/5).
    - ``wild_swing_caps_skill``: True = effective skill after all modifiers ≤ 9 (seed 004 "Wild
      swings",
      standard rule); False = the literal seed reading, the *penalty* is at most −9.
    - ``melee_enemy_hex_penalty_each``: True = −4 per enemy hex a reach-2+ melee line passes
      through (seed 004 "Attacking through occupied hexes", like ranged §9.3); False = a single −4
      however many.
    - ``kneeling_blocks_kneeling``: True = a kneeling occupant is in the way of a kneeling
      shooter (seed 004 "Firing through occupied hexes"); False = only sitting/prone shooters, as
      the seed literally says.
    - ``retreats_per_turn``: retreats allowed per turn (not in seed 004: GURPS Basic Set, Active
      defences, uncertain: 1).
    - ``repeated_parry_penalty``: cumulative penalty for each further parry with one weapon in a
      turn (not in seed 004: GURPS Basic Set, Active defences, uncertain: −4).
    - ``move_and_attack_allows_retreat``: not in seed 004: GURPS Basic Set, Maneuvers (uncertain):
      False.
    - ``flee_hp_fraction``: engine policy, not a GURPS rule: below this fraction of HP a
      combatant makes a Will roll each turn (−2 with Cowardice) or flees the map.
    - ``post_battle_cp``: character points awarded per game to a survivor: base, bonus for
      taking down at least one enemy, bonus for being on the winning side (1–3 CP total).
    - ``evade_resist_with_weapon_skill``: the foe resists an Evade with DX (False, Basic Set
      "Evading") or with the better of DX and his best melee weapon skill (True, the digest's
      §19.17 "DX or a weapon skill", uncertain).
    - ``evade_failure_stops_before``: a failed Evade stops the mover in the hex before the
      foe's (True); alternative False: he stops inside the foe's hex in close combat, the
      reading of the later designer clarification (seed 004 "Entering an enemy's hex"; not in seed
      004: GURPS Basic Set, Evade and slam uncertain).
    - ``aoa_long_swing_only``: All-Out Attack (Long) costs −2 damage or −1 per die (the worse)
      only on swings (True, published Martial Arts option); False = on every attack
      (not in seed 004: GURPS Basic Set, Maneuvers "Long +1 reach", uncertain).
    - ``death_check_critical_kills``: a death check failed by only 1 or 2 leaves one mortally
      wounded (GURPS 4e Basic Set p.B423 "Mortal Wounds"); the text gives a critical failure
      no special effect, so by default (False) the margin alone decides; True = a critical
      failure kills outright however small the margin (the engine's reading before 0.3.0).
    - ``martial_arts_long``: All-Out Attack (Long) is not a Basic Set option (p.B365 lists
      Determined, Double, Feint and Strong); it is the GURPS Martial Arts option, played only
      when this is True (default False, since engine 0.4.0).
    - ``close_combat_strike_penalty``: a melee or ranged attack into a close combat, on a foe in
      close combat with someone else, is at −2 (GURPS 4e Basic Set melee attack modifiers
      table, p.B548; digest §19.6); 0 = not played.
    - ``hit_locations``: "aimed" (default, the rule as written, GURPS 4e Basic Set p.B398): a
      hit strikes the torso unless the attack was aimed at another location at its penalty;
      "random": an unaimed hit rolls 3d6 on the hit location table (B398, a table's choice);
      "torso": every hit strikes the torso and nobody aims (the engine before 0.4.0).
    - ``bad_sight_double_range``: a nearsighted shooter (Bad Sight, GURPS 4e Basic Set p.B123)
      reads the range penalty at twice the distance (True, the older edition's wording; the
      4e text could not be checked here); False = Bad Sight gives no ranged penalty.
    - ``lame_move``: Basic Move lost with Lame (p.B141) for a crippled leg, a missing leg, no
      legs (3, 6, 99: at least Move 1 is left, crawling); figures from memory of the text,
      doubtful.
    - ``lame_skill_penalty``: Lame (p.B141) is also a penalty to skills that need the legs,
      which are every melee weapon and unarmed combat skill but no ranged weapon skill: −3 with
      a crippled leg, −6 with a missing leg or no legs (as summarised in the Steve Jackson
      Games forum "[Basic] Disadvantage of the Week: Lame and No Legs", 2019; the Basic Set
      text itself could not be checked here); (0, 0, 0) = Lame is its Move only.
    - ``extra_attack_move_and_attack``: Extra Attack (p.B53) gives its extra blows with
      Attack and All-Out Attack; True would give them with Move and Attack too (default
      False: the text ties the extra attacks to an attack maneuver, and Move and Attack is
      one attack; doubtful).
    - ``self_control_when_hurt``: a Berserk fighter rolls self-control when one injury is more
      than this fraction of his HP (p.B124: "more than 1/4 of your HP"); 0 = at any injury.
    """

    arcs: ArcDefinition = ARC_RECONSTRUCTION
    wild_swing_caps_skill: bool = True
    melee_enemy_hex_penalty_each: bool = True
    kneeling_blocks_kneeling: bool = True
    retreats_per_turn: int = 1
    repeated_parry_penalty: int = -4
    move_and_attack_allows_retreat: bool = False
    flee_hp_fraction: float = 1.0 / 3.0
    post_battle_cp: tuple[int, int, int] = (1, 1, 1)
    evade_resist_with_weapon_skill: bool = False
    evade_failure_stops_before: bool = True
    aoa_long_swing_only: bool = True
    death_check_critical_kills: bool = False
    martial_arts_long: bool = False
    close_combat_strike_penalty: int = -2
    hit_locations: str = field(default="aimed", metadata={"choices": ("aimed", "random", "torso")})
    bad_sight_double_range: bool = True
    lame_move: tuple[int, int, int] = (3, 6, 99)
    lame_skill_penalty: tuple[int, int, int] = (-3, -6, -6)
    extra_attack_move_and_attack: bool = False
    self_control_when_hurt: float = 0.25


DEFAULT_SETTINGS = Settings()

# : Skill cap for wild swings, blind fire and Move and Attack (seed 004; seed 004 "Wild swings",
# "Blind fire").
SKILL_CAP = 9
