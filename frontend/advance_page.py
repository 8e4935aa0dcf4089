"""The post-battle advance picks on the participant page (NOT IN SEED: published Mordheim
rulebook p.122, "Skills"): each waiting pick with the hero's name, the options with the skill
list each belongs to and its short description, and a refused pick's message beside its
field (kept in the session across the redirect: ``ADVANCE_ERROR``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from armybuilder.validation import skill_tables
from campaigns.models import Participant
from campaigns.selectors import participant_pending_choices

ADVANCE_ERROR = "advance_error"


def remember_advance_error(request: HttpRequest, entry: int, message: str) -> None:
    """Keep a refused pick's message for the page the player is sent back to."""
    request.session[ADVANCE_ERROR] = {"entry": entry, "message": message}


def pending_rows(
    request: HttpRequest, participant: Participant, names: dict[str, str]
) -> list[dict[str, Any]]:
    """The participant's waiting picks, each with ``name``, ``described`` options (value,
    label "Name (list) — description" for a skill) and ``error`` (the refusal of its last
    pick, shown once)."""
    tables = skill_tables(participant.campaign.system)
    list_of = {
        slug: name for name, slugs in (tables.lists if tables else {}).items() for slug in slugs
    }
    refused = request.session.pop(ADVANCE_ERROR, None) or {}
    rows = []
    wrong = refused.get("entry")
    for pick in participant_pending_choices(participant=participant):
        described = []
        for option in pick["options"]:
            slug = tables.slug(str(option)) if tables else ""
            text = tables.texts.get(slug, "") if tables else ""
            label = f"{option} ({list_of[slug]}) — {text}" if text and slug in list_of else option
            described.append({"value": option, "label": label})
        rows.append(
            {
                **pick,
                "name": names.get(pick["unit"], pick["unit"]),
                "described": described,
                "error": refused.get("message", "") if wrong == pick["entry"] else "",
            }
        )
    return rows
