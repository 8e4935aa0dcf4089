"""Reads for the plain-text list: a pasted list matched against the catalogues (game and
faction by name or ``[slug]``, then units and options, :mod:`armybuilder.text_list`) and the
factions whose name alone may not find them when a list is written."""

from __future__ import annotations

from typing import Any

from armybuilder.catalogue_access import visible_q
from armybuilder.catalogue_cache import catalogue_lookup
from armybuilder.models import Faction, GameSystem
from armybuilder.text_list import Named, key, read_text, refuse, text_payload


def system_named(written: Named) -> str:
    """The slug of the game ``written`` names (its ``[slug]``, its name or its slug)."""
    if written.slug:
        return written.slug
    games = dict(GameSystem.objects.values_list("slug", "name"))
    found = [s for s, name in games.items() if key(written.label) in (key(name), key(s))]
    if len(found) == 1:
        return found[0]
    listed = ", ".join(sorted(games.values()))
    raise refuse(written.line, f"no game named {written.label!r} (the games: {listed})")


def faction_named(written: Named, *, system: str, user: Any) -> str:
    """The slug of the faction ``written`` names in ``system``: its ``[slug]``, else the one
    catalogue ``user`` may build from with that name, a sample before the user's own before
    a public one; refused naming the line when none or two of one kind match."""
    if written.slug:
        return written.slug
    rows = Faction.objects.filter(visible_q(user), system__slug=system).values_list(
        "slug", "name", "owner_id"
    )
    user_id = getattr(user, "pk", None)
    tiers: dict[int, list[str]] = {}
    for slug, name, owner in rows:
        if key(written.label) in (key(name), key(slug)):
            tier = 0 if owner is None else 1 if owner == user_id else 2
            tiers.setdefault(tier, []).append(slug)
    if not tiers:
        names = ", ".join(sorted({name for _, name, _ in rows}))
        raise refuse(written.line, f"no faction named {written.label!r} (the factions: {names})")
    best = sorted(tiers[min(tiers)])
    if len(best) > 1:
        raise refuse(
            written.line,
            f"{len(best)} catalogues are named {written.label!r}: add the one you mean in "
            f"brackets ({', '.join(f'[{s}]' for s in best)})",
        )
    return best[0]


def roster_payload_from_text(*, text: str, user: Any = None) -> dict[str, Any]:
    """The interchange payload of a pasted list (names or the older ``[slug]`` tags);
    ImportFormatError ``import.text`` naming the line of a name the catalogues lack."""
    listed = read_text(text)
    system = system_named(listed.system)
    faction = faction_named(listed.faction, system=system, user=user)
    allies = [faction_named(a, system=system, user=user) for a in listed.allies]
    wanted = {faction, *allies} | {u.faction for u in listed.units if u.faction}
    catalogues = catalogue_lookup(system=system, factions=wanted).factions
    return text_payload(
        listed,
        system=system,
        faction=faction,
        allies=allies,
        catalogues={slug: row.data for slug, row in catalogues.items()},
    )


def user_catalogue_slugs(*, system: GameSystem, factions: set[str]) -> frozenset[str]:
    """Those of ``factions`` that are users' catalogues: a list names them with their
    ``[slug]``, as another user's catalogue may share the name."""
    rows = Faction.objects.filter(system=system, slug__in=factions, owner__isnull=False)
    return frozenset(rows.values_list("slug", flat=True))
