"""A small grimdark catalogue written to a temporary directory and loaded into the DB."""

from __future__ import annotations

import shutil
from pathlib import Path

import factory
import pytest
import yaml
from django.contrib.auth import get_user_model

from armybuilder.rosterdata import CATALOGUE_DIR
from armybuilder.services.catalogues import catalogues_load

ASHEN = {
    "system": "grimdark",
    "faction": "ashen-legion",
    "name": "Ashen Legion",
    "revision": 1,
    "alignment": None,
    "description": "Grey-cloaked wardens of dead worlds.",
    "special_rules": [{"slug": "fearless", "name": "Fearless", "text": "Never falls back."}],
    "units": [
        {
            "slug": "warden",
            "name": "Warden",
            "category": "HQ",
            "unit_type": "infantry",
            "size": {"min": 1, "max": 1},
            "cost": 90,
            "rules": ["independent_character"],
            "profile": {
                "WS": 5,
                "BS": 5,
                "S": 4,
                "T": 4,
                "W": 3,
                "I": 5,
                "A": 3,
                "Ld": 10,
                "Sv": 3,
            },
            "weapons": [{"name": "Bolt pistol", "count": "all"}],
            "options": [{"slug": "ember-blade", "name": "Ember blade", "cost": 15}],
        },
        {
            "slug": "line-squad",
            "name": "Line Squad",
            "category": "Troops",
            "unit_type": "infantry",
            "size": {"min": 5, "max": 10},
            "cost": 75,
            "cost_per_model": 15,
            "rules": ["fearless"],
            "profile": {"WS": 4, "BS": 4, "S": 4, "T": 4, "W": 1, "I": 4, "A": 1, "Ld": 8, "Sv": 3},
            "weapons": [{"name": "Bolt rifle", "count": "all"}],
            "options": [
                {
                    "slug": "heavy-cannon",
                    "name": "Heavy cannon",
                    "cost": 10,
                    "group": "heavy",
                    "max_per": {"count": 1, "models": 10},
                    "effects": {
                        "add_weapons": [{"name": "Heavy cannon"}],
                        "replace_weapon": "Bolt rifle",
                    },
                },
                {
                    "slug": "sergeant",
                    "name": "Sergeant",
                    "cost": 10,
                    "effects": {"add_rules": ["sergeant"]},
                },
            ],
        },
        {
            "slug": "ash-gunship",
            "name": "Ash Gunship",
            "category": "Heavy Support",
            "unit_type": "vehicle",
            "size": {"min": 1, "max": 1},
            "cost": 150,
            "profile": {"BS": 4, "front": 12, "side": 11, "rear": 10},
        },
    ],
}


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"player{n}")


def write_catalogues(directory: Path, ashen: dict) -> Path:
    (directory / "grimdark").mkdir(parents=True, exist_ok=True)
    shutil.copy(CATALOGUE_DIR / "grimdark" / "_system.yaml", directory / "grimdark")
    (directory / "grimdark" / "ashen-legion.yaml").write_text(
        yaml.safe_dump(ashen), encoding="utf-8"
    )
    return directory


@pytest.fixture
def catalogue_dir(tmp_path):
    return write_catalogues(tmp_path / "catalogues", ASHEN)


@pytest.fixture
def loaded(catalogue_dir):
    report = catalogues_load(directory=catalogue_dir)
    assert not report.errors, [e.message for e in report.errors]
    return catalogue_dir


@pytest.fixture
def player(db):
    return UserFactory()


@pytest.fixture
def ashen():
    """A fresh copy of the test faction's catalogue data to change."""
    import copy

    return copy.deepcopy(ASHEN)


@pytest.fixture
def write():
    """Write ``(directory, ashen_data)`` as a catalogue tree and return the directory."""
    return write_catalogues


@pytest.fixture(autouse=True)
def _empty_catalogue(db):
    """The loader's tests start from an empty catalogue (rolled back afterwards)."""
    from armybuilder.models import GameSystem, Roster

    Roster.objects.all().delete()
    GameSystem.objects.all().delete()
