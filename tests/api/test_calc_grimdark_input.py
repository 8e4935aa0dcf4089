"""``POST /api/v1/calc/attacks/`` with ``"system": "grimdark"``: issue 18 item 9 through HTTP
and bad input in every request field. Each is a 400 naming the field (the project rule "bad
input never gives a 500"), or the rule's real effect."""

import json
from fractions import Fraction

import pytest

from rules.engine.systems.grimdark.odds import FIELDS

from .test_calc import GRIMDARK

pytestmark = pytest.mark.django_db

WITHOUT = object()
"""A change value meaning "leave the key out of the request"."""


def body(**changes):
    """GRIMDARK with top-level ``changes`` and ``target`` keys merged into its target."""
    target = changes.pop("target", {})
    out = {**GRIMDARK, **changes}
    if isinstance(target, dict):
        target = {**GRIMDARK["target"], **target}
        target = {key: value for key, value in target.items() if value is not WITHOUT}
    out["target"] = target
    return {key: value for key, value in out.items() if value is not WITHOUT}


def post_json(client, data):
    """POST any JSON document (a list or null too) to the calculator."""
    return client.post("/api/v1/calc/attacks/", json.dumps(data), content_type="application/json")


def refused(client, data):
    """The error of a request that must answer 400."""
    response = post_json(client, data)
    assert response.status_code == 400, response.content
    return response.json()["error"]


CLOSE = {"mode": "close_combat", "ap": None, "rules": []}


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"rules": ["poisoned(1)"], "strength": None}, "rules", "from 2 to 6"),
        ({"rules": ["poisoned(7)"], "strength": None}, "rules", "from 2 to 6"),
        ({"rules": ["poisoned(0)"], "strength": None}, "rules", "from 2 to 6"),
        ({"rules": ["rending(3)"]}, "rules", "only poisoned takes a number"),
        ({**CLOSE, "rules": ["sniper"], "strength": None}, "rules", "'sniper'"),
        ({**CLOSE, "rules": ["twin_linked"]}, "rules", "'twin_linked'"),
        ({"rules": ["witchblade"], "strength": None}, "rules", "'witchblade'"),
        ({"rules": ["witchblade"], "strength": 0}, "strength", "greater than or equal to 1"),
        ({**CLOSE, "ap": 2}, "ap", "no weapon AP"),
    ],
)
def test_item_9_refusals_name_the_field(api_client, changes, field, words):
    error = refused(api_client, body(**changes))
    assert error["code"] == "invalid"
    assert field in error["fields"], error
    assert words in error["message"]


def test_item_9_template_rending_is_a_plain_template(api_client):
    # seed 000 [31][32]: a template rolls no to-hit dice, so rending has no 6 to rend on
    answers = [
        post_json(api_client, body(rules=rules, ap=None)).json()
        for rules in (["template"], ["template", "rending"])
    ]
    assert answers[0]["expected"] == answers[1]["expected"]
    assert answers[1]["detail"]["expected_exact"]["unsaved_wounds"] == "5/3"


def test_item_9_expected_values_are_the_exact_fractions_rounded_to_6_decimals(api_client):
    answer = post_json(api_client, GRIMDARK).json()
    exact = answer["detail"]["expected_exact"]
    assert exact["hits"] == "80/9"  # BS4 twin-linked: 10 × (1 − (1/3)²)
    for key, value in exact.items():
        assert answer["expected"][key] == round(float(Fraction(value)), 6)


@pytest.mark.parametrize("n", [2, 6])
def test_item_9_poisoned_n_wounds_on_n_plus(api_client, n):
    answer = post_json(api_client, body(rules=[f"poisoned({n})"], strength=None)).json()
    assert answer["needs"]["to_wound"] == n


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        # missing required fields (strength may only be left out for fixed-wound rules)
        ({"system": WITHOUT}, "system"),
        ({"attacks": WITHOUT}, "attacks"),
        ({"skill": WITHOUT}, "skill"),
        ({"strength": WITHOUT}, "strength"),
        ({"strength": None}, "strength"),
        ({"target": WITHOUT}, "target"),
        ({"target": {"toughness": WITHOUT}}, "target.toughness"),
        # wrong types: a string for a number, a list for an object, null
        ({"attacks": "4"}, "attacks"),
        ({"attacks": 4.5}, "attacks"),
        ({"attacks": True}, "attacks"),
        ({"attacks": None}, "attacks"),
        ({"attacks": [4]}, "attacks"),
        ({"skill": "4"}, "skill"),
        ({"strength": "four"}, "strength"),
        ({"ap": "2"}, "ap"),
        ({"mode": None}, "mode"),
        ({"mode": ["shooting"]}, "mode"),
        ({"rules": None}, "rules"),
        ({"rules": {"rending": True}}, "rules"),
        ({"rules": [None]}, "rules[0]"),
        ({"rules": [["rending"]]}, "rules[0]"),
        ({"target": None}, "target"),
        ({"target": [4]}, "target"),
        ({"target": {"toughness": "4"}}, "target.toughness"),
        ({"target": {"save": "3"}}, "target.save"),
        ({"target": {"wounds": None}}, "target.wounds"),
        # out of range
        ({**CLOSE, "skill": 0}, "skill"),  # WS 0 cannot strike; BS 0 is a gun that misses
        ({"mode": "melee"}, "mode"),
        # huge numbers: refused by the documented limits (200 attacks, 200 models)
        ({"attacks": 10**9}, "attacks"),
        ({"attacks": 10**40}, "attacks"),
        ({"target": {"models": 10**9}}, "target.models"),
        ({"target": {"wounds": 10**9}}, "target.wounds"),
        # rules: unknown, duplicated, too many, too long, two close-combat weapons
        ({"rules": ["lasers"]}, "rules"),
        ({"rules": ["Rending"]}, "rules[0]"),
        ({"rules": ["poisoned(10)"]}, "rules[0]"),
        ({"rules": ["rending", "rending"]}, "rules"),
        ({"rules": ["poisoned(2)", "poisoned(3)"], "strength": None}, "rules"),
        ({"rules": ["rending"] * 21}, "rules"),
        ({"rules": ["r" * 10**5]}, "rules[0]"),
        ({**CLOSE, "rules": ["power_fist", "lightning_claws"]}, "rules"),
        # keys the calculator does not declare
        ({"AP": 2}, "AP"),
        ({"shots": 10}, "shots"),
        ({"target": {"Sv": 2}}, "target.Sv"),
    ],
)
def test_bad_input_answers_400_naming_the_field(api_client, changes, field):
    error = refused(api_client, body(**changes))
    assert field in error["fields"], error


OUT_OF_RANGE = [
    (spec.name, value)
    for spec in FIELDS
    if spec.kind == "int"
    for value in (spec.minimum - 1, spec.maximum + 1)
]
"""Each integer field's nearest values outside its declared range (docs/api.md "Exact odds"
lists the same ranges)."""


@pytest.mark.parametrize(
    ("field", "value"),
    OUT_OF_RANGE,
)
def test_out_of_range_answers_400_naming_the_field(api_client, field, value):
    group, _, key = field.rpartition(".")
    changes = {group: {key: value}} if group else {key: value}
    assert field in refused(api_client, body(**changes))["fields"]


@pytest.mark.parametrize("document", [None, [GRIMDARK], "grimdark", 4])
def test_a_request_that_is_not_an_object_answers_400(api_client, document):
    assert refused(api_client, document)["fields"]


def test_a_20000_digit_number_answers_400_not_500(api_client):
    text = json.dumps(GRIMDARK).replace('"attacks": 10', '"attacks": ' + "9" * 20000)
    response = api_client.post("/api/v1/calc/attacks/", text, content_type="application/json")
    assert response.status_code == 400, response.content[:300]


def test_the_largest_request_answers_quickly(api_client):
    # the documented limits: 200 attacks at 200 models of 20 wounds
    data = body(attacks=200, rules=["twin_linked", "rending"], target={"models": 200, "wounds": 20})
    response = post_json(api_client, data)
    assert response.status_code == 200
    assert len(response.json()["distributions"]["hits"]) == 201


def test_ballistic_skill_zero_never_hits(api_client):
    # seed 000 [22]: a model with BS 0 cannot hit; the answer is no hits, not an error
    answer = post_json(api_client, body(skill=0)).json()
    assert answer["needs"]["to_hit"] is None
    assert answer["expected"]["hits"] == 0
