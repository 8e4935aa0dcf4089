"""Forms of the pages: sign-up, new roster, import, battle and simulation requests, and each
system's attack calculator. Every field has a label (the templates render them)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from rules.engine.systems.capabilities import OddsCapability, OddsField

MAX_SIMULATION_RUNS = 10_000


class SignUpForm(UserCreationForm):
    """A new player: username and password twice (Django's validators apply)."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


class RosterCreateForm(forms.Form):
    """Choose a system, then one of its factions, then the points limit and a name."""

    system = forms.ChoiceField(label="Game system")
    faction = forms.ChoiceField(label="Faction")
    points_limit = forms.IntegerField(label="Points limit", min_value=1, max_value=100_000)
    name = forms.CharField(label="Roster name", max_length=120)

    def __init__(
        self,
        *args: Any,
        systems: list[tuple[str, str]],
        factions: list[tuple[str, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = systems
        self.fields["faction"].choices = factions


class RosterImportForm(forms.Form):
    """Paste a roster in our text layout or our JSON interchange format."""

    text = forms.CharField(label="Roster text or JSON", widget=forms.Textarea(attrs={"rows": 14}))
    name = forms.CharField(label="Name (optional)", max_length=120, required=False)


class RosterDetailsForm(forms.Form):
    """Rename a roster or change its points limit."""

    name = forms.CharField(label="Roster name", max_length=120)
    points_limit = forms.IntegerField(label="Points limit", min_value=1, max_value=100_000)


class BattleForm(forms.Form):
    """Two rosters of one system and a mission (blank: the system's default)."""

    roster_a = forms.TypedChoiceField(label="Side A roster", coerce=int)
    roster_b = forms.TypedChoiceField(label="Side B roster", coerce=int)
    mission = forms.CharField(label="Mission", required=False, max_length=64)
    seed = forms.IntegerField(label="Seed (optional)", required=False, min_value=0)

    def __init__(self, *args: Any, rosters: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["roster_a"].choices = rosters
        self.fields["roster_b"].choices = rosters


class SimulationForm(BattleForm):
    """A battle request played many times."""

    runs = forms.IntegerField(
        label="Battles to play", min_value=1, max_value=MAX_SIMULATION_RUNS, initial=200
    )


def _words(text: str) -> str:
    return text.replace("_", " ").replace("-", " ")


def odds_form_field(spec: OddsField) -> forms.Field:
    """The form field of one declared calculator field (blank: the engine's default)."""
    common: dict[str, Any] = {
        "label": spec.label,
        "help_text": spec.help,
        "required": spec.required,
        "initial": spec.default,
    }
    bounds = {"min_value": spec.minimum, "max_value": spec.maximum}
    if spec.kind == "int":
        return forms.IntegerField(**bounds, **common)
    if spec.kind == "float":
        return forms.FloatField(**bounds, **common)
    if spec.kind == "bool":
        return forms.BooleanField(**{**common, "required": False})
    if spec.kind == "choice":
        blank = [] if spec.required or spec.default is not None else [("", "-")]
        choices = blank + [(c, _words(c)) for c in spec.choices]
        return forms.ChoiceField(choices=choices, **{**common, "required": spec.required})
    if spec.kind == "list" and spec.choices:
        return forms.MultipleChoiceField(
            choices=[(c, _words(c)) for c in spec.choices], **{**common, "required": False}
        )
    if spec.kind == "list":
        return forms.CharField(
            max_length=spec.max_items * (spec.max_length + 2),
            **{**common, "help_text": f"{spec.help} Comma-separated.".strip()},
        )
    return forms.CharField(max_length=spec.max_length, **common)


def odds_form_name(spec: OddsField) -> str:
    """The form field name of a declared field (``target.toughness`` → ``target__toughness``)."""
    return spec.name.replace(".", "__")


class AttackForm(forms.Form):
    """A system's exact calculator: one field per field its ``odds`` capability declares."""

    system = forms.ChoiceField(widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, system: str, odds: OddsCapability, systems: list[str], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.odds = odds
        self.system_slug = system
        self.fields["system"].choices = [(slug, slug) for slug in systems]
        self.fields["system"].initial = system
        for spec in odds.fields:
            self.fields[odds_form_name(spec)] = odds_form_field(spec)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for spec in self.odds.fields:
            name = odds_form_name(spec)
            if spec.kind == "list" and not spec.choices and isinstance(data.get(name), str):
                items = [item.strip() for item in data[name].split(",") if item.strip()]
                bad = [item for item in items if not re.fullmatch(spec.pattern, item)]
                if bad or len(items) > spec.max_items:
                    self.add_error(name, f"Not understood: {', '.join(bad) or 'too many'}.")
                data[name] = items
        return data

    def request(self) -> dict[str, Any]:
        """The calculator's request: the filled fields, dotted names as nested objects."""
        request: dict[str, Any] = {"system": self.cleaned_data["system"]}
        for spec in self.odds.fields:
            value = self.cleaned_data.get(odds_form_name(spec))
            if value is None or value == "":
                continue
            target = request.setdefault(spec.group, {}) if spec.group else request
            target[spec.key] = value
        return request
