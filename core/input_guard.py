"""Text and nesting every input must respect before it reaches a service or the database.

PostgreSQL refuses a NUL character in ``text`` and ``jsonb`` and UTF-8 cannot encode a lone
surrogate (``"\\ud800"`` is valid JSON but not valid Unicode), so either would surface as a
server error deep in a save; deep nesting breaks every recursive walk (``deepcopy``, the
JSON encoder) with a ``RecursionError``. One check, run by the API's JSON parser and by the
pages' forms, refuses all three up front and names the path at fault (``units[0].name``).
The walk is iterative, so it is safe on any depth the JSON decoder itself accepts.
"""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 32
"""Containers nested deeper than this are refused (no legitimate input comes close)."""


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored (a NUL or a lone surrogate), None when it can."""
    if "\x00" in text:
        return "NUL characters (\\u0000) are not allowed."
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "Lone surrogates (\\ud800…\\udfff) are not valid Unicode."
    return None


def child_path(path: str, key: str | int) -> str:
    """``units`` + 0 → ``units[0]``; ``units[0]`` + ``kills`` → ``units[0].kills``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


Where = tuple[Any, str | int] | None
"""A node's place: ``(parent's place, key or index)``, None for the root."""


def input_problem(value: Any, *, path: str = "", max_depth: int = MAX_DEPTH) -> tuple[str, str]:
    """The first ``(path, message)`` that makes ``value`` unstorable: a string (value or
    key) with a NUL or a lone surrogate, or containers nested over ``max_depth``; ``("",
    "")`` when there is none.

    Each node keeps only a link to its parent's (``(parent, key)``): the path text is
    built for the node at fault alone, not for every node of a large body."""
    stack: list[tuple[Any, Where, int]] = [(value, None, 0)]
    while stack:
        node, where, depth = stack.pop()
        if isinstance(node, str):
            problem = text_problem(node)
            if problem:
                return path_of(path, where) or "non_field_errors", problem
            continue
        if not isinstance(node, dict | list):
            continue
        if depth >= max_depth:
            at = path_of(path, where) or "non_field_errors"
            return at, f"Nested more than {max_depth} levels deep."
        if isinstance(node, dict):
            for key, child in reversed(list(node.items())):
                problem = text_problem(str(key))
                if problem:
                    return child_path(path_of(path, where), "<key>"), problem
                stack.append((child, (where, str(key)), depth + 1))
        else:
            for index in reversed(range(len(node))):
                stack.append((node[index], (where, index), depth + 1))
    return "", ""


def json_input_problem(text: str, value: Any, *, max_depth: int = MAX_DEPTH) -> tuple[str, str]:
    """:func:`input_problem` of ``value``, which strict ``json.loads`` decoded from ``text``.

    ASCII text without a ``\\u`` escape cannot hold a NUL or a lone surrogate (strict JSON
    refuses raw control characters, and in ASCII only an escape writes either), so then only
    the nesting is checked, over the containers alone (leaves are never visited); the full
    walk runs when that finds a fault or the text may hold one, so the answer is the same."""
    if text.isascii() and "\\u" not in text and not nested_over(value, max_depth):
        return "", ""
    return input_problem(value, max_depth=max_depth)


def nested_over(value: Any, max_depth: int) -> bool:
    """Whether the decoded JSON ``value`` nests containers ``max_depth`` deep or more."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if type(node) is dict:
            children: Any = node.values()
        elif type(node) is list:
            children = node
        else:
            continue
        if depth >= max_depth:
            return True
        for child in children:
            kind = type(child)
            if kind is dict or kind is list:
                stack.append((child, depth + 1))
    return False


def path_of(root: str, where: Where) -> str:
    """The path text of ``where`` below ``root`` (``units[0].name``)."""
    keys: list[str | int] = []
    while where is not None:
        where, key = where
        keys.append(key)
    at = root
    for key in reversed(keys):
        at = child_path(at, key)
    return at
