"""A per-process cache of decoded catalogues (game systems and factions).

A faction row carries its whole catalogue as JSON; decoding it on every request dominated
``POST /rosters/validate/``. Each process keeps the rows it has read, keyed by
``(system slug, faction slug)``, and checks them on every lookup with one light query of
ids, revisions, content hashes and ``updated_at`` (no JSON): a row whose stamp changed (a
catalogue reload with a new revision, an edit in the admin) is read again, so a reload is
seen by the next request of every process. Nothing is ever served without that check.

Cached rows are shared between requests and threads: callers must treat ``data`` as
read-only (the validator and the pricing code only read it).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import connection

from armybuilder.models import Faction, GameSystem

# Upper bound on cached factions per process (the catalogues hold a few dozen); past it the
# cache is emptied and refilled, which only costs a re-read.
MAX_FACTIONS = 512


@dataclass(frozen=True, slots=True)
class Stamp:
    """What identifies one stored version of a catalogue row."""

    id: int
    revision: int
    content_hash: str
    updated_at: datetime | None


@dataclass(slots=True)
class CachedFaction:
    """A faction row read once per version, with its units indexed by slug on demand."""

    stamp: Stamp
    faction: Faction
    units: dict[str, dict[str, Any]] | None = field(default=None)


@dataclass(slots=True)
class CatalogueLookup:
    """The current system (None when unknown) and the requested factions that exist."""

    system: GameSystem | None
    factions: dict[str, Faction]


# Only quoted table names and ``%s`` placeholders are formatted in; values are parameters.
STAMP_SQL = (
    "SELECT s.id, s.revision, s.content_hash, s.updated_at,"
    " f.slug, f.id, f.revision, f.content_hash, f.updated_at"
    " FROM {systems} s LEFT JOIN {factions} f"
    " ON f.system_id = s.id AND f.slug IN ({marks})"
    " WHERE s.slug = %s"
)

_lock = threading.Lock()
_systems: dict[str, tuple[Stamp, GameSystem]] = {}
_factions: dict[tuple[str, str], CachedFaction] = {}


def catalogue_clear() -> None:
    """Forget every cached row (tests; never needed for correctness)."""
    with _lock:
        _systems.clear()
        _factions.clear()


def catalogue_lookup(*, system: str, factions: Iterable[str]) -> CatalogueLookup:
    """The system ``system`` and those of ``factions`` it holds, current as of this call.

    One query of stamps when everything is cached and unchanged; the rows that changed or
    were never read are then fetched in full (one query each for the system and factions).
    """
    wanted = sorted({slug for slug in factions if slug})
    stamps = stamp_rows(system=system, factions=wanted)
    if stamps is None:
        return CatalogueLookup(system=None, factions={})
    system_stamp, faction_stamps = stamps
    game_system = current_system(system, system_stamp)
    found: dict[str, Faction] = {}
    stale: list[str] = []
    for slug in wanted:
        stamp = faction_stamps.get(slug)
        if stamp is None:
            continue
        cached = _factions.get((system, slug))
        if cached is not None and cached.stamp == stamp:
            found[slug] = cached.faction
        else:
            stale.append(slug)
    if stale:
        rows = list(Faction.objects.filter(system_id=system_stamp.id, slug__in=stale))
        with _lock:
            if len(_factions) + len(stale) > MAX_FACTIONS:
                _factions.clear()
            for row in rows:
                row.system = game_system
                _factions[(system, row.slug)] = CachedFaction(faction_stamps[row.slug], row)
                found[row.slug] = row
    return CatalogueLookup(system=game_system, factions={s: found[s] for s in sorted(found)})


def stamp_rows(*, system: str, factions: list[str]) -> tuple[Stamp, dict[str, Stamp]] | None:
    """The stamps of the system and of the named factions it holds; None for no system.

    Plain SQL (one round trip, no JSON column): the ORM spent ~0.8 ms compiling this join
    on every request, more than the query itself.
    """
    sql = STAMP_SQL.format(
        systems=connection.ops.quote_name(GameSystem._meta.db_table),
        factions=connection.ops.quote_name(Faction._meta.db_table),
        marks=", ".join(["%s"] * len(factions)) or "NULL",
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*factions, system])
        rows = cursor.fetchall()
    if not rows:
        return None
    system_stamp = Stamp(*rows[0][:4])
    return system_stamp, {row[4]: Stamp(*row[5:]) for row in rows if row[4] is not None}


def current_system(slug: str, stamp: Stamp) -> GameSystem:
    """The cached system when its stamp matches, else read again (and its factions dropped,
    since they point at the old system object). A row is stored under the stamp read
    before it, so a change in between only causes one more read, never a stale answer."""
    cached = _systems.get(slug)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    row = GameSystem.objects.get(pk=stamp.id)
    with _lock:
        for key in [key for key in _factions if key[0] == slug]:
            del _factions[key]
        _systems[slug] = (stamp, row)
    return row


def unit_index(*, system: str, faction: Faction) -> dict[str, dict[str, Any]]:
    """The faction's catalogue units by slug, built once per cached version (``system`` is
    the system's slug)."""
    cached = _factions.get((system, faction.slug))
    if cached is not None and cached.faction is faction:
        if cached.units is None:
            cached.units = build_unit_index(faction)
        return cached.units
    return build_unit_index(faction)


def build_unit_index(faction: Faction) -> dict[str, dict[str, Any]]:
    return {u["slug"]: u for u in faction.data.get("units", []) or []}
