"""Forms of the pages: sign-up, new roster, import, battle and simulation requests, the
grimdark attack calculator. Every field has a label (the templates render them)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

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


SAVE_CHOICES = [("", "None")] + [(str(v), f"{v}+") for v in range(2, 7)]


class AttackForm(forms.Form):
    """The grimdark attack sequence: attacker, weapon and target."""

    mode = forms.ChoiceField(
        label="Attack",
        choices=[("shooting", "Shooting (BS)"), ("close_combat", "Close combat (WS)")],
    )
    attacks = forms.IntegerField(label="Attacks / shots", min_value=1, max_value=200, initial=10)
    skill = forms.IntegerField(label="BS or WS", min_value=1, max_value=10, initial=4)
    strength = forms.IntegerField(label="Strength", min_value=1, max_value=10, initial=4)
    ap = forms.TypedChoiceField(
        label="AP",
        choices=[("", "-")] + [(str(v), str(v)) for v in range(1, 7)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    toughness = forms.IntegerField(label="Target toughness", min_value=1, max_value=10, initial=4)
    save = forms.TypedChoiceField(
        label="Armour save",
        choices=SAVE_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        initial="3",
    )
    invulnerable = forms.TypedChoiceField(
        label="Invulnerable save",
        choices=SAVE_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
    )
    cover = forms.TypedChoiceField(
        label="Cover save", choices=SAVE_CHOICES, coerce=int, empty_value=None, required=False
    )
    wounds = forms.IntegerField(label="Wounds per model", min_value=1, max_value=10, initial=1)
    models = forms.IntegerField(label="Models in target", min_value=1, max_value=200, initial=10)
    weapon_skill = forms.IntegerField(label="Target WS", min_value=1, max_value=10, initial=4)

    def request(self) -> dict[str, Any]:
        """The calculator's request (``rules.engine.systems.grimdark.odds.attack_odds``)."""
        data = self.cleaned_data
        return {
            "system": "grimdark",
            "mode": data["mode"],
            "attacks": data["attacks"],
            "skill": data["skill"],
            "strength": data["strength"],
            "ap": data["ap"],
            "rules": [],
            "target": {
                "toughness": data["toughness"],
                "save": data["save"],
                "invulnerable": data["invulnerable"],
                "cover": data["cover"],
                "wounds": data["wounds"],
                "models": data["models"],
                "weapon_skill": data["weapon_skill"],
            },
        }
