"""Blinded in one eye a second time retires the hero (issue 19, defect 3; not in seed 001:
published Mordheim rulebook, Serious injuries 31 "Blinded in one eye": a hero blinded in both
eyes retires from the warband). The next roster snapshot keeps a hero blinded once and leaves
out one blinded twice, a second blinding inside Multiple Injuries counting too."""

from __future__ import annotations

import pytest

from campaigns.results import apply_campaign_state
from campaigns.selectors import empty_state

BLINDED = {"roll": 31, "result": "blinded_in_one_eye"}


def _hero_roster() -> dict:
    return {
        "units": [
            {
                "id": "u1",
                "name": "Lamp Captain",
                "category": "Hero",
                "size": 1,
                "profile": {"M": 4, "WS": 4, "BS": 4},
                "weapons": [],
                "rules": [],
                "extra": {"kind": "hero", "starting_experience": 20},
            }
        ]
    }


def _kept_units(injuries: list[dict]) -> list[str]:
    state = empty_state()
    state["injuries"] = injuries
    return [u["id"] for u in apply_campaign_state(_hero_roster(), {"u1": state})["units"]]


def test_a_hero_blinded_once_fights_on():
    assert _kept_units([BLINDED]) == ["u1"]


@pytest.mark.parametrize(
    "injuries",
    [
        [BLINDED, BLINDED],
        [BLINDED, {"roll": 16, "result": "multiple_injuries", "injuries": [BLINDED]}],
    ],
    ids=["two games", "second inside multiple injuries"],
)
def test_a_hero_blinded_twice_retires(injuries):
    assert _kept_units(injuries) == []
