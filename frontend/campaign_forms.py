"""The campaign pages' forms and the parsing of what they post: a new campaign with its
house rules, joining by code, a result with per-unit outcomes, a round's deadline and the
organiser's manual pairings. Each refusal names the field or line at fault."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.utils import timezone

from armybuilder.errors import ArmyBuilderError
from armybuilder.selectors import system_list
from campaigns.errors import CampaignError
from campaigns.house_rules import AUTO_RESOLVE, DEFAULTS, INJURY_TABLES
from campaigns.models import CampaignFormat, Game
from campaigns.result_input import MAX_KILLS, MAX_SCORE
from campaigns.results import fighter_ids
from campaigns.services.rosters import participant_snapshot
from frontend.rules_variant_pages import campaign_variant_choices

WINNER_CHOICES = [("a", "Player A won"), ("b", "Player B won"), ("draw", "Draw")]


def thresholds_text(levels: list[dict[str, Any]]) -> str:
    """Experience levels as the create form's lines: ``3 | Blooded | +1 Leadership``, with
    ``| choose: A, B`` when the level lets the player pick."""
    lines = []
    for level in levels:
        parts = [str(level["experience"]), level.get("rank", ""), level.get("benefit", "")]
        if level.get("choose_one_of"):
            parts.append("choose: " + ", ".join(level["choose_one_of"]))
        lines.append(" | ".join(parts))
    return "\n".join(lines)


def parse_thresholds(text: str) -> list[dict[str, Any]]:
    """The create form's experience lines as ``experience_thresholds`` levels; a
    ValidationError names the line at fault."""
    levels: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) < 2 or not parts[0].isdigit() or int(parts[0]) < 1 or not parts[1]:
            raise forms.ValidationError(
                f"Line {number}: experience (a whole number from 1), a rank name, then the "
                "benefit, separated by |, e.g. “3 | Blooded | +1 Leadership”."
            )
        choose = [p for p in parts[2:] if p.lower().startswith("choose:")]
        benefit = [p for p in parts[2:] if not p.lower().startswith("choose:")]
        level: dict[str, Any] = {
            "experience": int(parts[0]),
            "rank": parts[1],
            "benefit": " | ".join(benefit),
        }
        picks = [p.strip() for c in choose for p in c.split(":", 1)[1].split(",") if p.strip()]
        if picks:
            level["choose_one_of"] = picks
        if levels and level["experience"] <= levels[-1]["experience"]:
            raise forms.ValidationError(
                f"Line {number}: each level needs more experience than the one before."
            )
        levels.append(level)
    if not levels:
        raise forms.ValidationError("Give at least one level, e.g. “3 | Blooded | +1 Leadership”.")
    return levels


class CampaignForm(forms.Form):
    """A new campaign: system, name, format and points."""

    name = forms.CharField(label="Campaign name", max_length=120)
    system = forms.ChoiceField(label="Game system")
    format = forms.ChoiceField(label="Format", choices=CampaignFormat.choices)
    points_limit = forms.IntegerField(
        label="Points limit", min_value=1, max_value=100_000, initial=1500
    )
    points_step = forms.IntegerField(
        label="Points added per round (escalation)",
        min_value=0,
        max_value=10_000,
        initial=0,
        required=False,
    )
    description = forms.CharField(
        label="Description", required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    win_points = forms.IntegerField(
        label="Match points for a win", min_value=0, max_value=100, initial=3
    )
    draw_points = forms.IntegerField(
        label="Match points for a draw", min_value=0, max_value=100, initial=1
    )
    loss_points = forms.IntegerField(
        label="Match points for a loss", min_value=0, max_value=100, initial=0
    )
    injury_table = forms.ChoiceField(
        label="Injury table (skirmish)",
        choices=[(t, t.capitalize()) for t in INJURY_TABLES],
        initial=DEFAULTS["injury_table"],
    )
    auto_resolve = forms.ChoiceField(
        label="Overdue games",
        choices=[
            (value, "Played by the engine" if value == "engine" else "Left to the organiser")
            for value in AUTO_RESOLVE
        ],
        initial=DEFAULTS["auto_resolve"],
    )
    grace_hours = forms.IntegerField(
        label="Grace hours after a deadline", min_value=0, max_value=720, initial=0
    )
    experience_thresholds = forms.CharField(
        label="Experience ranks (one a line: experience | rank | benefit)",
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        initial=thresholds_text(DEFAULTS["experience_thresholds"]),
        help_text="Add “| choose: A, B” to let the player pick one benefit. Skirmish "
        "campaigns use the published advance table instead.",
    )

    rules_variant = forms.ChoiceField(
        label="Rules",
        required=False,
        help_text="The system's rules, or a rules variant of the campaign's system "
        "(a league's force organisation, points or constraints).",
    )

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [(s.slug, s.name) for s in system_list()]
        self.fields["rules_variant"].choices = campaign_variant_choices(user=user)

    def clean_rules_variant(self) -> int | None:
        """The chosen variant's id (None: the system's own rules)."""
        raw = self.cleaned_data["rules_variant"]
        return int(raw) if raw else None

    def clean_experience_thresholds(self) -> list[dict[str, Any]]:
        text = self.cleaned_data["experience_thresholds"]
        return parse_thresholds(text) if text.strip() else DEFAULTS["experience_thresholds"]

    def house_rules(self) -> dict[str, Any]:
        """The settings that differ from the defaults (a campaign stores only those)."""
        data = self.cleaned_data
        chosen = {
            "match_points": {
                "win": data["win_points"],
                "draw": data["draw_points"],
                "loss": data["loss_points"],
                "bye": data["win_points"],
            },
            "injury_table": data["injury_table"],
            "auto_resolve": data["auto_resolve"],
            "grace_hours": data["grace_hours"],
            "experience_thresholds": data["experience_thresholds"],
        }
        return {key: value for key, value in chosen.items() if value != DEFAULTS[key]}


class JoinForm(forms.Form):
    """Join with a code and one of your rosters."""

    join_code = forms.CharField(label="Join code", max_length=16)
    roster = forms.TypedChoiceField(label="Your roster", coerce=int)

    def __init__(self, *args: Any, rosters: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["roster"].choices = rosters


class ResultForm(forms.Form):
    """A result: who won (no default: the player must choose), both scores, the objectives
    each side held and a note (a report, or an organiser's decision)."""

    winner = forms.ChoiceField(
        label="Result",
        choices=WINNER_CHOICES,
        error_messages={"required": "choose who won, or a draw."},
    )
    score_a = forms.IntegerField(label="Score A", min_value=0, max_value=MAX_SCORE)
    score_b = forms.IntegerField(label="Score B", min_value=0, max_value=MAX_SCORE)
    objectives_a = forms.IntegerField(
        label="Objectives held by A", min_value=0, max_value=100, required=False
    )
    objectives_b = forms.IntegerField(
        label="Objectives held by B", min_value=0, max_value=100, required=False
    )
    note = forms.CharField(label="Note", max_length=200, required=False)

    def problem(self) -> str:
        """The form's errors in one line, each naming its field."""
        return "; ".join(
            f"{self.fields[name].label if name in self.fields else 'Result'}: {' '.join(errors)}"
            for name, errors in self.errors.items()
        )

    def result(self, units: list[dict[str, Any]]) -> dict[str, Any]:
        """The ``winner``, ``scores``, ``mission_outcome`` and ``units`` the services take."""
        data = self.cleaned_data
        held = {
            side: data[f"objectives_{side}"]
            for side in ("a", "b")
            if data[f"objectives_{side}"] is not None
        }
        return {
            "winner": None if data["winner"] == "draw" else data["winner"],
            "scores": {"a": data["score_a"], "b": data["score_b"]},
            "mission_outcome": {"objectives_held": held} if held else {},
            "units": units,
        }


def _unit_label(unit: dict[str, Any], taken: dict[str, int]) -> str:
    name = str(unit.get("name") or unit.get("unit") or unit["id"])
    taken[name] = taken.get(name, 0) + 1
    return name if taken[name] == 1 else f"{name} ({taken[name]})"


def game_units(game: Game) -> list[dict[str, Any]]:
    """Both sides' units as the result forms list them (the game's snapshots once taken,
    otherwise the campaign rosters as they stand for this game); empty if a roster cannot
    be read."""
    rows: list[dict[str, Any]] = []
    for side, participant in (("a", game.participant_a), ("b", game.participant_b)):
        if participant is None:
            continue
        snapshot = game.snapshot_a if side == "a" else game.snapshot_b
        if snapshot is None:
            try:
                snapshot = participant_snapshot(participant=participant, game=game)
            except (CampaignError, ArmyBuilderError):
                return []
        taken: dict[str, int] = {}
        for unit in snapshot.get("units", []):
            rows.append(
                {
                    "side": side,
                    "id": str(unit["id"]),
                    "size": int(unit.get("size", 1)),
                    "label": _unit_label(unit, taken),
                    "player": participant.name,
                    "key": f"{side}-{unit['id']}",
                }
            )
    return rows


def unit_outcomes(data: Any, units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The per-unit outcomes ticked on a result form: destroyed / out of action (every
    fighter out of action) and enemies taken out. CampaignError names the unit at fault."""
    outcomes = []
    for unit in units:
        out = data.get(f"out-{unit['key']}") in ("on", "1", "true")
        raw = str(data.get(f"kills-{unit['key']}") or "").strip()
        kills = 0
        if raw:
            if not raw.isdigit() or int(raw) > MAX_KILLS:
                raise CampaignError(
                    "form",
                    f"Enemies taken out by {unit['label']} ({unit['player']}): a whole number "
                    f"from 0 to {MAX_KILLS}.",
                    "units",
                )
            kills = int(raw)
        if not out and not kills:
            continue
        fighters = [{"id": fid, "out_of_action": out} for fid in fighter_ids(unit)]
        fighters[0]["enemies_taken_out"] = [f"enemy-{n}" for n in range(1, kills + 1)]
        entry: dict[str, Any] = {
            "id": unit["id"],
            "side": unit["side"],
            "kills": kills,
            "fighters": fighters,
        }
        if out:
            entry["status"] = "destroyed"
            entry["models_lost"] = unit["size"]
        outcomes.append(entry)
    return outcomes


def parse_deadline(text: str) -> datetime | None:
    """The round-deadline field (``YYYY-MM-DDTHH:MM``, the site's time zone) as an aware
    datetime in the future; blank means no deadline."""
    text = text.strip()
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as error:
        raise CampaignError(
            "round.deadline",
            "Round deadline: give a date and time, e.g. 2025-06-01 18:00.",
            "deadline",
        ) from error
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_current_timezone())
    if moment <= timezone.now():
        raise CampaignError(
            "round.deadline", "Round deadline: choose a moment in the future.", "deadline"
        )
    return moment


def parse_manual_pairs(text: str) -> list[tuple[int, int | None]]:
    """The organiser's pairings, one game a line: two participant numbers, or one for a bye
    ("3 7", "5")."""
    pairs: list[tuple[int, int | None]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.replace(",", " ").replace("-", " ").split()
        if not parts:
            continue
        if len(parts) > 2 or not all(p.isdigit() for p in parts):
            raise CampaignError(
                "round.pairing_invalid", f"Line {number}: two participant numbers.", "pairs"
            )
        pairs.append((int(parts[0]), int(parts[1]) if len(parts) == 2 else None))
    if not pairs:
        raise CampaignError("round.pairing_invalid", "List at least one game.", "pairs")
    return pairs
