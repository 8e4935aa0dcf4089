"""The post-battle ledger: the rules pack applied once per side of a finished game, runs
voided when a game is reversed or corrected, later games recomputed, advance picks."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from campaigns.advances import advance_options, choice_data
from campaigns.errors import CampaignConflict, CampaignError
from campaigns.house_rules import effective_settings
from campaigns.models import FINAL_STATUSES, Game, LedgerEntry, Participant, PostBattleRun
from campaigns.rules_packs import apply_pack
from campaigns.selectors import participant_unit_states
from campaigns.services.audit import audit
from campaigns.services.campaigns import require_organiser


def apply_post_battle(*, game: Game, participant_ids: list[int] | None = None) -> list:
    """Apply the rules pack to each side once (no-op for a side whose active run exists).
    Call with the game locked; the unique (game, participant, generation) backs it."""
    campaign = game.campaign
    settings = effective_settings(campaign.settings)
    created = []
    for side, participant in (("a", game.participant_a), ("b", game.participant_b)):
        if participant is None or game.report is None:
            continue
        if participant_ids is not None and participant.pk not in participant_ids:
            continue
        runs = PostBattleRun.objects.filter(game=game, participant=participant)
        if runs.filter(reversed_at__isnull=True).exists():
            continue
        generation = (runs.aggregate(g=Max("generation"))["g"] or 0) + (1 if runs else 0)
        states = participant_unit_states(participant=participant, before=game)
        experience_before = {key: s["experience"] for key, s in states.items()}
        snapshot = (game.snapshot_a if side == "a" else game.snapshot_b) or {}
        start = {
            str(u["id"]): int((u.get("extra") or {}).get("starting_experience", 0))
            + experience_before.get(str(u["id"]), 0)
            for u in snapshot.get("units", [])
        }
        profiles = {
            str(u["id"]): {
                "profile": dict(u.get("profile") or {}),
                "race": str((u.get("extra") or {}).get("race", "")),
                "weapons": list(u.get("weapons") or []),
                "rules": list(u.get("rules") or []),
                "skill_lists": list((u.get("extra") or {}).get("skill_lists") or []),
                "skills": list((u.get("extra") or {}).get("skills") or []),
            }
            for u in snapshot.get("units", [])
        }
        seed = game.side_seed(side)
        result = apply_pack(
            report=game.report,
            side=side,
            seed=seed,
            settings=settings,
            campaign_format=campaign.format,
            experience_before=experience_before,
            experience_start=start,
            unit_profiles=profiles,
        )
        run = PostBattleRun.objects.create(
            campaign=campaign,
            game=game,
            participant=participant,
            generation=generation,
            side=side,
            seed=seed,
            pack=result.pack,
            engine_output=result.engine_output,
            summary=result.summary,
        )
        LedgerEntry.objects.bulk_create(
            [
                LedgerEntry(
                    run=run,
                    campaign=campaign,
                    game=game,
                    participant=participant,
                    unit_key=e.unit_key,
                    fighter_key=e.fighter_key,
                    kind=e.kind,
                    resource=e.resource,
                    amount=e.amount,
                    data=e.data,
                )
                for e in result.effects
            ]
        )
        _carry_choices(run)
        created.append(run)
    return created


def _record_choice(run: PostBattleRun, advance: LedgerEntry, choice: str) -> LedgerEntry:
    """The ``choice`` ledger line picking ``choice`` for ``advance`` in ``run``."""
    return LedgerEntry.objects.create(
        run=run,
        campaign_id=run.campaign_id,
        game_id=run.game_id,
        participant_id=run.participant_id,
        unit_key=advance.unit_key,
        fighter_key=advance.fighter_key,
        kind="choice",
        data=choice_data(advance.pk, choice, advance.data),
    )


def _advance_signature(entry: LedgerEntry) -> tuple:
    """What makes two advances the same one (kind, unit, threshold, roll, result)."""
    data = entry.data
    return (
        entry.kind,
        entry.unit_key,
        entry.fighter_key,
        data.get("threshold"),
        data.get("experience"),
        data.get("roll"),
        data.get("result") or data.get("rank"),
    )


def _carry_choices(run: PostBattleRun) -> None:
    """A recomputed run keeps the picks made for the same advances of the run it replaces
    (same unit, threshold, roll and result)."""
    previous = (
        PostBattleRun.objects.filter(
            game_id=run.game_id, participant_id=run.participant_id, reversed_at__isnull=False
        )
        .order_by("-generation")
        .first()
    )
    if previous is None:
        return
    old = {e.pk: e for e in previous.entries.filter(kind__in=("advance", "rank"))}
    picks = {
        _advance_signature(old[c.data.get("advance_entry")]): c
        for c in previous.entries.filter(kind="choice").order_by("id")
        if c.data.get("advance_entry") in old
    }
    for line in run.entries.filter(kind__in=("advance", "rank")).order_by("id"):
        pick = picks.pop(_advance_signature(line), None)
        if pick is not None:
            _record_choice(run, line, pick.data["choice"])


def post_battle_void(game: Game, participant_ids: list[int], reason: str) -> int:
    """Mark the active post-battle runs of these participants in ``game`` reversed; how many."""
    return PostBattleRun.objects.filter(
        game=game, participant_id__in=participant_ids, reversed_at__isnull=True
    ).update(reversed_at=timezone.now(), reversal_reason=reason[:200])


def later_games(game: Game, participant_id: int) -> list[Game]:
    """The participant's finished games after ``game``, in the order they were resolved."""
    return list(
        Game.objects.filter(
            campaign=game.campaign, status__in=FINAL_STATUSES, resolved_at__isnull=False
        )
        .filter(Q(participant_a_id=participant_id) | Q(participant_b_id=participant_id))
        .filter(
            Q(resolved_at__gt=game.resolved_at) | Q(resolved_at=game.resolved_at, pk__gt=game.pk)
        )
        .select_related("campaign", "participant_a", "participant_b")
        .order_by("resolved_at", "id")
    )


def post_battle_recompute_after(game: Game, actor: Any) -> None:
    """Re-run post-battle (same seeds) for the later games of this game's participants, so
    experience totals, thresholds and ranks follow from the corrected history."""
    for pid in game.participant_ids():
        for later in later_games(game, pid):
            before = _experience_summary(later, pid)
            post_battle_void(later, [pid], f"recomputed after game {game.pk} changed")
            apply_post_battle(game=later, participant_ids=[pid])
            audit(
                campaign=game.campaign,
                actor=actor,
                action="game_recomputed",
                game=later,
                data={
                    "because_of": game.pk,
                    "participant": pid,
                    "experience_before": before,
                    "experience_after": _experience_summary(later, pid),
                },
            )


def _experience_summary(game: Game, participant_id: int) -> int:
    """Experience the participant's active run of ``game`` awarded."""
    return sum(
        LedgerEntry.objects.filter(
            game=game,
            participant_id=participant_id,
            kind="experience",
            run__reversed_at__isnull=True,
        ).values_list("amount", flat=True)
    )


def advance_choose(
    *, participant: Participant, entry: LedgerEntry | int, choice: str, actor: Any
) -> LedgerEntry:
    """The player (or an organiser) picks what an advance or rank gives — "WS or BS", a new
    skill, a rank benefit — from the allowed picks; the pick is a ``choice`` line of the same
    post-battle run, so reversing the game removes it."""
    if participant.user_id != actor.pk:
        require_organiser(participant.campaign, actor)
    entry_id = entry.pk if isinstance(entry, LedgerEntry) else int(entry)
    with transaction.atomic():
        line = (
            LedgerEntry.objects.select_for_update(of=("self",))
            .select_related("run", "campaign")
            .filter(pk=entry_id, participant=participant)
            .first()
        )
        if line is None or line.kind not in ("advance", "rank"):
            raise CampaignError("advance.not_found", "No such advance.", "entry")
        if line.run.reversed_at is not None:
            raise CampaignConflict("advance.reversed", "That game no longer counts.", "entry")
        settings = effective_settings(line.campaign.settings)
        known = participant_unit_states(participant=participant).get(line.unit_key, {})
        options = advance_options(line.kind, line.data, settings, known.get("skills") or [])
        if not options:
            raise CampaignError("advance.no_choice", "This advance has nothing to choose.", "entry")
        if LedgerEntry.objects.filter(
            run=line.run, kind="choice", data__advance_entry=line.pk
        ).exists():
            raise CampaignConflict("advance.already_chosen", "Already chosen.", "entry")
        if choice not in options:
            raise CampaignError("advance.choice", f"Choose one of: {', '.join(options)}.", "choice")
        chosen = _record_choice(line.run, line, choice)
        audit(
            campaign=line.campaign,
            actor=actor,
            action="advance_chosen",
            game=line.game,
            data={
                "participant": participant.pk,
                "entry": line.pk,
                "unit": line.unit_key,
                "choice": choice,
                "result": line.data.get("result") or line.data.get("rank", ""),
            },
        )
    return chosen
