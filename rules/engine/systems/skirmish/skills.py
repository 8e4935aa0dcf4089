"""The five hero skill lists as data, and the skills a fighter carries into battle (NOT IN
SEED: seed 001 is the close-combat chapter; published Mordheim rulebook pp.122-123, "Skills",
as listed at mordheimer.net/docs/campaigns/skills).

Each skill has a slug, a name, its list and a one-line description of our own; ``battle``
says whether the engine plays it. A skill that changes nothing on the table (a campaign
skill such as Haggle, or one needing equipment the engine does not have, such as
Knife-Fighter's throwing knives) is ``battle=False``. Where each battle skill takes effect:

- close combat (``combat``, ``attacks``): Strike to Injure (+1 injury), Combat Master (+1 A
  against two or more enemies; no All Alone test), Web of Steel (+1 critical), Expert
  Swordsman (re-roll misses with a sword when charging), Step Aside (5+ save in close
  combat), Resilient (−1 S of blows against him, not their save modifier), Mighty Blow (+1 S
  in close combat), Pit Fighter (+1 WS and +1 A fighting in a ruin), Unstoppable Charge (+1
  WS when charging), Strongman (a double-handed weapon does not strike last), Lightning
  Reflexes (strikes first against his chargers), Jump Up (a "knocked down" injury leaves him
  standing);
- shooting (``shooting``): Quick Shot (a bow fires twice), Pistolier (a brace of pistols
  fires twice), Eagle Eyes (+6" range), Trick Shooter (no cover penalty), Nimble (a
  move-or-fire weapon after moving), Hunter (no turn lost reloading), Dodge (5+ save against
  each missile hit, before it wounds);
- movement (``movement``, ``climbing``): Sprint (runs ×3), Leap (a charge D6" longer),
  Acrobat (one Initiative test for a jump of up to 12"), Scale Sheer Surfaces (climbs without
  a test, up to 2×M);
- psychology (``psychology``): Fearsome (causes fear), Battle Tongue (the leader lends his Ld
  within 12"), Combat Master (no All Alone test);
- magic (``magic``): Sorcery (+1 to cast).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.engine.systems.capabilities import SkillTables
from rules.engine.systems.skirmish.equipment import EQUIPMENT


@dataclass(frozen=True, slots=True)
class Skill:
    """One hero skill: slug, name, list, our one-line description, played in battle."""

    slug: str
    name: str
    list: str
    text: str
    battle: bool = True
    opens: str = ""
    """The kind of equipment (``equipment.Item.kind``) the hero may take from any equipment
    list of his warband, not only his own (Weapons Training: "melee")."""


COMBAT = "combat"
SHOOTING = "shooting"
ACADEMIC = "academic"
STRENGTH = "strength"
SPEED = "speed"
SKILL_LISTS: tuple[str, ...] = (COMBAT, SHOOTING, ACADEMIC, STRENGTH, SPEED)

_SKILLS: tuple[Skill, ...] = (
    Skill("strike-to-injure", "Strike to Injure", COMBAT, "+1 to his injury rolls in melee."),
    Skill("combat-master", "Combat Master", COMBAT, "+1 Attack against 2+ foes; never alone."),
    Skill(
        "weapons-training",
        "Weapons Training",
        COMBAT,
        "Any melee weapon of the warband.",
        battle=False,
        opens="melee",
    ),
    Skill("web-of-steel", "Web of Steel", COMBAT, "+1 to his critical hit rolls in melee."),
    Skill("expert-swordsman", "Expert Swordsman", COMBAT, "Re-rolls sword misses on a charge."),
    Skill("step-aside", "Step Aside", COMBAT, "A 5+ save against every wound in melee."),
    Skill("quick-shot", "Quick Shot", SHOOTING, "Shoots a bow twice a turn."),
    Skill("pistolier", "Pistolier", SHOOTING, "Fires a brace of pistols twice a turn."),
    Skill("eagle-eyes", "Eagle Eyes", SHOOTING, '+6" range with missile weapons.'),
    Skill("weapons-expert", "Weapons Expert", SHOOTING, "Any missile weapon.", battle=False),
    Skill("nimble", "Nimble", SHOOTING, "Moves and fires a move-or-fire weapon."),
    Skill("trick-shooter", "Trick Shooter", SHOOTING, "Ignores the cover penalty."),
    Skill("hunter", "Hunter", SHOOTING, "Fires a crossbow or handgun every turn."),
    Skill("knife-fighter", "Knife-Fighter", SHOOTING, "Throws three knives.", battle=False),
    Skill("battle-tongue", "Battle Tongue", ACADEMIC, 'Leader only: his Ld reaches 12".'),
    Skill("sorcery", "Sorcery", ACADEMIC, "Casters only: +1 to casting rolls."),
    Skill("streetwise", "Streetwise", ACADEMIC, "Finds rare goods more easily.", battle=False),
    Skill("haggle", "Haggle", ACADEMIC, "Pays less for one item a trip.", battle=False),
    Skill("arcane-lore", "Arcane Lore", ACADEMIC, "May learn lesser magic.", battle=False),
    Skill("wyrdstone-hunter", "Wyrdstone Hunter", ACADEMIC, "Re-rolls one die.", battle=False),
    Skill("warrior-wizard", "Warrior Wizard", ACADEMIC, "Casts in armour.", battle=False),
    Skill("mighty-blow", "Mighty Blow", STRENGTH, "+1 Strength in melee."),
    Skill("pit-fighter", "Pit Fighter", STRENGTH, "+1 WS and +1 Attack fighting in a ruin."),
    Skill("resilient", "Resilient", STRENGTH, "Blows against him are at −1 Strength."),
    Skill("fearsome", "Fearsome", STRENGTH, "Causes fear."),
    Skill("strongman", "Strongman", STRENGTH, "A double-handed weapon does not strike last."),
    Skill("unstoppable-charge", "Unstoppable Charge", STRENGTH, "+1 WS when charging."),
    Skill("leap", "Leap", SPEED, 'Leaps D6" further when a charge falls short.'),
    Skill("sprint", "Sprint", SPEED, "Runs at three times his Move."),
    Skill("acrobat", "Acrobat", SPEED, 'Jumps down up to 12" with one Initiative test.'),
    Skill("lightning-reflexes", "Lightning Reflexes", SPEED, "Strikes first at his chargers."),
    Skill("jump-up", "Jump Up", SPEED, "Shrugs off a knocked-down injury."),
    Skill("dodge", "Dodge", SPEED, "A 5+ save against each missile hit."),
    Skill("scale-sheer-surfaces", "Scale Sheer Surfaces", SPEED, "Climbs 2×M with no test."),
)

SKILLS: Mapping[str, Skill] = {s.slug: s for s in _SKILLS}
BY_LIST: Mapping[str, tuple[str, ...]] = {
    name: tuple(s.slug for s in _SKILLS if s.list == name) for name in SKILL_LISTS
}

STEP_ASIDE_SAVE = 5
DODGE_SAVE = 5
EAGLE_EYES_RANGE = 6.0
SPRINT_MULTIPLIER = 3.0
ACROBAT_JUMP = 12.0
BATTLE_TONGUE_RANGE = 12.0


def skill_slug(name: object) -> str:
    """A skill's slug from its slug or its name ("Strike to Injure" → strike-to-injure)."""
    return re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")


def known_skills(names: Iterable[object]) -> frozenset[str]:
    """The slugs of the skills among ``names`` (slugs or names) this module lists; others,
    such as a campaign's house-rule skills, have no effect in battle."""
    return frozenset(slug for slug in map(skill_slug, names) if slug in SKILLS)


SKILL_TABLES = SkillTables(
    lists=BY_LIST,
    names={s.slug: s.name for s in _SKILLS},
    slug=skill_slug,
    texts={s.slug: s.text for s in _SKILLS},
    opens={s.slug: s.opens for s in _SKILLS if s.opens},
    equipment_kinds={key: item.kind for key, item in EQUIPMENT.items()},
)
"""The lists as the army builder's validator and the campaign's advance picks read them."""


def allowed_skills(lists: Iterable[object], taken: Iterable[object] = ()) -> list[str]:
    """The skills a hero whose type may take ``lists`` may still learn (published
    "Skills": a hero picks from his type's lists; a skill is learnt once), list by list."""
    have = known_skills(taken)
    return [slug for slug in SKILL_TABLES.allowed(lists) if slug not in have]
