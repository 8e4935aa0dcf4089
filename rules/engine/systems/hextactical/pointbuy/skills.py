"""The skill list: controlling attribute, difficulty and defaults (GURPS 4e Basic Set,
"Skills" chapter, pp.B174–228; the skill cost table p.B170).

A skill the sheet buys is priced by its relative level (:func:`costs.skill_points`); a skill it
does not buy is used at its best default (the attribute or another skill, with a penalty).
Techniques are bought up from a parent skill's default (p.B229–230).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.systems.hextactical.character import normalise_difficulty


@dataclass(frozen=True, slots=True)
class Skill:
    """One skill: ``attribute`` and ``difficulty`` (E/A/H/VH), and ``defaults`` as
    ``(attribute or skill name, modifier)`` pairs; ``page`` is its Basic Set page."""

    name: str
    attribute: str
    difficulty: str
    page: str
    defaults: tuple[tuple[str, int], ...] = ()
    combat: bool = True


def _s(name: str, attribute: str, difficulty: str, page: str, *defaults: tuple[str, int]) -> Skill:
    return Skill(name, attribute, normalise_difficulty(difficulty), page, tuple(defaults))


SKILLS: tuple[Skill, ...] = (
    _s("Axe/Mace", "DX", "A", "B208", ("DX", -5), ("Flail", -4), ("Two-Handed Axe/Mace", -3)),
    _s(
        "Broadsword",
        "DX",
        "A",
        "B208",
        ("DX", -5),
        ("Rapier", -4),
        ("Shortsword", -2),
        ("Two-Handed Sword", -4),
    ),
    _s("Shortsword", "DX", "A", "B209", ("DX", -5), ("Broadsword", -2), ("Knife", -4)),
    _s("Rapier", "DX", "A", "B208", ("DX", -5), ("Broadsword", -4), ("Smallsword", -3)),
    _s("Smallsword", "DX", "A", "B208", ("DX", -5), ("Rapier", -3), ("Shortsword", -3)),
    _s("Knife", "DX", "E", "B208", ("DX", -4), ("Shortsword", -3)),
    _s("Spear", "DX", "A", "B208", ("DX", -5), ("Polearm", -4), ("Staff", -2)),
    _s(
        "Polearm",
        "DX",
        "A",
        "B208",
        ("DX", -5),
        ("Spear", -4),
        ("Staff", -4),
        ("Two-Handed Axe/Mace", -4),
    ),
    _s("Staff", "DX", "A", "B208", ("DX", -5), ("Polearm", -4), ("Spear", -2)),
    _s("Two-Handed Axe/Mace", "DX", "A", "B208", ("DX", -5), ("Axe/Mace", -3), ("Polearm", -4)),
    _s("Two-Handed Sword", "DX", "A", "B209", ("DX", -5), ("Broadsword", -4)),
    _s("Flail", "DX", "H", "B208", ("DX", -6), ("Axe/Mace", -4)),
    _s("Shield", "DX", "E", "B220", ("DX", -4)),
    _s("Brawling", "DX", "E", "B182"),
    _s("Wrestling", "DX", "A", "B228"),
    _s("Boxing", "DX", "A", "B182"),
    _s("Bow", "DX", "A", "B182", ("DX", -5)),
    _s("Crossbow", "DX", "E", "B186", ("DX", -4)),
    _s("Sling", "DX", "H", "B221", ("DX", -6)),
    _s("Thrown Weapon (Axe/Mace)", "DX", "E", "B226", ("DX", -4)),
    _s("Thrown Weapon (Knife)", "DX", "E", "B226", ("DX", -4)),
    _s("Thrown Weapon (Spear)", "DX", "E", "B226", ("DX", -4), ("Spear Thrower", -4)),
    Skill("Tactics", "IQ", "H", "B224", (("IQ", -6),)),
    Skill("Leadership", "IQ", "A", "B204", (("IQ", -5),)),
    Skill("First Aid", "IQ", "E", "B195", (("IQ", -4),), combat=False),
    Skill("Stealth", "DX", "A", "B222", (("DX", -5), ("IQ", -5)), combat=False),
    Skill("Intimidation", "Will", "A", "B202", (("Will", -5),), combat=False),
    Skill("Observation", "Per", "A", "B211", (("Per", -5),), combat=False),
    Skill("Survival", "Per", "A", "B223", (("Per", -5),), combat=False),
    Skill("Riding", "DX", "A", "B217", (("DX", -5),), combat=False),
    Skill("Climbing", "DX", "A", "B183", (("DX", -5),), combat=False),
    Skill("Running", "HT", "A", "B218", (("HT", -5),), combat=False),
    Skill("Carousing", "HT", "E", "B183", (("HT", -4),), combat=False),
)

BY_NAME: dict[str, Skill] = {s.name.lower(): s for s in SKILLS}


def find_skill(name: str) -> Skill | None:
    """The skill of the list named ``name`` (case ignored)."""
    return BY_NAME.get(str(name).strip().lower())


def default_level(skill: Skill, attributes: dict[str, int], known: dict[str, int]) -> int | None:
    """The best default level of an unbought ``skill`` from ``attributes`` (ST, DX, IQ, HT,
    Will, Per) and the ``known`` levels of bought skills (p.B173 "Defaults"); None when the
    skill has no default."""
    levels = [
        (attributes.get(source) if source in attributes else known.get(source))
        for source, _ in skill.defaults
    ]
    options = [
        level + modifier
        for level, (_, modifier) in zip(levels, skill.defaults, strict=True)
        if level is not None
    ]
    return max(options) if options else None
