"""Campaign settings (house rules): defaults, merging and checking.

A campaign stores only what differs from :data:`DEFAULTS`; :func:`effective_settings` merges.
Every doubtful or tunable rule is a named setting here, with its alternatives documented.
The ``engine`` key holds the campaign system's engine settings (its ``settings_type``, as
``from_dict`` takes them): every battle the engine plays for the campaign uses them.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from campaigns.errors import CampaignError
from campaigns.standings import TIEBREAKERS, MatchPoints
from rules.engine.systems import get_system
from rules.engine.systems.base import EngineError

DEFAULTS: dict[str, Any] = {
    # League table: match points and the tie-breaker chain (a seeded draw always ends it).
    "match_points": {"win": 3, "draw": 1, "loss": 0, "bye": 3},
    "tiebreakers": ["match_points", "vp_diff", "sos", "head_to_head", "draw"],
    # Unit experience pack (grimdark, massbattle and any system without its own pack):
    # XP per award, and ranks reached at a total, each with the benefit it gives.
    "experience_awards": {"took_part": 1, "enemy_unit": 1, "objective": 1},
    "experience_thresholds": [
        {"experience": 3, "rank": "Blooded", "benefit": "+1 Leadership"},
        {"experience": 6, "rank": "Veteran", "benefit": "Re-roll one failed to-hit roll a turn"},
        {"experience": 10, "rank": "Elite", "benefit": "+1 Weapon Skill and +1 Leadership"},
    ],
    # Mordheim: "published" (henchmen die on 1–2, heroes on D66 11–15) or "hardy" (henchmen
    # die on a 1 only, heroes on 11–13; 14–15 count as a full recovery).
    "injury_table": "published",
    # Mordheim "new skill" advances: the skills a player may pick from (original names; a
    # campaign may list the skill tables it plays with instead).
    "new_skills": [
        "Steady hand",
        "Killing blow",
        "Parry master",
        "Quick shot",
        "Keen eyes",
        "Hard to kill",
        "Sprinter",
        "Climber",
        "Haggler",
        "Streetwise",
    ],
    # Spending: points of roster budget one unit of an earned resource buys. Gold crowns and
    # massbattle gold are priced like the catalogue (1:1). Requisition ≈ 50 points a point
    # (uncertain: the published narrative rule gives +200 points of supply limit for one
    # point in its latest edition; set 200 to play it that way, 0 to make it unspendable).
    "resource_points": {"gold_crowns": 1, "gold": 1, "requisition": 50},
    # GURPS: character points per game to a survivor: base, a takedown, a victory.
    "character_points": {"base": 1, "takedown": 1, "victory": 1},
    # Narrative format: resources for the mission outcome (plus per objective held).
    "narrative_resources": {
        "win": {"territory": 1, "requisition": 2},
        "draw": {"requisition": 1},
        "loss": {"requisition": 1},
        "per_objective": {"requisition": 1},
    },
    # Deadline rule: "engine" plays overdue unconfirmed games with the engine, "off" leaves
    # them to the organiser. A reported but unconfirmed result past the deadline is confirmed
    # as reported unless ``replay_reported`` is true. ``grace_hours`` extends the deadline.
    "auto_resolve": "engine",
    "replay_reported": False,
    "grace_hours": 0,
    # Narrative chain: the winner of the previous linked game chooses the next mission
    # ("chooser") and/or attacks ("attacker").
    "winner_of_link": ["chooser", "attacker"],
    # A game a player lets the engine play (with a seed the server draws): "confirm" reports
    # the engine's result in that player's name so the opponent confirms or disputes it, as
    # for a result entered by hand (nobody can replay until they like the outcome); "final"
    # lets it count at once. A game an organiser or the deadline lets the engine play always
    # counts at once.
    "engine_result": "confirm",
    # A game an organiser plays in: "other_organiser" leaves deciding, correcting and
    # reversing it to another organiser (nobody judges their own game); "allow" lets the
    # playing organiser do it (a league with one organiser who plays).
    "organiser_own_games": "other_organiser",
    # Players: at most this many active participants (null: no limit); a join past it
    # answers 409 ``campaign.full``.
    "max_players": None,
    # Engine settings for the system's ambiguous rules (GET /api/v1/systems/<slug>/ lists
    # them with their defaults and reasons): only the ones the campaign changes.
    "engine": {},
}

INJURY_TABLES: tuple[str, ...] = ("published", "hardy")
AUTO_RESOLVE: tuple[str, ...] = ("engine", "off")
ENGINE_RESULTS: tuple[str, ...] = ("confirm", "final")
OWN_GAMES: tuple[str, ...] = ("other_organiser", "allow")
SETTINGS_CODE = "campaign.settings"


class SettingsError(CampaignError):
    """A house-rule setting that cannot be used (code :data:`SETTINGS_CODE`); ``field`` names
    it (``settings.injury_table``)."""


def effective_settings(stored: dict[str, Any] | None) -> dict[str, Any]:
    """DEFAULTS overlaid with the campaign's stored settings (one level of dict merge)."""
    merged = deepcopy(DEFAULTS)
    for key, value in (stored or {}).items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = deepcopy(value)
    return merged


def check_settings(stored: dict[str, Any], *, system: str) -> dict[str, Any]:
    """The stored settings if every key is known and well formed (``engine`` for the
    campaign's ``system``), else SettingsError."""
    for key in stored:
        if key not in DEFAULTS:
            raise SettingsError(SETTINGS_CODE, f"Unknown setting '{key}'.", f"settings.{key}")
    merged = effective_settings(stored)
    for name in merged["tiebreakers"]:
        if name not in TIEBREAKERS:
            raise SettingsError(
                SETTINGS_CODE,
                f"Unknown tie-breaker '{name}'; one of {TIEBREAKERS}.",
                "settings.tiebreakers",
            )
    for key in ("win", "draw", "loss", "bye"):
        if not isinstance(merged["match_points"].get(key), int):
            raise SettingsError(
                SETTINGS_CODE, "Must be a whole number.", f"settings.match_points.{key}"
            )
    if merged["injury_table"] not in INJURY_TABLES:
        raise SettingsError(SETTINGS_CODE, f"One of {INJURY_TABLES}.", "settings.injury_table")
    if merged["auto_resolve"] not in AUTO_RESOLVE:
        raise SettingsError(SETTINGS_CODE, f"One of {AUTO_RESOLVE}.", "settings.auto_resolve")
    if merged["engine_result"] not in ENGINE_RESULTS:
        raise SettingsError(SETTINGS_CODE, f"One of {ENGINE_RESULTS}.", "settings.engine_result")
    if merged["organiser_own_games"] not in OWN_GAMES:
        raise SettingsError(SETTINGS_CODE, f"One of {OWN_GAMES}.", "settings.organiser_own_games")
    skills = merged["new_skills"]
    if not isinstance(skills, list) or not all(isinstance(v, str) and v for v in skills):
        raise SettingsError(SETTINGS_CODE, "A list of skill names.", "settings.new_skills")
    for name, value in merged["resource_points"].items():
        if not isinstance(value, int) or value < 0:
            raise SettingsError(
                SETTINGS_CODE, "A whole number, 0 or more.", f"settings.resource_points.{name}"
            )
    for index, level in enumerate(merged["experience_thresholds"]):
        options = level.get("choose_one_of", [])
        if not isinstance(options, list) or not all(isinstance(v, str) for v in options):
            raise SettingsError(
                SETTINGS_CODE,
                "A list of names.",
                f"settings.experience_thresholds[{index}].choose_one_of",
            )
    limit = merged["max_players"]
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 2):
        raise SettingsError(
            SETTINGS_CODE, "A whole number, 2 or more (null: no limit).", "settings.max_players"
        )
    levels = [t.get("experience") for t in merged["experience_thresholds"]]
    if not all(isinstance(v, int) and v > 0 for v in levels) or levels != sorted(set(levels)):
        raise SettingsError(
            SETTINGS_CODE,
            "Experience levels must rise and be positive.",
            "settings.experience_thresholds",
        )
    check_engine_settings(merged["engine"], system=system)
    return stored


def check_engine_settings(engine: Any, *, system: str) -> None:
    """SettingsError naming ``settings.engine.<key>`` unless ``system`` takes ``engine``."""
    try:
        get_system(system).settings_type.from_dict(engine)
    except EngineError as exc:
        field = f"settings.engine.{exc.field}" if exc.field else "settings.engine"
        raise SettingsError(SETTINGS_CODE, exc.message, field) from exc


def engine_settings(stored: dict[str, Any] | None) -> dict[str, Any]:
    """The engine settings a campaign's battles are played with ({}: the defaults)."""
    return effective_settings(stored)["engine"]


def match_points(settings: dict[str, Any]) -> MatchPoints:
    """The campaign's match points as the standings module wants them."""
    mp = settings["match_points"]
    return MatchPoints(win=mp["win"], draw=mp["draw"], loss=mp["loss"], bye=mp["bye"])
