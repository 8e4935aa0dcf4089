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


def input_problem(value: Any, *, path: str = "", max_depth: int = MAX_DEPTH) -> tuple[str, str]:
    """The first ``(path, message)`` that makes ``value`` unstorable: a string (value or
    key) with a NUL or a lone surrogate, or containers nested over ``max_depth``; ``("",
    "")`` when there is none."""
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        node, at, depth = stack.pop()
        if isinstance(node, str):
            problem = text_problem(node)
            if problem:
                return at or "non_field_errors", problem
            continue
        if not isinstance(node, dict | list):
            continue
        if depth >= max_depth:
            return at or "non_field_errors", f"Nested more than {max_depth} levels deep."
        if isinstance(node, dict):
            for key, child in reversed(list(node.items())):
                problem = text_problem(str(key))
                if problem:
                    return child_path(at, "<key>"), problem
                stack.append((child, child_path(at, str(key)), depth + 1))
        else:
            for index in reversed(range(len(node))):
                stack.append((node[index], child_path(at, index), depth + 1))
    return "", ""
