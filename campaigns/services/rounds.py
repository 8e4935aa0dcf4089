"""Rounds: the next round of a campaign, paired at once (Swiss, round robin or the
organiser's list); a bye is a game without side b, scored as a win."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from campaigns.errors import CampaignConflict, CampaignError
from campaigns.models import (
    Campaign,
    CampaignStatus,
    Game,
    GameStatus,
    PairingMethod,
    ParticipantStatus,
    Round,
)
from campaigns.pairings import Pairing, SwissPlayer, round_robin_round, swiss_pairings
from campaigns.selectors import campaign_standings
from campaigns.services.audit import audit
from campaigns.services.campaigns import MAX_SEED, new_seed, require_organiser


def round_create(
    *,
    campaign: Campaign,
    user: Any,
    pairing: str = PairingMethod.SWISS,
    deadline: datetime | None = None,
    seed: int | None = None,
    manual: list[tuple[int, int | None]] | None = None,
) -> Round:
    """The next round, paired at once (Swiss, round robin or the organiser's list)."""
    require_organiser(campaign, user)
    if pairing not in PairingMethod.values:
        raise CampaignError(
            "round.pairing", f"Pairing must be one of {PairingMethod.values}.", "pairing"
        )
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if locked.status == CampaignStatus.FINISHED:
            raise CampaignConflict("campaign.finished", "This campaign is finished.")
        number = (locked.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        round_ = Round.objects.create(
            campaign=locked,
            number=number,
            pairing=pairing,
            seed=(locked.seed + number) % MAX_SEED if seed is None else seed,
            deadline=deadline,
            points_limit=locked.points_limit_for_round(number),
        )
        if locked.status == CampaignStatus.DRAFT:
            locked.status = CampaignStatus.RUNNING
            locked.save(update_fields=["status"])
        audit(
            campaign=locked,
            actor=user,
            action="round_created",
            data={
                "round": number,
                "pairing": pairing,
                "seed": round_.seed,
                "deadline": deadline.isoformat() if deadline else None,
            },
        )
        round_create_pairings(round_=round_, user=user, manual=manual)
    return round_


def swiss_players(*, campaign: Campaign) -> list[SwissPlayer]:
    """Active participants with score, standing, opponents met and byes (three queries)."""
    table = campaign_standings(campaign=campaign)
    met: dict[int, set[int]] = {}
    byes: set[int] = set()
    games = Game.objects.filter(campaign=campaign).exclude(status=GameStatus.REVERSED)
    for a, b in games.values_list("participant_a_id", "participant_b_id"):
        if b is None:
            byes.add(a)
            continue
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    return [
        SwissPlayer(
            row["participant"],
            row["match_points"],
            row["rank"],
            frozenset(met.get(row["participant"], ())),
            row["participant"] in byes,
        )
        for row in table
        if row["status"] == ParticipantStatus.ACTIVE
    ]


def round_create_pairings(
    *, round_: Round, user: Any, manual: list[tuple[int, int | None]] | None = None
) -> list[Game]:
    """The round's games from its pairing method; a bye is a game without side b, scored
    as a win at once."""
    campaign = round_.campaign
    if round_.games.exists():
        raise CampaignConflict("round.already_paired", "This round is already paired.")
    if round_.pairing == PairingMethod.SWISS:
        pairs = swiss_pairings(swiss_players(campaign=campaign), seed=round_.seed)
    elif round_.pairing == PairingMethod.ROUND_ROBIN:
        everyone = list(campaign.participants.order_by("id").values_list("id", "status"))
        withdrawn = {pid for pid, status in everyone if status != ParticipantStatus.ACTIVE}
        pairs = []
        for p in round_robin_round([pid for pid, _ in everyone], round_.number, seed=campaign.seed):
            players = [pid for pid in (p.a, p.b) if pid is not None and pid not in withdrawn]
            if players:
                pairs.append(Pairing(players[0], players[1] if len(players) > 1 else None))
    else:
        pairs = [Pairing(a, b) for a, b in (manual or [])]
    known = set(campaign.participants.values_list("id", flat=True))
    seen: set[int] = set()
    for p in pairs:
        for pid in (p.a, p.b):
            if pid is None:
                continue
            if pid not in known or pid in seen:
                raise CampaignError(
                    "round.pairing_invalid",
                    f"Participant {pid} is unknown or paired twice.",
                    "pairings",
                )
            seen.add(pid)
    now = timezone.now()
    games = []
    for table, p in enumerate(pairs, start=1):
        bye = p.b is None
        games.append(
            Game(
                campaign=campaign,
                round=round_,
                table=table,
                participant_a_id=p.a,
                participant_b_id=p.b,
                status=GameStatus.CONFIRMED if bye else GameStatus.SCHEDULED,
                winner="a" if bye else "",
                resolved_at=now if bye else None,
                # Drawn, not derived from the round's (public) seed: nobody may know a
                # game's post-battle dice before its result is final.
                post_battle_seed=new_seed(),
            )
        )
    Game.objects.bulk_create(games)
    audit(
        campaign=campaign,
        actor=user,
        action="round_paired",
        data={"round": round_.number, "pairs": [[p.a, p.b] for p in pairs]},
    )
    return list(round_.games.order_by("table"))
