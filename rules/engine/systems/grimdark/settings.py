"""Grimdark's settings for ambiguous rules (issue 14: one frozen dataclass per system).

Each field is one doubtful point of seed 000 or of the published 4th-edition rules that the
audit of issue 18 raised; its default is what the engine plays, its bullet in the class
docstring says why and names the alternative. The battle reads them from
``battle.settings`` (never a module global). The same choices are listed in docs/rules/grimdark.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.kernel.settings import RuleSettings

EXPLOSION_HITS: tuple[str, ...] = ("per_model", "d6_per_unit")
MISSION_LEVELS: tuple[str, ...] = ("alpha", "gamma", "omega")
WALKER_MELEE_ARMOUR: tuple[str, ...] = ("front", "rear_when_immobilised")
SKIMMER_TERRAIN_TESTS: tuple[str, ...] = ("start_or_end", "end", "none")


@dataclass(frozen=True, slots=True)
class GrimdarkSettings(RuleSettings):
    """The grimdark rule choices a campaign may store as house rules.

    - ``sweep_is_massacre``: Consolidation after a sweeping advance destroyed a unit: seed 000
      [43] says plainly "this is not a Massacre result" (请注意，这种情形不算是屠杀结果), so
      the winner consolidates 3". True plays the English transcription that calls it a
      Massacre (D6").
    - ``fall_back_halved_by_terrain_crossed``: A fall-back move is halved when its path crosses
      difficult terrain, not only when the unit starts in it: a fall back is a move (4e
      pp.47-49, published 4e p.48 "difficult terrain halves the roll"), and seed 000 [16] applies
      difficult terrain to any move that enters it. False halves only a unit that starts in
      difficult terrain.
    - ``feel_no_pain_denied_by_ap``: Feel No Pain is not taken against instant death or attacks
      that ignore armour (power weapons, rending, monstrous creatures: 4e pp.74-76), nor
      against weapons of this AP or better: the published 4e p.75 names AP1 and AP2 weapons. 0
      plays the digest's shorter wording, where AP never matters.
    - ``range_after_casualties``: Range is measured once, when the unit's shooting is planned:
      all its models fire together at one target (seed 000 [18][22]), so casualties from its
      first weapon do not put the target out of reach of the next. True re-measures before each
      weapon fires.
    - ``explosion_hits``: An exploding vehicle hits the models within D6" (4e pp.58-73 damage
      table: "models within D6" hit", published 4e p.61): one S3 hit per model in reach, the
      share of each unit's footprint inside the D6". "d6_per_unit" plays the older engine
      reading, D6 hits on every unit in reach.
    - ``night_fighting``: The Night Fight mission special rule (4e pp.84-87: "roll 2D6 x 3
      for distance seen by unit"), played in game turn 1 when a campaign or game chooses the
      mission option: each unit about to shoot rolls 2D6 × 3 and may pick only targets
      within that many inches; a unit armed only with barrages, which need no line of sight
      (seed 000 [31]), picks as by day. False (the default) plays the standard missions in daylight.
    - ``random_game_length``: Random game length (4e pp.84-87 name it; the published wording was
      not found, marked ≈). True plays it from the turn ``random_game_length_from`` names.
      False (the default) plays the standard missions' fixed six turns (4e pp.80-83); the
      Omega level plays it whatever this says.
    - ``random_game_length_from``: 6 (the default, digest §36 "Random Game Length: after turn
      6, roll to continue"): a D6 at the end of game turn 6 ends the battle on 1-3, else turn
      7 is the last. 5: the later rulebooks' Variable Game Length, which 4th-edition players
      also used: a D6 at the end of turn 5 ends it on 1-2, at the end of turn 6 on 1-3.
    - ``mission_level``: The standard missions' level (4e pp.80-83, every mission page:
      "Alpha: None. Gamma: Infiltrate, Deep Strike, Dusk & Dawn, Victory Points. Omega:
      Escalation, Concealment, Infiltrate, Deep Strike, Dusk & Dawn, Victory Points, Random
      Game Length", checked with the ``search`` tool). "alpha" (the default) is won on the
      objective; "gamma" and "omega" are won on victory points and add their special rules
      (``missions.LEVEL_RULES``).
    - ``objective_victory_points``: At the Gamma and Omega levels each objective a side holds at
      the end (a table quarter, a loot counter, a scoring unit counted by the mission) adds this
      many victory points: the published mission objectives are worth VPs (4e pp.84-87), but
      their values were not found with the ``search`` tool, so 100 is played (≈); 0 counts
      only destroyed units.
    - ``turbo_boost_save``: A bike or jetbike unit that turbo-boosted (24", no shooting or
      assault that turn, 4e pp.53-57) has this cover save until its next turn: the digest
      says only "gaining a save" (NOT IN SEED ≈), issue 18 names it a cover save and the
      later books give 3+; as a cover save AP does not affect it and templates ignore it
      (seed 000 [25][31]). 0 plays turbo-boosting without a save.
    - ``mixed_armour_allocation``: Mixed armour (4e p.76, named by seed 000 [24][25] but
      missing from it, NOT IN SEED ≈): in a unit whose models have different saves the owner
      allocates wounds one to each model, least valuable first, before any model takes a
      second; each wound is saved with its model's group's save and kills a model of that
      group (a group already gone passes it on to the rest). False plays the simpler
      reading where every wound goes onto the next casualty the owner picks.
    - ``trapped_when_blocked``: Trapped! (4e p.48, NOT IN SEED ≈): a unit that must fall
      back but whose way to its table edge is blocked by enemy units (their footprints) or
      impassable terrain, straight or up to 60° aside, is destroyed. False lets it move as
      far as the way is clear.
    - ``ordnance_damage_table``: An ordnance hit that penetrates a vehicle rolls on the
      harsher ordnance penetrating table (digest §36.6: "ordnance penetrating hits use a
      harsher table", 4e p.61 NOT IN SEED ≈): 1 stunned, 2 weapon destroyed, 3 immobilised,
      4 destroyed, 5-6 explodes (6 is the published "annihilated", played as explodes).
      Doubtful because the published rows were not found with the ``search`` tool (see
      ``tables.ORDNANCE_PENETRATING_TABLE``). False plays the ordinary penetrating table.
    - ``hull_down_vehicles``: A vehicle the firer's line finds in or behind cover (the cover
      save an infantry unit would get there) counts as obscured, so penetrating hits from
      that shot are glancing: digest §36.6 ≈ "Obscured (hull-down) vehicles … count
      penetrating hits as glancing", NOT IN SEED ≈ 4e p.62. Doubtful because the published
      test (the vehicle partly hidden from the firer's view) is judged model by model on the
      table, and the engine reads it from its cover rules; False plays smoke alone.
    - ``scatter_hits_locked``: A blast that scatters onto a close combat hits the locked models
      under it: digest §33 "Blast and template templates may not touch any locked model" is
      read as a rule for placing the template (it says "may not", like the placing rules of
      §20 and §21), and §21 barrage step 5 lets the scattered template "land off the table
      or on the firer's own troops" wherever the dice carry it. Doubtful because §33 may also
      be read as barring any hit on a locked model; False plays that reading (locked units
      under a scattered template are not hit).
    - ``transport_moves_after_embarking``: A transport whose passengers embarked in this
      Movement phase may still make its own move, carrying them, if it has not moved yet this
      phase; one that has already moved moves no further (NOT IN SEED ≈ published 4e
      pp.66-67, as issue 18 states it; the digest §36.6 covers only disembarking and the
      published wording was not found with the ``search`` tool). False keeps every transport
      still in the phase its passengers embark.
    - ``walker_melee_armour``: Close-combat blows against a walker roll armour penetration
      against its front armour (digest §36.6 "Hits go on the rear AV (walkers: front)", the
      published 4e Walkers section, NOT IN SEED ≈). Doubtful because issue 18 says walkers
      "can be hit on rear armour", and the rulebooks' later restatements hit an immobilised
      walker, which can no longer turn to face its attackers, on its rear armour; the
      published 4th-edition wording for that case was not found with the ``search`` tool.
      ``"rear_when_immobilised"`` plays that reading.
    - ``skimmer_terrain_test``: A moving skimmer flies over difficult and dangerous terrain
      but takes a dangerous terrain test (immobilised on a 1) when it starts or ends its move
      in it. The published 4e page (p.58, http://redelf.narod.ru/w40k/rulebook4/92.html,
      checked with the ``search`` tool) says only that "Skimmers and walkers are handled
      differently and are explained later"; the skimmer paragraph was not found, so the
      later rulebooks' published wording is played ("if a moving Skimmer starts or ends its
      move in difficult or dangerous terrain, it must take a Dangerous Terrain test", 5th
      edition and Horus Heresy pages, see ``skimmers``), NOT IN SEED ≈. "end" tests only
      the terrain it ends in; "none" plays the digest's quick-reference row "Skimmers: no
      (pass over)".
    - ``terrain_crashes_fast_skimmers``: A skimmer that moved more than 6" and is
      immobilised by its own terrain test crashes and is destroyed, like one immobilised by
      a hit: the 4e rule reads "an immobilised fast-moving skimmer is destroyed" (digest
      §36.6, 4e pp.58-73 ≈) without naming the cause. Doubtful because the rule sits with
      the damage results; False leaves it immobilised.
    - ``level_gates_deployment_rules``: Infiltrate and Deep Strike are played at every
      mission level, as the units' own rules (the 4e special-rules pages, pp.74-76, give
      them to units, and the published Deep Strike wording "some units always have the
      option" was read as allowing them everywhere). Doubtful because every standard
      mission page lists them among the level's special rules ("Alpha: None. Gamma:
      Infiltrate, Deep Strike, …", 4e pp.80-83, digest §36.9): True plays that reading,
      so at Alpha infiltrators and deep strikers deploy like any other unit.
    """

    sweep_is_massacre: bool = False
    fall_back_halved_by_terrain_crossed: bool = True
    feel_no_pain_denied_by_ap: int = 2
    range_after_casualties: bool = False
    explosion_hits: str = field(default="per_model", metadata={"choices": EXPLOSION_HITS})
    night_fighting: bool = False
    random_game_length: bool = False
    random_game_length_from: int = field(default=6, metadata={"choices": (5, 6)})
    mission_level: str = field(default="alpha", metadata={"choices": MISSION_LEVELS})
    objective_victory_points: int = 100
    turbo_boost_save: int = field(default=3, metadata={"choices": (0, 2, 3, 4, 5, 6)})
    mixed_armour_allocation: bool = True
    trapped_when_blocked: bool = True
    ordnance_damage_table: bool = True
    scatter_hits_locked: bool = True
    hull_down_vehicles: bool = True
    transport_moves_after_embarking: bool = True
    walker_melee_armour: str = field(default="front", metadata={"choices": WALKER_MELEE_ARMOUR})
    skimmer_terrain_test: str = field(
        default="start_or_end", metadata={"choices": SKIMMER_TERRAIN_TESTS}
    )
    terrain_crashes_fast_skimmers: bool = True
    level_gates_deployment_rules: bool = False
