"""Who holds whom: captured heroes read from the ledger and the warband actions (NOT IN
SEED: published Mordheim rules, Serious injuries 61 "Captured"; the figures and dice are the
system's ``captivity`` rules).

A captive is the active ``injury`` ledger line whose result is the system's captured
result; the captor is the other participant of that game. He is ``held`` until his warband
pays the ransom (``ransomed``), beats the captor in a later game (``rescued``), the captor
releases him (``released``) or both captors offer their captives for each other
(``exchanged``); ``sold`` to the slavers he is lost to his warband for good. A held or sold
captive fights none of his warband's games.
"""

from __future__ import annotations

from typing import Any

from campaigns.models import (
    FINAL_STATUSES,
    Game,
    LedgerEntry,
    Participant,
    WarbandAction,
    WarbandActionKind,
)
from rules.engine.systems import get_system

HELD = "held"
SOLD = "sold"
ABSENT_STATUSES: tuple[str, ...] = (HELD, SOLD)


def _captivity(system: str) -> Any:
    """The system's captivity rules (None: its campaigns take no captives)."""
    return getattr(get_system(system).campaign, "captivity", None)


def campaign_captive_lines(*, campaign_id: int, system: str) -> list[LedgerEntry]:
    """The campaign's captives: active injury lines with the captured result."""
    rules = _captivity(system)
    if rules is None:
        return []
    return list(
        LedgerEntry.objects.filter(
            campaign_id=campaign_id,
            kind="injury",
            run__reversed_at__isnull=True,
            data__result=rules.result,
        )
        .exclude(data__dead=True)
        .select_related("game", "participant")
        .order_by("id")
    )


def captor_of(line: LedgerEntry) -> int | None:
    """The participant who took the captive: the other side of his game."""
    game = line.game
    return (
        game.participant_b_id
        if line.participant_id == game.participant_a_id
        else (game.participant_a_id)
    )


def _rescued(line: LedgerEntry, captor: int | None, games: list[dict[str, Any]]) -> bool:
    """A finished game after the capture that the captive's warband won against the captor."""
    start = (line.game.resolved_at, line.game_id)
    for row in games:
        if row["resolved_at"] is None or (row["resolved_at"], row["id"]) <= start:
            continue
        sides = {"a": row["participant_a_id"], "b": row["participant_b_id"]}
        if {sides["a"], sides["b"]} == {line.participant_id, captor} and sides.get(
            row["winner"]
        ) == line.participant_id:
            return True
    return False


def captive_equipment(line: LedgerEntry) -> list[str]:
    """The weapons and armour the captive took into his game, which his captors keep
    (published Mordheim serious injury 61; the injury's ``to_captor``): names from his
    warband's snapshot of that game."""
    if not line.data.get("to_captor"):
        return []
    game = line.game
    side = "a" if line.participant_id == game.participant_a_id else "b"
    units = (getattr(game, f"snapshot_{side}") or {}).get("units", [])
    unit = next((u for u in units if str(u.get("id")) == line.unit_key), {})
    return [str(w.get("name") or w.get("type")) for w in unit.get("weapons", [])]


def captive_rows(*, campaign_id: int, system: str) -> list[dict[str, Any]]:
    """Every captive of the campaign with captor, status and ransom asked."""
    lines = campaign_captive_lines(campaign_id=campaign_id, system=system)
    if not lines:
        return []
    actions = list(
        WarbandAction.objects.filter(target__in=lines)
        .order_by("id")
        .values("kind", "target_id", "participant_id", "gold", "data")
    )
    games = list(
        Game.objects.filter(campaign_id=campaign_id, status__in=FINAL_STATUSES).values(
            "id", "resolved_at", "participant_a_id", "participant_b_id", "winner"
        )
    )
    offers = {
        (a["target_id"], a["data"].get("for"))
        for a in actions
        if a["kind"] == WarbandActionKind.EXCHANGE
    }
    rescue = _captivity(system).rescue_by_win
    rows = []
    for line in lines:
        captor = captor_of(line)
        mine = [a for a in actions if a["target_id"] == line.pk]
        kinds = {a["kind"] for a in mine}
        ransom = next(
            (
                a["data"]["price"]
                for a in reversed(mine)
                if a["kind"] == WarbandActionKind.RANSOM_SET
            ),
            None,
        )
        partner = next((other for own, other in offers if own == line.pk), None)
        if WarbandActionKind.SOLD_CAPTIVE in kinds:
            status = SOLD
        elif any(a["kind"] == WarbandActionKind.RANSOM and a["gold"] < 0 for a in mine):
            status = "ransomed"
        elif WarbandActionKind.RELEASE in kinds:
            status = "released"
        elif partner is not None and (partner, line.pk) in offers:
            status = "exchanged"
        elif rescue and _rescued(line, captor, games):
            status = "rescued"
        else:
            status = HELD
        rows.append(
            {
                "captive": line.pk,
                "participant": line.participant_id,
                "captor": captor,
                "unit": line.unit_key,
                "fighter": line.fighter_key,
                "game": line.game_id,
                "status": status,
                "ransom": ransom,
                "exchange_for": partner,
                "equipment": captive_equipment(line),
            }
        )
    return rows


def participant_captives(*, participant: Participant) -> dict[str, list[dict[str, Any]]]:
    """The participant's heroes held by others (``ours``) and the captives they hold
    (``held``), every status."""
    rows = captive_rows(campaign_id=participant.campaign_id, system=participant.campaign.system)
    return {
        "ours": [r for r in rows if r["participant"] == participant.pk],
        "held": [r for r in rows if r["captor"] == participant.pk],
    }


def captives_absent(*, participant: Participant) -> list[tuple[str, str]]:
    """(unit key, fighter) of the participant's heroes held or sold: they sit out games."""
    rows = captive_rows(campaign_id=participant.campaign_id, system=participant.campaign.system)
    return sorted(
        (r["unit"], r["fighter"])
        for r in rows
        if r["participant"] == participant.pk and r["status"] in ABSENT_STATUSES
    )
