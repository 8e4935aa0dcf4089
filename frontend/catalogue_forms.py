"""The catalogue pages' forms: the list's filters, an upload (a file or pasted text), the raw
document editor and the per-unit form of the common fields (docs/army-builder.md "Your own
catalogues"). Every field has a label; the checks of the document itself are the
``armybuilder`` services', shown beside the form."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.conf import settings

from armybuilder.catalogue_selectors import SCOPES
from armybuilder.models import SourceFormat, Visibility
from frontend.editor import PROFILE_RANK

SCOPE_LABELS = {
    "all": "Everything I can see",
    "mine": "Mine",
    "public": "Public (others')",
    "samples": "Site samples",
}


#: A stat the unit form writes back as a number when it reads as one (``4``, ``-1``);
#: anything else (``3+``, ``-``, ``2d6``) is kept as text.
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


class CatalogueFilterForm(forms.Form):
    """Which catalogues (or rules variants: ``scopes``) the list shows: a scope, a system,
    part of the name."""

    scope = forms.ChoiceField(label="Show", required=False)
    system = forms.ChoiceField(label="Game system", required=False)
    q = forms.CharField(label="Name contains", max_length=80, required=False)

    def __init__(
        self,
        *args: Any,
        systems: list[tuple[str, str]],
        scopes: tuple[str, ...] = SCOPES,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scope"].choices = [(s, SCOPE_LABELS[s]) for s in scopes]
        self.fields["system"].choices = [("", "All systems"), *systems]


class CatalogueUploadForm(forms.Form):
    """A new catalogue: a YAML or JSON file, or the document pasted in the text box."""

    file = forms.FileField(label="Catalogue file (.yaml, .yml or .json)", required=False)
    text = forms.CharField(
        label="Or the document itself",
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 24, "class": "mono", "spellcheck": "false"}),
    )
    format = forms.ChoiceField(label="Format of the text", choices=SourceFormat.choices)
    visibility = forms.ChoiceField(label="Who may see it", choices=Visibility.choices)

    def clean(self) -> dict[str, Any]:
        """The document's text and format: a file wins over the text box (its extension
        names the format); at most ``MUSTER_CATALOGUE_UPLOAD_BYTES`` either way."""
        cleaned = super().clean()
        upload = cleaned.get("file")
        limit = settings.MUSTER_CATALOGUE_UPLOAD_BYTES
        if upload is not None:
            if upload.size > limit:
                raise forms.ValidationError(f"The file is larger than {limit} bytes.")
            try:
                cleaned["text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError as error:
                raise forms.ValidationError("The file is not UTF-8 text.") from error
            cleaned["format"] = "json" if upload.name.lower().endswith(".json") else "yaml"
        if not cleaned.get("text", "").strip():
            raise forms.ValidationError("Choose a file or paste the catalogue document.")
        return cleaned


class CatalogueTextForm(forms.Form):
    """The whole document as text: the editor's raw view."""

    text = forms.CharField(
        label="YAML or JSON text",
        strip=False,
        widget=forms.Textarea(attrs={"rows": 30, "class": "mono", "spellcheck": "false"}),
    )
    format = forms.ChoiceField(label="Format", choices=SourceFormat.choices)
    summary = forms.CharField(label="What changed (optional)", max_length=200, required=False)


class CatalogueUnitForm(forms.Form):
    """The common fields of one unit: name, category, cost, size and its profile."""

    name = forms.CharField(label="Name", max_length=120)
    category = forms.ChoiceField(label="Category")

    def __init__(
        self, *args: Any, unit: dict[str, Any], categories: list[str], prefix: str, **kwargs: Any
    ) -> None:
        super().__init__(*args, prefix=prefix, **kwargs)
        current = str(unit.get("category", ""))
        names = [*categories, *([current] if current and current not in categories else [])]
        self.fields["category"].choices = [(c, c) for c in names]
        self.initial = {"name": unit.get("name", ""), "category": current}
        if "sizes" not in unit:
            size = unit.get("size") or {}
            self.fields["cost"] = forms.IntegerField(label="Cost", min_value=0, max_value=100_000)
            self.fields["size_min"] = forms.IntegerField(label="Fewest models", min_value=1)
            self.fields["size_max"] = forms.IntegerField(label="Most models", min_value=1)
            self.initial.update(
                cost=unit.get("cost", 0), size_min=size.get("min", 1), size_max=size.get("max", 1)
            )
        profile = unit.get("profile") or {}
        for key in sorted(profile, key=lambda k: (PROFILE_RANK.get(k, len(PROFILE_RANK)), k)):
            value = profile[key]
            self.fields[f"stat_{key}"] = forms.CharField(label=str(key), max_length=12)
            self.initial[f"stat_{key}"] = value

    def unit_changes(self) -> dict[str, Any]:
        """The cleaned fields as unit keys: ``name``, ``category``, ``cost``, ``size`` and
        ``profile`` (a stat that reads as a whole number becomes one)."""
        data = self.cleaned_data
        changes: dict[str, Any] = {"name": data["name"], "category": data["category"]}
        if "cost" in data:
            changes["cost"] = data["cost"]
            changes["size"] = {"min": data["size_min"], "max": data["size_max"]}
        profile = {}
        for name, value in data.items():
            if name.startswith("stat_"):
                text = value.strip()
                profile[name[5:]] = int(text) if WHOLE_NUMBER.fullmatch(text) else text
        if profile:
            changes["profile"] = profile
        return changes


class CatalogueUnitCopyForm(forms.Form):
    """A new unit: a copy of one already in the catalogue under a new name."""

    source = forms.TypedChoiceField(label="Copy of", coerce=int)
    name = forms.CharField(label="New unit's name", max_length=120)

    def __init__(self, *args: Any, units: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["source"].choices = units
