"""The lad's got talent in the campaign (issue 19; NOT IN SEED: published Mordheim rulebook
p.121, Henchmen advance table 10-12): the pick names two skill lists, and the next roster
snapshot has the promoted henchman as a hero of his own, his group one smaller."""

from __future__ import annotations

from campaigns.advances import advance_options, choice_data
from campaigns.results import apply_campaign_state
from campaigns.selectors import empty_state

TALENT = {
    "threshold": 2,
    "roll": 11,
    "result": "lads_got_talent",
    "promote": "u6.2",
    "choose_one_of": ["combat + shooting", "combat + speed"],
}


def test_the_talent_pick_records_the_fighter_and_two_skill_lists():
    assert advance_options("advance", TALENT, {}) == ["combat + shooting", "combat + speed"]
    data = choice_data(7, "combat + speed", TALENT)
    assert data == {
        "advance_entry": 7,
        "choice": "combat + speed",
        "promote": "u6.2",
        "skill_lists": ["combat", "speed"],
    }


def test_the_promoted_henchman_is_a_hero_with_the_groups_experience():
    roster = {
        "units": [
            {
                "id": "u6",
                "name": "Gate Watch",
                "category": "Henchmen",
                "size": 3,
                "profile": {"M": 4, "WS": 3},
                "weapons": [{"type": "mace", "count": 3}],
                "rules": [],
                "extra": {"kind": "henchman", "starting_experience": 0},
            }
        ]
    }
    state = empty_state()
    state["experience"] = 2
    state["advances"] = [{**TALENT, "entry": 7, "chosen": "combat + speed"}]
    units = apply_campaign_state(roster, {"u6": state})["units"]
    group, hero = units
    assert group["size"] == 2
    assert hero["id"] == "u6h1"
    assert hero["size"] == 1
    assert hero["category"] == "Hero"
    assert hero["weapons"] == [{"type": "mace", "count": 1}]
    assert hero["extra"]["kind"] == "hero"
    assert hero["extra"]["skill_lists"] == ["combat", "speed"]
    assert hero["extra"]["experience"] == 2
