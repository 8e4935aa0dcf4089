"""Parse an uploaded catalogue document (YAML or JSON) safely, keeping each path's line.

Pure: text in, a :class:`ParsedDocument` or a :class:`CatalogueIssue` list out. Every limit
is checked before the expensive step it protects, so no upload can hang a worker or
exhaust its memory:

- size: at most ``max_bytes`` of UTF-8 (the ``MUSTER_CATALOGUE_UPLOAD_BYTES`` setting);
- YAML is read with PyYAML's safe loader, first as an event stream (iterative, so deep
  nesting cannot overflow the stack) counting nesting depth and the number of nodes the
  document expands to with every alias resolved (a "billion laughs" bomb of anchors and
  aliases is refused before anything is built); only then is it composed and constructed;
- values must be plain JSON (no YAML timestamps, sets or binary, no NaN);
- at most ``MAX_UNITS`` units per catalogue.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import yaml

from armybuilder.catalogue_issues import CatalogueIssue, issue

# libyaml's safe loader when PyYAML was built with it (about ten times faster), else the
# pure-Python one: both construct only plain types.
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_DEPTH = 32
MAX_NODES = 250_000
MAX_UNITS = 400
FORMATS: tuple[str, ...] = ("yaml", "json")


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """A parsed catalogue document and the 1-based line of each path (YAML only)."""

    data: dict[str, Any]
    lines: dict[str, int]

    def line_of(self, path: str) -> int | None:
        """The line of ``path`` or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.lines.get("")


class UploadRefused(Exception):
    """The document cannot be read at all: its issues say why."""

    def __init__(self, issues: list[CatalogueIssue]) -> None:
        super().__init__("; ".join(i.message for i in issues))
        self.issues = issues


def join(path: str, key: Any) -> str:
    """``units`` + 3 → ``units[3]``; ``units[3]`` + ``name`` → ``units[3].name``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def parse_document(text: str, *, fmt: str, max_bytes: int) -> ParsedDocument:
    """The document's data and line map; UploadRefused naming the first limit it breaks."""
    if fmt not in FORMATS:
        raise UploadRefused(
            [issue("upload.format", "", f"Unknown format '{fmt}'.", "Use 'yaml' or 'json'.")]
        )
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise UploadRefused(
            [
                issue(
                    "upload.too_large",
                    "",
                    f"The document is {size} bytes; at most {max_bytes} are accepted.",
                    "Split the faction or remove unused entries.",
                )
            ]
        )
    parsed = _parse_yaml(text) if fmt == "yaml" else _parse_json(text)
    problems = _plain_json_problems(parsed)
    if not isinstance(parsed.data, dict):
        problems.insert(
            0,
            issue(
                "upload.not_mapping",
                "",
                "The document must be a mapping (system, faction, name, units…).",
                "Start from a shipped catalogue: docs/catalogue-format.md.",
                line=1,
            ),
        )
    if problems:
        raise UploadRefused(problems)
    units = parsed.data.get("units")
    if isinstance(units, list) and len(units) > MAX_UNITS:
        raise UploadRefused(
            [
                issue(
                    "upload.too_many_units",
                    "units",
                    f"{len(units)} units; a catalogue holds at most {MAX_UNITS}.",
                    "Split the faction into several catalogues.",
                    line=parsed.line_of("units"),
                )
            ]
        )
    return parsed


def _yaml_error(error: yaml.YAMLError) -> CatalogueIssue:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(error, "problem", None) or str(error)
    return issue(
        "upload.yaml_syntax",
        "",
        f"YAML syntax error: {problem}.",
        "Check indentation and quoting on that line.",
        line=line,
    )


def _refuse(code: str, message: str, hint: str, line: int | None) -> UploadRefused:
    return UploadRefused([issue(code, "", message, hint, line=line)])


def scan_events(text: str) -> None:
    """One pass over the YAML event stream: refuse more than one document, nesting deeper
    than ``MAX_DEPTH`` and more than ``MAX_NODES`` nodes once aliases are expanded.

    ``total`` counts nodes as they would be after alias expansion: an alias adds the size
    of the node its anchor names, recorded when that node ended; so a bomb is refused after
    reading at most a few lines of it, whatever it would expand to."""
    sizes: dict[str, int] = {}
    stack: list[tuple[str | None, int]] = []
    total = 0
    documents = 0
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        line = event.start_mark.line + 1
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise _refuse(
                    "upload.many_documents",
                    "The upload holds more than one YAML document.",
                    "Upload one faction per catalogue (remove the extra '---').",
                    line,
                )
        elif isinstance(event, yaml.CollectionStartEvent):
            stack.append((event.anchor, total))
            total += 1
            if len(stack) > MAX_DEPTH:
                raise _refuse(
                    "upload.too_deep",
                    f"Nested deeper than {MAX_DEPTH} levels.",
                    "A catalogue needs only a few levels (units → options → effects).",
                    line,
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, start = stack.pop()
            if anchor:
                sizes[anchor] = total - start
        elif isinstance(event, yaml.ScalarEvent):
            total += 1
            if event.anchor:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.AliasEvent):
            total += sizes.get(event.anchor, 1)
        if total > MAX_NODES:
            raise _refuse(
                "upload.too_many_nodes",
                f"The document expands to more than {MAX_NODES} values (anchors and "
                "aliases are counted as often as they are used).",
                "Write entries out instead of repeating large anchors.",
                line,
            )


def _parse_yaml(text: str) -> ParsedDocument:
    try:
        scan_events(text)
        loader = SAFE_LOADER(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as error:
        raise UploadRefused([_yaml_error(error)]) from error
    lines: dict[str, int] = {}
    if node is not None:
        _record_lines(node, "", lines)
    return ParsedDocument(data=data, lines=lines)


def _record_lines(root: yaml.Node, root_path: str, lines: dict[str, int]) -> None:
    """Each path's line, walked without recursion (bounded by the node count scanned)."""
    pending: list[tuple[yaml.Node, str]] = [(root, root_path)]
    while pending:
        node, path = pending.pop()
        lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    child = join(path, key.value)
                    lines.setdefault(child, key.start_mark.line + 1)
                    pending.append((value, child))
        elif isinstance(node, yaml.SequenceNode):
            pending.extend((item, join(path, i)) for i, item in enumerate(node.value))


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not valid JSON")


def _parse_json(text: str) -> ParsedDocument:
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError as error:
        raise _refuse(
            "upload.too_deep",
            f"Nested deeper than {MAX_DEPTH} levels.",
            "A catalogue needs only a few levels (units → options → effects).",
            None,
        ) from error
    except json.JSONDecodeError as error:
        raise _refuse(
            "upload.json_syntax",
            f"JSON syntax error: {error.msg} (column {error.colno}).",
            "Check commas, quotes and brackets on that line.",
            error.lineno,
        ) from error
    except ValueError as error:
        raise _refuse("upload.json_syntax", f"JSON error: {error}.", "", None) from error
    return ParsedDocument(data=data, lines={})


def _plain_json_problems(parsed: ParsedDocument) -> list[CatalogueIssue]:
    """Values JSON cannot hold (YAML dates, sets, binary, non-string keys, NaN), nesting
    past ``MAX_DEPTH`` and more than ``MAX_NODES`` values; walked without recursion."""
    problems: list[CatalogueIssue] = []
    pending: list[tuple[Any, str, int]] = [(parsed.data, "", 1)]
    seen = 0
    while pending and len(problems) < 10:
        value, path, depth = pending.pop()
        seen += 1
        if depth > MAX_DEPTH or seen > MAX_NODES:
            code, what = (
                ("upload.too_deep", f"Nested deeper than {MAX_DEPTH} levels")
                if depth > MAX_DEPTH
                else ("upload.too_many_nodes", f"More than {MAX_NODES} values")
            )
            problems.append(issue(code, path, f"{what}.", "", line=parsed.line_of(path)))
            break
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    problems.append(
                        issue(
                            "upload.key_type",
                            path,
                            f"Key {key!r} is not a string.",
                            "Quote the key.",
                            line=parsed.line_of(path),
                        )
                    )
                    continue
                pending.append((item, join(path, key), depth + 1))
        elif isinstance(value, list):
            pending.extend((item, join(path, i), depth + 1) for i, item in enumerate(value))
        elif (
            value is None
            or isinstance(value, (str, bool, int))
            or (isinstance(value, float) and math.isfinite(value))
        ):
            continue
        else:
            problems.append(
                issue(
                    "upload.value_type",
                    path,
                    f"{type(value).__name__} value {str(value)[:40]!r} is not plain data.",
                    "Quote it to make it text (dates, .nan and tagged values are refused).",
                    line=parsed.line_of(path),
                )
            )
    return problems
