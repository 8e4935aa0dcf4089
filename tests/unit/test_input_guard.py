"""``core.input_guard``: the first unstorable text or over-deep nesting, named by its path."""

from __future__ import annotations

import json

from core.input_guard import MAX_DEPTH, input_problem, json_input_problem, text_problem

NUL = "NUL characters (\\u0000) are not allowed."
SURROGATE = "Lone surrogates (\\ud800…\\udfff) are not valid Unicode."


def test_a_clean_body_has_no_problem_whatever_its_alphabet():
    body = {"name": "Hâle of the Ærie", "units": [{"unit": "line-squad", "options": ["a"]}]}
    assert input_problem(body) == ("", "")
    assert text_problem("日本語") is None


def test_the_first_bad_text_is_named_by_its_path():
    body = {"name": "ok", "units": [{"unit": "a"}, {"options": ["b", "c\x00"]}], "z": "\ud800"}
    assert input_problem(body) == ("units[1].options[1]", NUL)
    assert input_problem(["fine", {"name": "é\udfff"}]) == ("[1].name", SURROGATE)
    assert input_problem({"a": [1, 2, "x\x00"]}, path="body") == ("body.a[2]", NUL)


def test_a_bad_key_is_named_under_its_parent():
    assert input_problem({"units": [{"ok": 1, "b\x00d": 2}]}) == ("units[0].<key>", NUL)


def test_a_bad_root_text_is_a_non_field_error():
    assert input_problem("\x00") == ("non_field_errors", NUL)


def test_nesting_past_the_limit_is_named_where_it_starts():
    deep: list = []
    node = deep
    for _ in range(MAX_DEPTH + 5):
        node.append([])
        node = node[0]
    path, problem = input_problem({"units": deep})
    assert path == "units" + "[0]" * (MAX_DEPTH - 1)
    assert problem == f"Nested more than {MAX_DEPTH} levels deep."


def test_the_json_shortcut_answers_as_the_full_walk():
    """``json_input_problem`` skips the text checks of ASCII text without ``\\u`` escapes:
    every kind of body gives the same answer as ``input_problem``."""
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    just_deep_enough = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    bodies = [
        '{"name": "ok", "units": [{"unit": "a", "options": ["b"]}]}',
        '{"name": "Hâle", "units": []}',
        '{"name": "a\\u0000b"}',
        '{"units": [{"options": ["x", "\\ud800"]}]}',
        '{"b\\u0000d": 1}',
        '{"name": "a\\\\u0000b"}',
        '"\\u0000"',
        '"plain"',
        "3",
        deep,
        just_deep_enough,
        '{"units": ' + deep + "}",
        '{"a": "\\u0000", "units": ' + deep + "}",
        '{"units": ' + deep + ', "z": "\\udfff"}',
    ]
    for text in bodies:
        value = json.loads(text)
        assert json_input_problem(text, value) == input_problem(value), text
    assert json_input_problem(deep, json.loads(deep))[1].startswith("Nested more than")
