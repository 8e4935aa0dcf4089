"""The repository's catalogues and sample rosters read the same way everywhere."""

from __future__ import annotations

import pytest

from armybuilder.catalogue_files import discover
from armybuilder.rosterdata import SAMPLES_DIR, load_yaml, sample_roster_data
from armybuilder.validation import validate_roster

FILES, ERRORS = discover()
SYSTEMS = {f.system: f.data for f in FILES if f.is_system}
FACTIONS = {(f.system, f.slug): f.data for f in FILES if not f.is_system}
SAMPLES = sorted(SAMPLES_DIR.glob("*/*.yaml"))


def test_repository_catalogues_pass_schema_and_consistency_checks():
    assert [e.message for e in ERRORS] == []


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_validator_prices_samples_like_the_engine_mapper(path):
    payload = load_yaml(path)
    factions = {slug: d for (s, slug), d in FACTIONS.items() if s == payload["system"]}
    result = validate_roster(payload, system=SYSTEMS[payload["system"]], factions=factions)
    engine = sample_roster_data(payload["system"], path.stem)
    assert result.points == engine["points"]
    assert [u["points"] for u in engine["units"]] == list(result.unit_points.values())
