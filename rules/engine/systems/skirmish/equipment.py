"""Weapons and armour with their published modifiers (NOT IN SEED: published Mordheim
Weapons & Armour chapter, not in seed 001: published Mordheim rules, Shooting; parry is seed 001
§9).

Catalogue entries name an item by ``type`` (a key of :data:`EQUIPMENT`); the README of this
package lists them. The table is module data so a house-rules pack can swap it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Item:
    """One piece of equipment: a close-combat weapon, a missile weapon or armour."""

    key: str
    kind: str  # "melee" | "missile" | "armour"
    hands: int = 1  # 2: both hands in close combat (no shield, buckler or second weapon)
    strength_bonus: int = 0  # close combat: added to the wielder's S (seed 001 §6.2)
    strength: int = 0  # missile (and pistol in close combat): the weapon's own S
    range: float = 0.0
    save_modifier: int = 0  # extra points the target's save worsens (axe, handgun…)
    parry: bool = False  # seed 001 §9: swords and bucklers parry
    concussion: bool = False  # maces: injury 2-4 stunned
    enemy_save_bonus: int = 0  # daggers, fists: the target's save improves (dagger: none → 6+)
    strikes_first_first_round: bool = False  # spears
    strikes_last: bool = False  # double-handed weapons, even when charging
    heavy: bool = False  # flail: the strength bonus only in the first round
    move_or_fire: bool = False  # crossbows, handguns
    prepare_shot: bool = False  # pistols, handguns: fire every other turn
    melee_first_round_only: bool = False  # pistols in close combat
    no_second_weapon: bool = False  # spears: only a shield or buckler in the other hand
    unarmed: bool = False
    save: int | None = None  # armour: base save (light 6+, heavy 5+)
    save_improvement: int = 0  # shield: +1 to the save
    helmet: bool = False  # 4+ special save turning stunned into knocked down
    movement_penalty_with_shield: int = 0  # heavy armour + shield: -1 M


EQUIPMENT: dict[str, Item] = {
    "fists": Item("fists", "melee", enemy_save_bonus=1, unarmed=True),  # S: settings
    "natural-weapons": Item("natural-weapons", "melee", hands=2),
    "dagger": Item("dagger", "melee", enemy_save_bonus=1),
    "hand-weapon": Item("hand-weapon", "melee"),
    "mace": Item("mace", "melee", concussion=True),
    "axe": Item("axe", "melee", save_modifier=1),
    "sword": Item("sword", "melee", parry=True),
    "spear": Item("spear", "melee", strikes_first_first_round=True, no_second_weapon=True),
    "halberd": Item("halberd", "melee", hands=2, strength_bonus=1),
    "double-handed": Item("double-handed", "melee", hands=2, strength_bonus=2, strikes_last=True),
    "flail": Item("flail", "melee", hands=2, strength_bonus=2, heavy=True),
    "pistol": Item(
        "pistol",
        "missile",
        strength=4,
        range=6.0,
        save_modifier=1,
        prepare_shot=True,
        melee_first_round_only=True,
    ),
    "short-bow": Item("short-bow", "missile", hands=2, strength=3, range=16.0),
    "bow": Item("bow", "missile", hands=2, strength=3, range=24.0),
    "long-bow": Item("long-bow", "missile", hands=2, strength=3, range=30.0),
    "crossbow": Item("crossbow", "missile", hands=2, strength=4, range=30.0, move_or_fire=True),
    "handgun": Item(
        "handgun",
        "missile",
        hands=2,
        strength=4,
        range=24.0,
        save_modifier=1,
        move_or_fire=True,
        prepare_shot=True,
    ),
    "buckler": Item("buckler", "armour", parry=True),
    "shield": Item("shield", "armour", save_improvement=1),
    "helmet": Item("helmet", "armour", helmet=True),
    "light-armour": Item("light-armour", "armour", save=6),
    "heavy-armour": Item("heavy-armour", "armour", save=5, movement_penalty_with_shield=1),
}


MAIN_WEAPON_PREFERENCE: tuple[str, ...] = (
    "sword",
    "axe",
    "mace",
    "hand-weapon",
    "spear",
    "dagger",
    "pistol",
)


def item(key: str) -> Item:
    """The item for a catalogue ``type`` key (KeyError when unknown)."""
    return EQUIPMENT[key]
