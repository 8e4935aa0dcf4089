"""What the warbands do with a captured hero (NOT IN SEED: published Mordheim rules, Serious
injuries 61 "Captured"): the captor sets a ransom, sells him to the slavers, releases him
or offers him in exchange; his own warband pays the ransom. Each is a warband action;
the captive's status is read back by :mod:`campaigns.captives`."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from campaigns.captives import HELD, captive_rows
from campaigns.errors import CampaignConflict, CampaignError
from campaigns.models import Participant, WarbandAction, WarbandActionKind
from campaigns.services.warband_actions import warband_action_record
from campaigns.treasury import require_gold, require_player, system_rules

RANSOM_MAX = 100_000


def _held_captive(participant: Participant, captive: int, *, captor: bool) -> dict[str, Any]:
    """The captive row ``captive`` still held, that ``participant`` holds (``captor``) or
    whose hero he is; CampaignError naming ``captive`` otherwise."""
    system_rules(participant, "captivity")
    rows = captive_rows(campaign_id=participant.campaign_id, system=participant.campaign.system)
    row = next((r for r in rows if r["captive"] == captive), None)
    side = "captor" if captor else "participant"
    if row is None or row[side] != participant.pk:
        raise CampaignError("captive.not_found", "No such captive.", "captive")
    if row["status"] != HELD:
        raise CampaignConflict(
            "captive.not_held", f"That captive is no longer held ({row['status']}).", "captive"
        )
    return row


def _record(
    participant: Participant, row: dict[str, Any], kind: str, actor: Any, gold: int = 0, **data
) -> WarbandAction:
    return warband_action_record(
        participant=participant,
        kind=kind,
        actor=actor,
        gold=gold,
        unit_key=row["unit"],
        target_id=row["captive"],
        data=data,
        audit_action=f"captive_{kind}",
        audit_data={"captive": row["captive"], "gold": gold, **data},
    )


@transaction.atomic
def captive_set_ransom(
    *, captor: Participant, captive: int, price: Any, actor: Any
) -> WarbandAction:
    """The captor names the ransom (0–100,000 gc) the captive's warband may pay."""
    require_player(captor, actor)
    Participant.objects.select_for_update().get(pk=captor.pk)
    row = _held_captive(captor, captive, captor=True)
    if isinstance(price, bool) or not isinstance(price, int) or not 0 <= price <= RANSOM_MAX:
        raise CampaignError("captive.price", f"A whole number from 0 to {RANSOM_MAX}.", "price")
    return _record(captor, row, WarbandActionKind.RANSOM_SET, actor, price=price)


@transaction.atomic
def captive_pay_ransom(*, participant: Participant, captive: int, actor: Any) -> WarbandAction:
    """The captive's warband pays the ransom the captor set: the gold moves from its
    treasury to the captor's and the hero comes back without his
    equipment (the captors keep it: ``campaigns.captives.captive_equipment``)."""
    require_player(participant, actor)
    Participant.objects.select_for_update().get(pk=participant.pk)
    row = _held_captive(participant, captive, captor=False)
    if row["ransom"] is None:
        raise CampaignConflict(
            "captive.no_ransom", "The captor has not named a ransom yet.", "captive"
        )
    require_gold(participant=participant, price=row["ransom"], field="captive")
    captor = Participant.objects.select_related("campaign").get(pk=row["captor"])
    _record(captor, row, WarbandActionKind.RANSOM, actor, gold=row["ransom"])
    return _record(participant, row, WarbandActionKind.RANSOM, actor, gold=-row["ransom"])


@transaction.atomic
def captive_sell(*, captor: Participant, captive: int, actor: Any) -> WarbandAction:
    """The captor sells the captive to the slavers for the system's seeded price (Mordheim:
    D6 × 5 gc); the hero is lost to his warband."""
    require_player(captor, actor)
    Participant.objects.select_for_update().get(pk=captor.pk)
    row = _held_captive(captor, captive, captor=True)
    rules = system_rules(captor, "captivity")
    seed = captor.campaign.games.get(pk=row["game"]).post_battle_seed
    roll, price = rules.slaver_price(seed, row["fighter"])
    return _record(captor, row, WarbandActionKind.SOLD_CAPTIVE, actor, gold=price, roll=roll)


@transaction.atomic
def captive_release(*, captor: Participant, captive: int, actor: Any) -> WarbandAction:
    """The captor lets the captive go, for nothing."""
    require_player(captor, actor)
    row = _held_captive(captor, captive, captor=True)
    return _record(captor, row, WarbandActionKind.RELEASE, actor)


@transaction.atomic
def captive_offer_exchange(
    *, captor: Participant, captive: int, for_captive: int, actor: Any
) -> WarbandAction:
    """The captor offers ``captive`` for ``for_captive``, one of his own heroes the other
    warband holds; when that warband offers the reverse, both go home."""
    require_player(captor, actor)
    row = _held_captive(captor, captive, captor=True)
    rows = captive_rows(campaign_id=captor.campaign_id, system=captor.campaign.system)
    other = next((r for r in rows if r["captive"] == for_captive), None)
    if (
        other is None
        or other["status"] != HELD
        or other["participant"] != captor.pk
        or other["captor"] != row["participant"]
    ):
        raise CampaignError(
            "captive.exchange",
            "Offer a captive for one of your heroes his warband holds.",
            "for_captive",
        )
    return _record(captor, row, WarbandActionKind.EXCHANGE, actor, **{"for": for_captive})
