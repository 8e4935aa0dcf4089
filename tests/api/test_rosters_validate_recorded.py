"""``POST /rosters/validate/`` answers byte for byte as recorded: the speed work on
authentication, input checks and the validator must not change one character of a response.

The recordings (``tests/fixtures/validate/``) are 30-unit lists made of a sample roster's
entries repeated, the payload ``bench/api_validate.py`` times. A deliberate change of a
catalogue, a sample roster or a message re-records them with
``MUSTER_RECORD_RESPONSES=1 pytest tests/api/test_rosters_validate_recorded.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from armybuilder.rosterdata import load_sample_roster

pytestmark = pytest.mark.django_db

URL = "/api/v1/rosters/validate/"
RECORDINGS = Path(__file__).resolve().parents[1] / "fixtures" / "validate"
HEADERS = ("Content-Type", "Vary", "Cache-Control", "Allow", "WWW-Authenticate", "X-Frame-Options")


def repeated_sample(system: str, sample: str, units: int = 30) -> dict:
    """``units`` entries cycling through the sample roster's own (as the bench builds it)."""
    roster = load_sample_roster(system, sample)
    kinds = [
        {k: v for k, v in entry.items() if k in ("unit", "size", "options", "faction")}
        for entry in roster["units"]
    ]
    return {
        "name": "Bench horde",
        "system": system,
        "faction": roster["faction"],
        "points_limit": 5000,
        "units": [kinds[i % len(kinds)] for i in range(units)],
    }


def recorded(name: str, response) -> None:
    """Compare status, headers and body with the recording ``name`` (or write it)."""
    lines = [str(response.status_code)]
    lines += [f"{h}: {response[h]}" for h in HEADERS if response.has_header(h)]
    text = "\n".join(lines) + "\n\n" + response.content.decode() + "\n"
    path = RECORDINGS / f"{name}.txt"
    if os.environ.get("MUSTER_RECORD_RESPONSES") == "1":
        path.write_text(text)
    assert text == path.read_text()


@pytest.mark.parametrize(
    ("system", "sample"),
    [("grimdark", "iron-wardens-strike-force"), ("massbattle", "dawnguard-vanguard")],
)
def test_a_thirty_unit_list_answers_as_recorded(owner_client, catalogues, system, sample):
    response = owner_client.post(URL, repeated_sample(system, sample), format="json")
    recorded(f"{system}-{sample}-30", response)


def test_bad_input_answers_as_recorded(owner_client, catalogues):
    payload = repeated_sample("grimdark", "iron-wardens-strike-force", units=3)
    payload["units"][1]["size"] = 0
    payload["units"][2]["options"] = ["no way"]
    recorded("invalid-input", owner_client.post(URL, payload, format="json"))


def test_a_bad_token_answers_as_recorded(api_client, catalogues):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api_client.post(URL, repeated_sample("grimdark", "iron-wardens-strike-force"))
    recorded("bad-token", response)


def test_an_anonymous_client_answers_as_recorded(api_client, catalogues):
    payload = repeated_sample("massbattle", "dawnguard-vanguard")
    recorded("anonymous-massbattle", api_client.post(URL, payload, format="json"))
