"""The battle map replay: the table (inches) or hex grid, terrain features and each unit's
marker at one turn, with short labels."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString

from frontend.svg.markup import num, svg_element

INCH_PX = 10.0
HEX_SIZE_PX = 14.0
SQRT3 = math.sqrt(3.0)
SIDE_NAMES = {"a": "Side A", "b": "Side B"}


def hex_centre(col: float, row: float, size: float = HEX_SIZE_PX) -> tuple[float, float]:
    """Pixel centre of a pointy-top hex in the "odd-r" offset layout (odd rows shifted right)."""
    shift = 0.5 if int(row) % 2 else 0.0
    return (size * SQRT3 * (col + shift + 0.5), size * (1.5 * row + 1.0))


def _hex_points(cx: float, cy: float, size: float) -> str:
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{num(cx + size * math.cos(angle))},{num(cy + size * math.sin(angle))}")
    return " ".join(corners)


def _hex_facing_degrees(direction: float) -> float:
    """Hex facings count 0–5 counter-clockwise from east; SVG angles turn clockwise."""
    return -60.0 * direction


def _feature_inches(feature: dict[str, Any]) -> tuple[str, tuple[str, float, float]]:
    kind = feature.get("kind", "terrain")
    label = escape(feature.get("label") or kind)
    x, y = float(feature.get("x", 0)), float(feature.get("y", 0))
    w, h = float(feature.get("width", 0)), float(feature.get("height", 0))
    s = INCH_PX
    if kind == "objective":
        radius = max(w, h, 1.5) * s / 2
        return (
            f'<g class="feature objective"><title>{label}</title>'
            f'<circle cx="{num(x * s)}" cy="{num(y * s)}" r="{num(radius)}"/></g>'
        ), (label, x * s, y * s + 3)
    data = feature.get("data") or {}
    terrain_class = " ".join(
        escape(str(data[key])) for key in ("class", "type") if data.get(key) is not None
    )
    head = f'<g class="feature {escape(kind)} {terrain_class}"><title>{label}</title>'
    if "facing" in data:
        # A footprint with a facing (massbattle terrain): x/y is its centre, ``width`` runs
        # along its front edge and ``height`` front to back, turned like a unit.
        cx, cy = x * s, y * s
        return (
            f"{head}"
            f'<rect x="{num(-h * s / 2)}" y="{num(-w * s / 2)}" width="{num(h * s)}" '
            f'height="{num(w * s)}" '
            f'transform="translate({num(cx)} {num(cy)}) rotate({num(float(data["facing"]))})"/></g>'
        ), (label, cx, cy + 3)
    # Other terrain and deployment zones are rectangles given by their top-left corner.
    return (
        f"{head}"
        f'<rect x="{num(x * s)}" y="{num(y * s)}" width="{num(w * s)}" height="{num(h * s)}"/></g>'
    ), (label, (x + w / 2) * s, (y + h / 2) * s + 3)


def _label_text(label: str, x: float, y: float, css: str = "feature-label") -> str:
    """A label drawn in the top layer (above every unit) with a halo from the stylesheet."""
    return f'<text class="{css}" x="{num(x)}" y="{num(y)}" text-anchor="middle">{label}</text>'


LABEL_FONT_PX = {"feature-label": 8.5, "unit-label": 8.0}
CHAR_WIDTH = 0.62  # of the font size, bold sans-serif: a safe over-estimate


#: Where a label may go when the place asked for is taken, nearest first: whole lines up or
#: down, then also its own width to either side.
LABEL_SHIFTS = [(0, dy) for dy in (0, -1, 1, -2, 2, -3, 3)] + [
    (dx, dy) for dy in (0, -1, 1, -2, 2) for dx in (-1, 1)
]


class LabelLayout:
    """Places map labels so none is cut by the table's edge or drawn over another: a label
    is kept inside the table and, where it would overlap one already placed, moved to the
    nearest free place of :data:`LABEL_SHIFTS`; where none is free (a crowded deployment
    line), it is left out rather than drawn over another: the unit's title still names it
    on hover and focus."""

    def __init__(self, width: float, height: float, *, scale: float = 1.0) -> None:
        self.width, self.height, self.scale = width, height, scale
        self.boxes: list[tuple[float, float, float, float]] = []

    def place(self, label: str, x: float, y: float, css: str) -> str:
        """The ``<text>`` of ``label`` (already escaped) near ``(x, y)`` (its baseline
        centre), or "" when there is no free place near it."""
        size = LABEL_FONT_PX[css.split()[0]] * self.scale
        half = len(label) * size * CHAR_WIDTH / 2 + 1
        first = min(max(y, size + 1), self.height - 2)
        for dx, dy in LABEL_SHIFTS:
            left = min(max(x + dx * (2 * half + 1), half + 1), max(self.width - half - 1, half + 1))
            top = min(max(first + dy * (size + 2), size + 1), self.height - 2)
            box = (left - half, top - size, left + half, top + 2)
            if not any(_overlaps(box, other) for other in self.boxes):
                self.boxes.append(box)
                return _label_text(label, left, top, css)
        return ""


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _feature_hex(feature: dict[str, Any]) -> str:
    kind = feature.get("kind", "terrain")
    label = escape(feature.get("label") or kind)
    col, row = float(feature.get("x", 0)), float(feature.get("y", 0))
    cols = max(1, round(float(feature.get("width", 0)) or 1))
    rows = max(1, round(float(feature.get("height", 0)) or 1))
    cells = []
    for r in range(int(row), int(row) + rows):
        for c in range(int(col), int(col) + cols):
            cx, cy = hex_centre(c, r)
            cells.append(f'<polygon points="{_hex_points(cx, cy, HEX_SIZE_PX - 1)}"/>')
    return f'<g class="feature {escape(kind)}"><title>{label}</title>{"".join(cells)}</g>'


def _unit_marker(
    position: dict[str, Any],
    name: str,
    *,
    cx: float,
    cy: float,
    long: float,
    wide: float,
    rotate: float,
    circle: bool,
) -> str:
    side = "a" if position.get("side") == "a" else "b"
    alive = bool(position.get("alive", True))
    state = "alive" if alive else "destroyed"
    status = escape(position.get("status") or state)
    title = f"{escape(name)} ({SIDE_NAMES[side]}, {position.get('models', 0)} models, {status})"
    if circle:
        shape = f'<circle cx="0" cy="0" r="{num(max(long, wide) / 2)}"/>'
    else:
        shape = (
            f'<rect x="{num(-long / 2)}" y="{num(-wide / 2)}" width="{num(long)}" '
            f'height="{num(wide)}"/>'
        )
    tip = max(long / 2 + 3, 5)
    facing = f'<polygon class="facing" points="{num(tip)},0 {num(tip - 4)},-3 {num(tip - 4)},3"/>'
    return (
        f'<g class="unit side-{side} {state}" data-unit="{escape(position.get("id", ""))}" '
        f'data-x="{num(float(position.get("x", 0)))}" data-y="{num(float(position.get("y", 0)))}" '
        f'transform="translate({num(cx)} {num(cy)}) rotate({num(rotate)})">'
        f"<title>{title}</title>{shape}{facing}</g>"
    )


UNIT_LABEL_CHARS = 12
LEADING_WORDS = ("the", "a", "an")


def short_label(name: str) -> str:
    """A unit's name shortened for a map label: a leading article dropped, then the name if
    it is short, else its first word (at most 10 letters), the initials of the rest and a
    trailing number kept whole."""
    words = name.split()
    if len(words) > 1 and words[0].lower() in LEADING_WORDS:
        words = words[1:]
    text = " ".join(words)
    if len(text) <= UNIT_LABEL_CHARS:
        return text
    # A trailing number ("Gaunt Brood 2", "Reaver Chief (2)") is what tells two units apart.
    number = words.pop() if len(words) > 2 and words[-1].strip("()").isdigit() else ""
    first = words[0] if len(words[0]) <= 10 else words[0][:9] + "…"
    initials = "".join(w[0] for w in words[1:] if w[:1].isupper())
    return " ".join(part for part in (first, initials, number) if part)


def unit_key(side: str, unit_id: str) -> str:
    """A unit's key in a battle: ids are unique per roster, so both sides may have a "u1"."""
    return f"{side}/{unit_id}"


def unit_name(names: dict[str, str], position: dict[str, Any]) -> str:
    """The name of the unit at ``position`` (``names`` is keyed by :func:`unit_key`); a
    fighter of a unit ("u3.2", skirmish) falls back to its unit's name, then to the id."""
    unit_id = str(position.get("id", ""))
    key = unit_key(str(position.get("side", "")), unit_id)
    if key in names:
        return names[key]
    parent = key.rpartition(".")[0]
    return names.get(parent, unit_id) if "." in unit_id else unit_id


def on_table(position: dict[str, Any]) -> bool:
    """False for a unit waiting in reserve (it has no place on the table yet)."""
    return "reserve" not in str(position.get("status") or "")


def _trails(history: Sequence[Sequence[dict[str, Any]]], point: Any, names: dict[str, str]) -> str:
    """A dotted line per unit through where it stood at the end of each turn so far (its
    movement trail), ending where it fell; units that never moved draw none."""
    paths: dict[tuple[str, str], list[tuple[float, float]]] = {}
    fallen: set[tuple[str, str]] = set()
    for positions in history:
        for position in positions:
            key = (str(position.get("side", "")), str(position.get("id", "")))
            if not on_table(position) or key in fallen:
                continue
            spot = point(float(position.get("x", 0)), float(position.get("y", 0)))
            trail = paths.setdefault(key, [])
            if not trail or trail[-1] != spot:
                trail.append(spot)
            if not position.get("alive", True):
                fallen.add(key)
    lines = []
    for (side, unit_id), spots in paths.items():
        if len(spots) < 2:
            continue
        css = "a" if side == "a" else "b"
        name = escape(unit_name(names, {"side": side, "id": unit_id}))
        coords = " ".join(f"{num(x)},{num(y)}" for x, y in spots)
        lines.append(
            f'<polyline class="trail side-{css}" points="{coords}"><title>{name}: moves'
            f"</title></polyline>"
        )
    return f'<g class="trails">{"".join(lines)}</g>'


def battle_map(
    table: dict[str, Any],
    positions: Sequence[dict[str, Any]],
    names: dict[str, str],
    *,
    turn: int,
    last_turn: int | None = None,
    history: Sequence[Sequence[dict[str, Any]]] = (),
) -> SafeString:
    """The table at the end of ``turn``: terrain, objectives and deployment zones, the
    units' movement trails over ``history`` (the positions of the turns before), then every
    unit coloured by side (faded when destroyed) with its facing. ``grid`` "hex" draws the
    hex map (columns/rows, facing 0–5); otherwise inches with rectangles (massbattle) or
    round bases (skirmish, grimdark) turned to their facing in degrees. Feature names and
    short unit labels go in a top layer (``map-labels``) so no unit hides them, laid out by
    :class:`LabelLayout` so none is cut or overlaps another."""
    grid = table.get("grid", "inches")
    width, height = float(table.get("width", 48)), float(table.get("height", 48))
    label = f"Battle map at the end of turn {turn}" if turn else "Battle map at deployment"
    if last_turn is not None:
        label += f" (of {last_turn} turns)"
    body: list[str] = []
    wanted: list[tuple[str, float, float, str]] = []
    labelled: set[str] = set()

    def unit_label(position: dict[str, Any], x: float, y: float) -> None:
        # One label per unit (a skirmish unit's first standing fighter), living units only.
        unit_id = str(position.get("id", ""))
        key = unit_key(str(position.get("side", "")), unit_id.split(".")[0])
        if not position.get("alive", True) or key in labelled:
            return
        labelled.add(key)
        text = escape(short_label(unit_name(names, position)))
        side = "a" if position.get("side") == "a" else "b"
        wanted.append((text, x, y, f"unit-label side-{side}"))

    if grid == "hex":
        cols, rows = int(width), int(height)
        px_w = HEX_SIZE_PX * SQRT3 * (cols + 0.5) + 2
        px_h = HEX_SIZE_PX * (1.5 * rows + 0.5) + 2
        cells = [
            f'<polygon points="{_hex_points(*hex_centre(c, r), HEX_SIZE_PX)}"/>'
            for r in range(rows)
            for c in range(cols)
        ]
        body.append(f'<g class="hexgrid">{"".join(cells)}</g>')
        body.extend(_feature_hex(f) for f in table.get("features", []))
        body.append(_trails(history, hex_centre, names))
        for position in positions:
            if not on_table(position):
                continue
            cx, cy = hex_centre(float(position.get("x", 0)), float(position.get("y", 0)))
            unit_label(position, cx, cy - HEX_SIZE_PX * 0.75)
            body.append(
                _unit_marker(
                    position,
                    unit_name(names, position),
                    cx=cx,
                    cy=cy,
                    long=HEX_SIZE_PX * 1.1,
                    wide=HEX_SIZE_PX * 1.1,
                    rotate=_hex_facing_degrees(float(position.get("facing", 0))),
                    circle=True,
                )
            )
    else:
        px_w, px_h = width * INCH_PX, height * INCH_PX
        body.append(
            f'<rect class="tabletop" x="0" y="0" width="{num(px_w)}" height="{num(px_h)}"/>'
        )
        for shape, (text, x, y) in (_feature_inches(f) for f in table.get("features", [])):
            body.append(shape)
            wanted.insert(0, (text, x, y, "feature-label"))
        body.append(_trails(history, lambda x, y: (x * INCH_PX, y * INCH_PX), names))
        for position in positions:
            if not on_table(position):
                continue
            long = max(float(position.get("depth", 1) or 1), 0.8) * INCH_PX
            wide = max(float(position.get("width", 1) or 1), 0.8) * INCH_PX
            square = abs(long - wide) < 0.01
            ux, uy = float(position.get("x", 0)), float(position.get("y", 0))
            unit_label(position, ux * INCH_PX, uy * INCH_PX - max(long, wide) / 2 - 2)
            body.append(
                _unit_marker(
                    position,
                    unit_name(names, position),
                    cx=ux * INCH_PX,
                    cy=uy * INCH_PX,
                    long=long,
                    wide=wide,
                    rotate=float(position.get("facing", 0)),
                    circle=square,
                )
            )
    layout = LabelLayout(px_w, px_h, scale=7 / 8 if grid == "hex" else 1.0)
    labels = [layout.place(text, x, y, css) for text, x, y, css in wanted]
    body.append(f'<g class="map-labels">{"".join(labels)}</g>')
    return svg_element(px_w, px_h, body, label=label, css=f"battle-map grid-{grid}")
