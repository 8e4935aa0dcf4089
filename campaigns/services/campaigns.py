"""Campaigns: create one (with its house rules and rules variant), edit it, add organisers;
the points limit in force now."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from armybuilder.rules_variant_selectors import rules_variant_for
from campaigns.errors import CampaignError, CampaignForbidden
from campaigns.house_rules import check_settings
from campaigns.models import Campaign, CampaignFormat, CampaignStatus
from campaigns.selectors import is_organiser
from campaigns.services.audit import audit
from core.concurrency import NO_EXPECTATION, ExpectedRevision
from core.input_guard import text_problem
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError

JOIN_CODE_BYTES = 6
MAX_SEED = 2**31
MAX_POINTS = 100_000


def new_seed() -> int:
    """A fresh seed for a campaign or a game's post-battle dice."""
    return secrets.randbelow(MAX_SEED)


def require_organiser(campaign: Campaign, user: Any) -> None:
    """Refuse (403 ``campaign.not_organiser``) a user who does not organise the campaign."""
    if not is_organiser(campaign=campaign, user=user):
        raise CampaignForbidden("campaign.not_organiser", "Only an organiser may do this.")


def check_points(**values: Any) -> None:
    """``points_limit`` (1–100,000) and ``points_step`` (0–100,000) are whole numbers in
    range; CampaignError naming the field otherwise (never a database error)."""
    for field, low in (("points_limit", 1), ("points_step", 0)):
        if field not in values:
            continue
        value = values[field]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_POINTS:
            raise CampaignError(
                "campaign.points",
                f"{field} must be a whole number from {low} to {MAX_POINTS}.",
                field,
            )


def campaign_rules_variant(*, user: Any, system: str, variant_id: int | None) -> Any:
    """The rules variant (an id the organiser may read, of the campaign's system) a campaign
    validates its rosters against; None for the system's own rules."""
    if variant_id is None:
        return None
    return rules_variant_for(user=user, variant_id=variant_id, system=system)


def campaign_create(
    *,
    user: Any,
    system: str,
    name: str,
    points_limit: int,
    format: str = CampaignFormat.LEAGUE,
    points_step: int = 0,
    settings: dict[str, Any] | None = None,
    description: str = "",
    seed: int | None = None,
    rules_variant: int | None = None,
) -> Campaign:
    """A draft campaign organised by ``user`` with a fresh join code, validating rosters
    against ``rules_variant`` (a rules variant id) when given."""

    try:
        get_system(system)
    except EngineError as exc:
        raise CampaignError(exc.code, exc.message, "system") from exc
    if format not in CampaignFormat.values:
        raise CampaignError(
            "campaign.format", f"Format must be one of {CampaignFormat.values}.", "format"
        )
    check_points(points_limit=points_limit, points_step=points_step)
    stored = check_settings(settings or {}, system=system)
    variant = campaign_rules_variant(user=user, system=system, variant_id=rules_variant)
    campaign = Campaign.objects.create(
        rules_variant=variant,
        system=system,
        name=name,
        description=description,
        format=format,
        points_limit=points_limit,
        points_step=points_step,
        settings=stored,
        join_code=secrets.token_hex(JOIN_CODE_BYTES),
        seed=new_seed() if seed is None else seed,
        created_by=user,
    )
    campaign.organisers.add(user)
    audit(
        campaign=campaign,
        actor=user,
        action="campaign_created",
        data={
            "system": system,
            "format": format,
            "settings": stored,
            "rules_variant": rules_variant,
        },
    )
    return campaign


def campaign_update(
    *,
    campaign: Campaign,
    user: Any,
    expected: ExpectedRevision = NO_EXPECTATION,
    **changes: Any,
) -> Campaign:
    """Organiser edits: name, description, status, points, settings (house rules). The
    changes apply to the row as it is under its lock, so concurrent edits of different
    fields both land; ``expected`` (the revision the edit was made from) is checked there
    too, and each edit raises the revision."""
    require_organiser(campaign, user)
    allowed = {
        "name",
        "description",
        "status",
        "points_limit",
        "points_step",
        "settings",
        "rules_variant",
    }
    unknown = sorted(set(changes) - allowed)
    if unknown:
        raise CampaignError("campaign.field", f"Cannot change {unknown[0]}.", unknown[0])
    if "settings" in changes:
        check_settings(changes["settings"], system=campaign.system)
    if "status" in changes and changes["status"] not in CampaignStatus.values:
        raise CampaignError("campaign.status", "Unknown status.", "status")
    check_points(**{k: v for k, v in changes.items() if k in ("points_limit", "points_step")})
    values = dict(changes)
    if "rules_variant" in changes:
        values["rules_variant"] = campaign_rules_variant(
            user=user, system=campaign.system, variant_id=changes["rules_variant"]
        )
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        expected.check(campaign.revision, "campaign")
        for key, value in values.items():
            setattr(campaign, key, value)
        campaign.revision += 1
        campaign.save()
        audit(campaign=campaign, actor=user, action="campaign_updated", data=changes)
    return campaign


def campaign_add_organiser(*, campaign: Campaign, user: Any, username: str) -> Campaign:
    """An organiser makes another user (named by username, any case) an organiser too: a
    league whose organiser plays needs a second one to decide that organiser's games (house
    rule ``organiser_own_games``). Adding an organiser twice is one addition."""
    require_organiser(campaign, user)
    problem = text_problem(username)
    if problem:
        raise CampaignError("campaign.no_such_user", problem, "username")
    new_organiser = (
        get_user_model().objects.filter(username__iexact=username.strip(), is_active=True).first()
    )
    if new_organiser is None:
        raise CampaignError("campaign.no_such_user", "No user has that name.", "username")
    with transaction.atomic():
        if not campaign.organisers.filter(pk=new_organiser.pk).exists():
            campaign.organisers.add(new_organiser)
            audit(
                campaign=campaign,
                actor=user,
                action="organiser_added",
                data={"organiser": new_organiser.username},
            )
    return campaign


def campaign_limit_now(campaign: Campaign) -> int:
    """The points limit of the campaign's latest round (the first round before any)."""
    latest = campaign.rounds.order_by("-number").values_list("number", flat=True).first()
    return campaign.points_limit_for_round(latest or 1)
