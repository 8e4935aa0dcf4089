"""The unit definition a roster entry is checked and priced against (pure Python).

Usually the catalogue unit itself. A hero with a skill that opens a kind of equipment
(the system's ``SkillTables.opens``; Mordheim Weapons Training, published rulebook p.121,
Combat skills: "may use any close combat weapon he comes across, not just those in his
warband's equipment list") also has every option of that kind from the other equipment lists
of his warband's catalogue: the catalogue format has no shared armoury, so the warband's own
lists are what he "comes across". Such an option keeps its list's price and group and is
marked ``opened_by`` (the skill's name). The validator, the engine mapping, the builder's
option list, the API's input checks, the campaign's trading and the exchange grouping all
read an entry's options from here, so they agree.

The hero's skills are his unit's starting ``extra.skills``, the entry's ``skills`` and its
``learnt`` ones (skills learnt in a campaign, which the campaign adds to a working copy of
its roster: never stored).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.engine.systems import SYSTEMS as ENGINE_SYSTEMS
from rules.engine.systems.capabilities import SkillTables


def skill_tables(slug: str) -> SkillTables | None:
    """The hero skill lists of the system ``slug`` (None: it has none, or no such system)."""
    return next((s.catalogue.skills for s in ENGINE_SYSTEMS if s.slug == slug), None)


def entry_skills(unit: Mapping[str, Any], entry: Mapping[str, Any]) -> list[Any]:
    """Every skill the hero of ``entry`` has: his unit's, the entry's and those learnt."""
    extra = unit.get("extra") or {}
    return [
        *(extra.get("skills") or []),
        *(entry.get("skills") or []),
        *(entry.get("learnt") or []),
    ]


def opened_kinds(skills: Iterable[object], tables: SkillTables | None) -> dict[str, str]:
    """Equipment kind → the skill (slug) among ``skills`` that opens it."""
    if tables is None or not tables.opens:
        return {}
    out: dict[str, str] = {}
    for skill in skills:
        slug = tables.slug(str(skill))
        kind = tables.opens.get(slug)
        if kind:
            out.setdefault(kind, slug)
    return out


def option_kind(option: Mapping[str, Any], tables: SkillTables) -> str:
    """The kind of an option whose added weapons are all of one kind ("" otherwise)."""
    added = ((option.get("effects") or {}).get("add_weapons")) or []
    kinds = {tables.equipment_kinds.get(str(w.get("type", ""))) for w in added}
    return str(next(iter(kinds))) if len(kinds) == 1 and None not in kinds else ""


def entry_unit(
    unit: dict[str, Any] | None,
    entry: Mapping[str, Any],
    catalogue: Mapping[str, Any] | None,
    tables: SkillTables | None,
) -> dict[str, Any] | None:
    """``unit`` as ``entry`` is checked and priced against: with the options of the kinds
    the hero's skills open from every other unit's list of ``catalogue`` (first list first,
    his own options first), each marked ``opened_by``; ``unit`` itself when nothing opens."""
    if unit is None or tables is None:
        return unit
    opened = opened_kinds(entry_skills(unit, entry), tables)
    if not opened:
        return unit
    own = {str(o.get("slug")) for o in unit.get("options") or []}
    extra_options = []
    for other in (catalogue or {}).get("units") or []:
        for option in other.get("options") or []:
            slug = str(option.get("slug"))
            skill = opened.get(option_kind(option, tables))
            if skill and slug not in own:
                own.add(slug)
                extra_options.append({**option, "opened_by": tables.names.get(skill, skill)})
    if not extra_options:
        return unit
    return {**unit, "options": [*(unit.get("options") or []), *extra_options]}
