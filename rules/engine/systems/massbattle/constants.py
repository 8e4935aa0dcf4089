"""Numbers and named settings of the massbattle engine (Kings of War 2010, seed 003).

The seed's doubtful points are rule choices in :class:`settings.MassBattleSettings`, passed
per battle.
"""

from __future__ import annotations

# Table (seed 003 §12 step 2): 6 ft x 4 ft; side "a" deploys at the south edge (low y).
TABLE_WIDTH = 72.0
TABLE_DEPTH = 48.0
CENTRE_LINE_Y = TABLE_DEPTH / 2
DEPLOY_GAP = 12.0  # more than 12" from the centre line (seed 003 §12 step 6)
MAX_TURNS = 12  # 6 per player (seed 003 §12 step 4)
SPACING = 1.0  # units keep 1" apart except when charging (seed 003 §4-5)

# Base sizes in inches (NOT IN SEED: the seed shows formations, not base sizes). Published
# Kings of War bases: infantry 20 mm, cavalry 25x50 mm, heroes 25 mm, monsters and war
# engines 50 mm. ``extra.base`` in a catalogue overrides them.
BASE_SIZES: dict[str, tuple[float, float]] = {
    "infantry": (0.8, 0.8),
    "horde": (0.8, 0.8),
    "cavalry": (1.0, 2.0),
    "hero": (1.0, 1.0),
    "monster": (2.0, 2.0),
    "war_engine": (2.0, 2.0),
}
# Models per rank (seed 003 §2): infantry and cavalry 5 wide, hordes 10 wide.
RANK_WIDTH: dict[str, int] = {"infantry": 5, "horde": 10, "cavalry": 5}
HORDE_MIN_SIZE = 40  # infantry of 40+ models forms a horde (seed 003 §2: 10 wide, 4-6 ranks)

# Weapon ranges (seed 003 §6 table: values lost in the transcription). NOT IN SEED: published
# later-edition ranges; catalogues may give ``range`` per weapon instead.
DEFAULT_RANGES: dict[str, float] = {
    "bow": 24.0,
    "crossbow": 24.0,
    "gun": 24.0,
    "thrown": 12.0,
    "pistol": 12.0,
    "javelin": 12.0,
    "war_engine": 48.0,
}
HALT_ONLY_KINDS = frozenset({"crossbow", "gun", "war_engine"})  # seed 003 §6
SPELL_RANGE_SHORT = 12.0  # Breath Attack, Heal (seed 003 §9-10)
SPELL_RANGE_ZAP = 24.0  # Lightning Bolt / Zap (seed 003 §10)
SPELL_HIT_ON = 4  # spells and thrown animals hit on 4+ ignoring modifiers (seed 003 §9-10)
ANIMAL_DICE = 5  # throwing mastiffs / sabre cat roll five dice (seed 003 §9)
ANIMAL_RANGE = 12.0  # a thrown weapon: range lost in the seed, published thrown range 12"
INDIRECT_MIN_RANGE = 12.0  # Indirect Fire may not target units within 12" (seed 003 §10)
INSPIRING_RANGE = 6.0  # seed 003 §10
OBJECTIVE_RADIUS = 3.0  # seed 003 §12
OBJECTIVE_SPACING = 12.0  # objectives more than 12" apart (seed 003 §12)
KILL_PILLAGE_BONUS = 100  # +100 points per objective held (seed 003 §12)
KILL_MARGIN_FRACTION = 0.20  # seed 003 §12
PILLAGE_MARGIN = 2  # win by at least two more objectives (seed 003 §12)

STEP = 1.0  # movement is checked every inch ...
FINE_STEP = 0.5  # ... and to the half inch where it is blocked
