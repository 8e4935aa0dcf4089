"""Engine and catalogue slugs as the words players read: ``knocked_down`` → "knocked down",
``independent_character`` → "independent character", ``gold_crowns`` → "gold crowns",
``short-bow`` → "short bow", and "1 hits" → "1 hit" (issue 24: human names everywhere)."""

from __future__ import annotations

import re

SLUG = re.compile(r"\b[a-z]+(?:[_-][a-z0-9]+)+\b")
COUNT_NOUN = re.compile(r"\b1 (hits|wounds|attacks|shots|kills|models|casualties|dice)\b")
SINGULAR = {"casualties": "casualty", "dice": "die"}


def human_words(text: str) -> str:
    """Every lower-case slug in ``text`` spoken as words, counts of one in the singular."""
    text = SLUG.sub(lambda m: m[0].replace("_", " ").replace("-", " "), text)
    return COUNT_NOUN.sub(lambda m: "1 " + SINGULAR.get(m[1], m[1][:-1]), text)


def human_name(slug: str) -> str:
    """A slug on its own as a name: ``warden-captain`` → "Warden captain"; text that is not
    a slug (already a name) unchanged."""
    text = str(slug)
    if text != text.lower() or " " in text:
        return text
    return text.replace("_", " ").replace("-", " ").capitalize()


FIGHTER_ID = re.compile(r".+\.(\d+)")


def fighter_label(fighter_id: str) -> str:
    """A fighter of a unit named in the unit's row: ``u2.1`` → "fighter 1" (the engine's
    ``<unit>.<n>`` ids, numbered from 1 as the fighters' names are); other text unchanged."""
    match = FIGHTER_ID.fullmatch(str(fighter_id))
    return f"fighter {match[1]}" if match else str(fighter_id)
