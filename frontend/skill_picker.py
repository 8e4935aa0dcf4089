"""The builder's skill picker for a hero (NOT IN SEED: published Mordheim rulebook p.122,
"Skills": a hero learns skills from the lists his type may take): the skills of his lists
as checkboxes with their short description, the ones he has, and the validator's refusals
(``skill.*`` violations of the entry) shown beside the field."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.capabilities import SkillTables


def skill_block(
    tables: SkillTables | None,
    unit: dict[str, Any],
    entry: dict[str, Any],
    errors: list[str],
) -> dict[str, Any] | None:
    """What the picker shows for one roster entry: ``lists`` (the type's access table),
    ``offered`` (each skill of them: slug, name, list, text, taken), ``kept`` (the entry's
    skills outside them, for the validator to refuse), ``starting`` (skills
    the catalogue gives him), ``chosen`` (the entry's skills with their text) and
    ``errors``; None when the system has no skill lists or the unit learns none."""
    extra = unit.get("extra") or {}
    lists = [str(name) for name in extra.get("skill_lists") or []]
    taken = [tables.slug(str(s)) for s in entry.get("skills") or []] if tables else []
    if tables is None or not (lists or taken or errors):
        return None
    offered = [
        {
            "slug": slug,
            "name": tables.names[slug],
            "list": name,
            "text": tables.texts.get(slug, ""),
            "taken": slug in taken,
        }
        for name in lists
        for slug in tables.allowed([name])
    ]
    slugs = {s["slug"] for s in offered}
    return {
        "lists": lists,
        "offered": offered,
        "kept": [slug for slug in taken if slug not in slugs],
        "starting": [
            tables.names.get(tables.slug(str(s)), str(s)) for s in extra.get("skills") or []
        ],
        "chosen": [
            {"name": tables.names.get(slug, slug), "text": tables.texts.get(slug, "")}
            for slug in taken
        ],
        "errors": errors,
    }


def skills_from_post(block: dict[str, Any], post: Any) -> list[str]:
    """The skill slugs ticked in a unit form (``skill-<slug>``), in the picker's order; a
    skill the entry has that the picker does not offer is kept (the validator names it)."""
    ticked = [s["slug"] for s in block["offered"] if post.get(f"skill-{s['slug']}")]
    return [*ticked, *block["kept"]]
