"""What an advance lets the player pick (NOT IN SEED: published Mordheim rulebook pp.121-122,
Advances and Skills): the skills a "new skill" offers and the promotion "the lad's got
talent" makes. Each adds ``choose_one_of`` to advance entries of ``advances.advances``."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from rules.engine.systems.skirmish.skills import SKILL_LISTS, SKILLS, allowed_skills

LADS_GOT_TALENT = "lads_got_talent"


def offer_talent(
    unit_advances: list[dict[str, Any]], fighters: list[dict[str, Any]], lists: list[str]
) -> int:
    """The lad's got talent: the group's first living member becomes a hero (``promote``)
    who learns from two skill lists available to the warband's heroes (``lists``; all five
    when none is known), picked as one ``choose_one_of`` option "<list> + <list>" (NOT IN
    SEED: published Mordheim rulebook p.121, Henchmen advance table 10-12). Promotions made."""
    talents = [e for e in unit_advances if e["result"] == LADS_GOT_TALENT]
    living = [f["id"] for f in fighters if not f["dead"]]
    if not talents or not living:
        return 0
    names = [n for n in SKILL_LISTS if n in lists] or list(SKILL_LISTS)
    pairs = [f"{a} + {b}" for a, b in combinations(names, 2)] or names
    for entry in talents[:1]:
        entry["promote"] = living[0]
        entry["choose_one_of"] = pairs
    return 1


def offer_skills(unit_advances: list[dict[str, Any]], extra: Mapping[str, Any]) -> None:
    """A "new skill" advance names the skills the hero may pick (``choose_one_of``): those of
    the lists his type may take (``extra.skill_lists``, the catalogue's access table) he has
    not learnt (``extra.skills``) (NOT IN SEED: published Mordheim rulebook p.122,
    "Skills"); without lists the campaign's own list applies."""
    lists = extra.get("skill_lists") or []
    options = [SKILLS[s].name for s in allowed_skills(lists, extra.get("skills") or [])]
    if not options:
        return
    for entry in unit_advances:
        if entry["result"] == "new_skill":
            entry["choose_one_of"] = list(options)
