"""Reads: catalogues, rosters, validation, history, catalogue changes and exports.

Every function is keyword-only. Validating or exporting a roster costs a bounded number of
queries whatever its size: the roster (with system and faction) and its allied factions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from armybuilder.catalogue_cache import catalogue_lookup
from armybuilder.constraints import RosterView
from armybuilder.errors import NotFoundError
from armybuilder.exchange import grouped_entries, interchange_payload
from armybuilder.models import (
    Faction,
    FactionRevision,
    GameSystem,
    Roster,
    RosterRevision,
    RulesVariant,
    SpecialRule,
)
from armybuilder.rosterdata import apply_options
from armybuilder.summaries import system_summary
from armybuilder.text_list import export_text
from armybuilder.text_selectors import user_catalogue_slugs
from armybuilder.validation import ValidationResult, price_roster, validate_roster


@dataclass(frozen=True, slots=True)
class RosterContext:
    """A roster's payload with the catalogue data it is read against."""

    payload: dict[str, Any]
    system: dict[str, Any]
    factions: dict[str, dict[str, Any]]
    revisions: dict[str, int]
    house_rules: dict[str, dict[str, Any]] = field(default_factory=dict)


def system_list() -> QuerySet[GameSystem]:
    """All loaded game systems."""
    return GameSystem.objects.all()


def faction_list(*, system: str) -> QuerySet[Faction]:
    """The site's sample factions of a system, by slug (users' catalogues: the
    ``catalogue_selectors``)."""
    return Faction.objects.filter(system__slug=system, owner__isnull=True).select_related("system")


def special_rule_names(
    *, system: str, slugs: Iterable[str], factions: Iterable[str] = ()
) -> dict[str, str]:
    """The glossary (human) name of each special rule slug of ``system``: the name the
    glossary of one of ``factions`` (the armies that carry it, uploaded catalogues too; read
    through the catalogue cache) gives it first, else any loaded faction's of the system (one
    query). A slug no glossary names is left out (callers speak the slug)."""
    wanted = set(slugs)
    names: dict[str, str] = {}
    if not wanted:
        return names
    for faction in catalogue_lookup(system=system, factions=factions).factions.values():
        for rule in (faction.data or {}).get("special_rules", []) or []:
            if rule.get("slug") in wanted and rule.get("name"):
                names.setdefault(str(rule["slug"]), str(rule["name"]))
    missing = wanted - set(names)
    if missing:
        rows = SpecialRule.objects.filter(faction__system__slug=system, slug__in=missing)
        for slug, name in rows.order_by("faction__slug").values_list("slug", "name"):
            names.setdefault(slug, name)
    return names


def roster_list(*, owner: Any) -> QuerySet[Roster]:
    """The rosters of one owner, most recently changed first."""
    return Roster.objects.filter(owner=owner).select_related("system", "faction")


def roster_usable_by(*, user: Any, reference: int | str) -> Roster | None:
    """The roster ``reference`` names for ``user``: by number only one of their own, by a
    share token whichever roster is shared under it; else None (callers answer 404, so a
    private roster is never revealed, and scanning numbers finds no shared roster)."""
    rosters = Roster.objects.select_related("system", "faction")
    if isinstance(reference, str):
        return rosters.filter(share_token=reference).first() if reference else None
    if not getattr(user, "is_authenticated", False):
        return None
    return rosters.filter(owner=user, pk=reference).first()


def roster_get_shared(*, token: str) -> Roster:
    """The roster shared under ``token``; NotFoundError ``roster.not_found`` otherwise."""
    roster = (
        Roster.objects.select_related("system", "faction").filter(share_token=token).first()
        if token
        else None
    )
    if roster is None:
        raise NotFoundError("roster.not_found", "No roster is shared under that link")
    return roster


def roster_get(*, roster_id: int, owner: Any | None = None) -> Roster:
    """One roster (only the owner's when ``owner`` is given); NotFoundError ``roster.not_found``."""
    queryset = Roster.objects.select_related("system", "faction")
    if owner is not None:
        queryset = queryset.filter(owner=owner)
    try:
        return queryset.get(pk=roster_id)
    except Roster.DoesNotExist as error:
        raise NotFoundError("roster.not_found", f"No roster {roster_id}") from error


VARIANT_KEY = "_variant"
"""The key of a rules variant's revision in a context's ``revisions`` (beside ``_system``)."""


def payload_factions(payload: dict[str, Any]) -> set[str]:
    """Every faction slug a payload builds from: its faction, allies and units' factions."""
    wanted = {payload.get("faction", ""), *payload.get("allies", [])}
    wanted |= {u["faction"] for u in payload.get("units", []) if u.get("faction")}
    return wanted - {""}


def catalogue_context(
    *,
    payload: dict[str, Any],
    system: GameSystem,
    house_rules: dict[str, Any] | None = None,
    primary: Faction | None = None,
    variant: RulesVariant | None = None,
    pinned: Mapping[str, int] | None = None,
) -> RosterContext:
    """The catalogues a payload needs: at most one light query of revisions when factions
    other than ``primary`` are named (their decoded rows come from the per-process cache).

    ``variant`` replaces the system's rules document; ``pinned`` (faction slug → revision,
    a campaign's pins) reads those factions at that stored revision instead of the latest
    (one more query when any differs)."""
    wanted = payload_factions(payload)
    factions: dict[str, Faction] = {}
    if primary is not None and primary.slug in wanted:
        factions[primary.slug] = primary
    missing = sorted(wanted - set(factions))
    if missing:
        factions.update(catalogue_lookup(system=system.slug, factions=missing).factions)
    data = {slug: f.data for slug, f in factions.items()}
    revisions = {"_system": system.revision}
    revisions.update({slug: factions[slug].revision for slug in sorted(factions)})
    held = {
        slug: number
        for slug, number in (pinned or {}).items()
        if slug in factions and factions[slug].revision != number
    }
    if held:
        rows = FactionRevision.objects.filter(
            faction__system=system, faction__slug__in=held
        ).values_list("faction__slug", "revision", "data")
        for slug, number, old in rows:
            if held[slug] == number:
                data[slug], revisions[slug] = old, number
    if variant is not None:
        revisions[VARIANT_KEY] = variant.revision
    return RosterContext(
        payload=payload,
        system=variant.data if variant is not None else system.data,
        factions=data,
        revisions=revisions,
        house_rules=house_rules or {},
    )


def roster_context(
    *,
    roster: Roster,
    variant: RulesVariant | None = None,
    pinned: Mapping[str, int] | None = None,
) -> RosterContext:
    """The roster's payload with its current catalogues under its own rules variant (or
    ``variant``, a campaign's), factions ``pinned`` at a revision read at that one."""
    return catalogue_context(
        payload=roster.payload,
        system=roster.system,
        house_rules=roster.house_rules,
        primary=roster.faction,
        variant=variant or (roster.rules_variant if roster.rules_variant_id else None),
        pinned=pinned,
    )


def context_validate(context: RosterContext) -> ValidationResult:
    """Run the one validator over a context."""
    return validate_roster(
        context.payload,
        system=context.system,
        factions=context.factions,
        overrides=context.house_rules,
    )


def roster_validate(*, roster: Roster) -> ValidationResult:
    """Every violation of the roster, points computed from the current catalogues."""
    return context_validate(roster_context(roster=roster))


def roster_view(*, roster: Roster) -> RosterView:
    """The roster priced against its catalogues (what constraints and summaries read)."""
    context = roster_context(roster=roster)
    return price_roster(context.payload, context.system, context.factions)


def roster_summary(*, roster: Roster) -> dict[str, Any]:
    """The system's computed figures (warband rating, GURPS derived values, FOC slots…)."""
    return system_summary(roster_view(roster=roster))


def roster_revision_list(*, roster: Roster) -> QuerySet[RosterRevision]:
    """The roster's revisions, newest first."""
    return RosterRevision.objects.filter(roster=roster).order_by("-number")


@dataclass(frozen=True, slots=True)
class UnitChange:
    """How one unit's points moved between the revision it was built at and now."""

    id: str
    name: str
    path: str
    before: int | None
    after: int | None

    @property
    def delta(self) -> int:
        return (self.after or 0) - (self.before or 0)


@dataclass(frozen=True, slots=True)
class CatalogueChanges:
    """What a newer catalogue revision changed for a roster."""

    built_against: dict[str, int]
    current: dict[str, int]
    points_before: int
    points_after: int
    points_limit: int
    points_name: str
    units: tuple[UnitChange, ...]
    new_violations: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.built_against != self.current

    @property
    def message(self) -> str:
        """E.g. "now 1515/1500 pts: Heavy Support squad +15"."""
        if not self.changed:
            return "No catalogue change since this roster was saved"
        head = f"now {self.points_after}/{self.points_limit} {self.points_name}"
        parts = [f"{u.name} {u.delta:+d}" for u in self.units if u.delta]
        return head + (": " + ", ".join(parts) if parts else ": no points change")

    def as_dict(self) -> dict[str, Any]:
        return {
            "changed": self.changed,
            "message": self.message,
            "built_against": self.built_against,
            "current": self.current,
            "points_before": self.points_before,
            "points_after": self.points_after,
            "units": [
                {
                    "id": u.id,
                    "name": u.name,
                    "path": u.path,
                    "before": u.before,
                    "after": u.after,
                    "delta": u.delta,
                }
                for u in self.units
            ],
            "new_violations": list(self.new_violations),
        }


def roster_catalogue_changes(
    *, roster: Roster, pinned: Mapping[str, int] | None = None
) -> CatalogueChanges:
    """Compare the per-unit points stored with the roster's latest revision (priced at the
    catalogue revisions it records) with the points under the current catalogues, or with
    factions ``pinned`` at a revision read there (the campaign the roster plays in)."""
    latest = RosterRevision.objects.filter(roster=roster).order_by("-number").first()
    context = roster_context(roster=roster, pinned=pinned)
    result = context_validate(context)
    before = dict(latest.unit_points) if latest else {}
    built = dict(latest.catalogue_revisions) if latest else dict(context.revisions)
    view = price_roster(context.payload, context.system, context.factions)
    units = unit_changes(view, before, result.unit_points)
    previous_codes: set[str] = set()
    if latest:
        old = validate_roster(
            latest.payload,
            system=context.system,
            factions=context.factions,
            overrides=latest.house_rules,
        )
        previous_codes = set(old.codes())
    new = tuple(v.message for v in result.violations if v.code not in previous_codes)
    return CatalogueChanges(
        built_against=built,
        current=dict(context.revisions),
        points_before=latest.points if latest else result.points,
        points_after=result.points,
        points_limit=result.points_limit,
        points_name=result.points_name,
        units=units,
        new_violations=new if built != context.revisions else (),
    )


def unit_changes(
    view: RosterView, before: Mapping[str, int], after: Mapping[str, int]
) -> tuple[UnitChange, ...]:
    """The units of ``view`` whose points differ between ``before`` and ``after``."""
    return tuple(
        UnitChange(unit.id, unit.name, unit.path, before.get(unit.id), after.get(unit.id))
        for unit in view.units
        if before.get(unit.id) != after.get(unit.id)
    )


def context_changes(*, before: RosterContext, after: RosterContext) -> CatalogueChanges:
    """What reading one payload against ``after``'s catalogues instead of ``before``'s
    changes (a campaign moving a pinned catalogue to another revision): the same diff a
    roster gets when its catalogue gains a revision, violations new when their code is."""
    old = context_validate(before)
    new = context_validate(after)
    view = price_roster(after.payload, after.system, after.factions)
    known = set(old.codes())
    return CatalogueChanges(
        built_against=dict(before.revisions),
        current=dict(after.revisions),
        points_before=old.points,
        points_after=new.points,
        points_limit=new.points_limit,
        points_name=new.points_name,
        units=unit_changes(view, old.unit_points, new.unit_points),
        new_violations=tuple(v.message for v in new.violations if v.code not in known),
    )


def roster_export_json(*, roster: Roster) -> dict[str, Any]:
    """The roster in our JSON interchange format."""
    return interchange_payload(roster.payload)


def roster_export_text(*, roster: Roster) -> str:
    """The roster as plain text (community layout, reads back with the text import)."""
    context = roster_context(roster=roster)
    return export_text(
        context.payload,
        system=context.system,
        factions=context.factions,
        result=context_validate(context),
        tagged_factions=user_catalogue_slugs(
            system=roster.system, factions=payload_factions(context.payload)
        ),
    )


def roster_print_data(*, roster: Roster) -> dict[str, Any]:
    """Everything a printable page needs: header, units by category with profiles, weapons,
    chosen options and rules, the special-rule glossary used, totals, violations, summary."""
    context = roster_context(roster=roster)
    result = context_validate(context)
    view = price_roster(context.payload, context.system, context.factions)
    sections = []
    used_rules: dict[str, dict[str, Any]] = {}
    glossary: dict[str, dict[str, Any]] = {}
    for faction in context.factions.values():
        for rule in faction.get("special_rules", []) or []:
            glossary.setdefault(rule["slug"], rule)
    for category, entries in grouped_entries(context.payload, context.system, context.factions):
        rows = []
        for index, entry, unit in entries:
            if unit is None:
                rows.append(
                    {
                        "path": f"units[{index}]",
                        "name": entry.get("name") or entry["unit"],
                        "unknown": True,
                    }
                )
                continue
            profile, weapons, rules = apply_options(unit, entry["size"], entry["options"])
            options = {o["slug"]: o["name"] for o in unit.get("options", [])}
            for rule in rules:
                slug = str(rule).split("(")[0]
                if slug in glossary:
                    used_rules[slug] = glossary[slug]
            rows.append(
                {
                    "path": f"units[{index}]",
                    "id": entry["id"],
                    "name": entry.get("name") or unit["name"],
                    "unit_name": unit["name"],
                    "size": entry["size"],
                    "points": result.unit_points.get(str(entry["id"]), 0),
                    "profile": profile,
                    "weapons": weapons,
                    "options": [options.get(s, s) for s in entry["options"]],
                    "rules": rules,
                }
            )
        sections.append({"category": category, "units": rows})
    return {
        "name": context.payload.get("name", ""),
        "system": {"slug": roster.system.slug, "name": roster.system.name},
        "faction": {"slug": roster.faction.slug, "name": roster.faction.name},
        "allies": [
            {"slug": a, "name": context.factions.get(a, {}).get("name", a)}
            for a in context.payload.get("allies", [])
        ],
        "points": result.points,
        "points_limit": result.points_limit,
        "points_name": result.points_name,
        "valid": result.is_valid,
        "violations": [v.as_dict() for v in result.violations],
        "sections": sections,
        "special_rules": [used_rules[s] for s in sorted(used_rules)],
        "summary": system_summary(view),
        "catalogue_revisions": context.revisions,
        "revision": roster.revision,
    }
