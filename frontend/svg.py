"""Server-side SVG: the battle map replay and the small charts of the pages.

Every function returns a complete ``<svg>`` element as safe markup (values escaped here), so
the same picture renders on screen, without JavaScript and in the print view. Colours come
from CSS classes (``side-a``, ``side-b``…) defined in ``frontend/static/frontend/muster.css``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

INCH_PX = 10.0
HEX_SIZE_PX = 14.0
SQRT3 = math.sqrt(3.0)
SIDE_NAMES = {"a": "Side A", "b": "Side B"}


def _n(value: float) -> str:
    """A compact number for SVG attributes (two decimals at most)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _svg(width: float, height: float, body: list[str], *, label: str, css: str = "") -> SafeString:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'class="chart {escape(css)}" role="img" aria-label="{escape(label)}" '
        f'preserveAspectRatio="xMidYMid meet"><title>{escape(label)}</title>'
    )
    return mark_safe(head + "".join(body) + "</svg>")  # noqa: S308 - every value escaped above


# --- the battle map ------------------------------------------------------------------------


def hex_centre(col: float, row: float, size: float = HEX_SIZE_PX) -> tuple[float, float]:
    """Pixel centre of a pointy-top hex in the "odd-r" offset layout (odd rows shifted right)."""
    shift = 0.5 if int(row) % 2 else 0.0
    return (size * SQRT3 * (col + shift + 0.5), size * (1.5 * row + 1.0))


def _hex_points(cx: float, cy: float, size: float) -> str:
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{_n(cx + size * math.cos(angle))},{_n(cy + size * math.sin(angle))}")
    return " ".join(corners)


def _hex_facing_degrees(direction: float) -> float:
    """Hex facings count 0–5 counter-clockwise from east; SVG angles turn clockwise."""
    return -60.0 * direction


def _feature_inches(feature: dict[str, Any]) -> str:
    kind = feature.get("kind", "terrain")
    label = escape(feature.get("label") or kind)
    x, y = float(feature.get("x", 0)), float(feature.get("y", 0))
    w, h = float(feature.get("width", 0)), float(feature.get("height", 0))
    s = INCH_PX
    if kind == "objective":
        radius = max(w, h, 1.5) * s / 2
        return (
            f'<g class="feature objective"><title>{label}</title>'
            f'<circle cx="{_n(x * s)}" cy="{_n(y * s)}" r="{_n(radius)}"/>'
            f'<text x="{_n(x * s)}" y="{_n(y * s + 3)}" text-anchor="middle">{label}</text></g>'
        )
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
            f'<rect x="{_n(-h * s / 2)}" y="{_n(-w * s / 2)}" width="{_n(h * s)}" '
            f'height="{_n(w * s)}" '
            f'transform="translate({_n(cx)} {_n(cy)}) rotate({_n(float(data["facing"]))})"/>'
            f'<text x="{_n(cx)}" y="{_n(cy + 3)}" text-anchor="middle">{label}</text></g>'
        )
    # Other terrain and deployment zones are rectangles given by their top-left corner.
    return (
        f"{head}"
        f'<rect x="{_n(x * s)}" y="{_n(y * s)}" width="{_n(w * s)}" height="{_n(h * s)}"/>'
        f'<text x="{_n((x + w / 2) * s)}" y="{_n((y + h / 2) * s + 3)}" '
        f'text-anchor="middle">{label}</text></g>'
    )


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
        shape = f'<circle cx="0" cy="0" r="{_n(max(long, wide) / 2)}"/>'
    else:
        shape = (
            f'<rect x="{_n(-long / 2)}" y="{_n(-wide / 2)}" width="{_n(long)}" '
            f'height="{_n(wide)}"/>'
        )
    tip = max(long / 2 + 3, 5)
    facing = f'<polygon class="facing" points="{_n(tip)},0 {_n(tip - 4)},-3 {_n(tip - 4)},3"/>'
    return (
        f'<g class="unit side-{side} {state}" data-unit="{escape(position.get("id", ""))}" '
        f'data-x="{_n(float(position.get("x", 0)))}" data-y="{_n(float(position.get("y", 0)))}" '
        f'transform="translate({_n(cx)} {_n(cy)}) rotate({_n(rotate)})">'
        f"<title>{title}</title>{shape}{facing}</g>"
    )


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


def battle_map(
    table: dict[str, Any],
    positions: Sequence[dict[str, Any]],
    names: dict[str, str],
    *,
    turn: int,
) -> SafeString:
    """The table at the end of ``turn``: terrain, objectives and deployment zones, then every
    unit coloured by side (faded when destroyed) with its facing. ``grid`` "hex" draws the hex
    map (columns/rows, facing 0–5); otherwise inches with rectangles (massbattle) or round
    bases (skirmish, grimdark) turned to their facing in degrees."""
    grid = table.get("grid", "inches")
    width, height = float(table.get("width", 48)), float(table.get("height", 48))
    label = f"Battle map after turn {turn}" if turn else "Battle map at deployment"
    body: list[str] = []
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
        for position in positions:
            if not on_table(position):
                continue
            cx, cy = hex_centre(float(position.get("x", 0)), float(position.get("y", 0)))
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
        body.append(f'<rect class="tabletop" x="0" y="0" width="{_n(px_w)}" height="{_n(px_h)}"/>')
        body.extend(_feature_inches(f) for f in table.get("features", []))
        for position in positions:
            if not on_table(position):
                continue
            long = max(float(position.get("depth", 1) or 1), 0.8) * INCH_PX
            wide = max(float(position.get("width", 1) or 1), 0.8) * INCH_PX
            square = abs(long - wide) < 0.01
            body.append(
                _unit_marker(
                    position,
                    unit_name(names, position),
                    cx=float(position.get("x", 0)) * INCH_PX,
                    cy=float(position.get("y", 0)) * INCH_PX,
                    long=long,
                    wide=wide,
                    rotate=float(position.get("facing", 0)),
                    circle=square,
                )
            )
    return _svg(px_w, px_h, body, label=label, css=f"battle-map grid-{grid}")


# --- charts --------------------------------------------------------------------------------


def grouped_bars(
    categories: Sequence[str],
    series: Sequence[tuple[str, str, Sequence[float]]],
    *,
    label: str,
    y_label: str = "",
) -> SafeString:
    """Vertical bars, one group per category and one bar per series ``(name, css, values)``,
    with a y axis and a legend."""
    width, height, left, bottom, top = 420.0, 220.0, 46.0, 28.0, 26.0
    plot_w, plot_h = width - left - 8, height - bottom - top
    peak = max([v for _, _, values in series for v in values] + [1])
    group_w = plot_w / max(len(categories), 1)
    bar_w = group_w * 0.8 / max(len(series), 1)
    body = [
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - 8}" '
        f'y2="{top + plot_h}"/>',
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>',
    ]
    for tick in _ticks(peak):
        y = top + plot_h - plot_h * tick / peak
        body.append(
            f'<text class="tick" x="{left - 4}" y="{_n(y + 3)}" text-anchor="end">{_n(tick)}</text>'
        )
    for index, category in enumerate(categories):
        gx = left + index * group_w + group_w * 0.1
        for s_index, (name, css, values) in enumerate(series):
            value = values[index] if index < len(values) else 0
            h = plot_h * value / peak
            body.append(
                f'<rect class="bar {escape(css)}" x="{_n(gx + s_index * bar_w)}" '
                f'y="{_n(top + plot_h - h)}" width="{_n(bar_w - 1)}" height="{_n(h)}">'
                f"<title>{escape(name)}, {escape(category)}: {_n(value)}</title></rect>"
            )
        body.append(
            f'<text class="tick" x="{_n(gx + group_w * 0.4)}" y="{_n(height - 12)}" '
            f'text-anchor="middle">{escape(category)}</text>'
        )
    legend_x = left
    for name, css, _ in series:
        body.append(
            f'<rect class="bar {escape(css)}" x="{_n(legend_x)}" y="6" width="10" '
            f'height="10"/><text class="legend" x="{_n(legend_x + 14)}" y="15">'
            f"{escape(name)}</text>"
        )
        legend_x += 14 + 7 * len(name) + 16
    if y_label:
        middle = top + plot_h / 2
        body.append(
            f'<text class="legend" x="10" y="{_n(middle)}" text-anchor="middle" '
            f'transform="rotate(-90 10 {_n(middle)})">{escape(y_label)}</text>'
        )
    return _svg(width, height, body, label=label, css="bars")


def _ticks(peak: float) -> list[float]:
    """Three or four round tick values from 0 to ``peak``."""
    if peak <= 0:
        return [0]
    step = 10 ** math.floor(math.log10(peak))
    for factor in (1, 2, 5, 10):
        if peak / (step * factor) <= 4:
            step *= factor
            break
    ticks, value = [], 0.0
    while value <= peak + 1e-9:
        ticks.append(round(value, 6))
        value += step
    return ticks


def histogram(bins: Sequence[dict[str, Any]], *, label: str, x_label: str) -> SafeString:
    """Bars of ``{"value", "count"}`` bins (e.g. the victory-point margin); negative values
    (losses) and positive values (wins) get their own colour, zero is a draw."""
    ordered = sorted(bins, key=lambda b: float(b["value"]))
    categories = [_n(float(b["value"])) for b in ordered]
    width, height, left, bottom, top = 420.0, 220.0, 36.0, 40.0, 12.0
    plot_w, plot_h = width - left - 8, height - bottom - top
    peak = max([int(b["count"]) for b in ordered] + [1])
    bar_w = plot_w / max(len(ordered), 1)
    body = [
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - 8}" y2="{top + plot_h}"/>'
    ]
    for tick in _ticks(peak):
        y = top + plot_h - plot_h * tick / peak
        body.append(
            f'<text class="tick" x="{left - 4}" y="{_n(y + 3)}" text-anchor="end">{_n(tick)}</text>'
        )
    every = max(1, math.ceil(len(ordered) / 12))
    for index, (category, item) in enumerate(zip(categories, ordered, strict=True)):
        value = float(item["value"])
        css = "win" if value > 0 else "loss" if value < 0 else "draw"
        h = plot_h * int(item["count"]) / peak
        x = left + index * bar_w
        body.append(
            f'<rect class="bar {css}" x="{_n(x)}" y="{_n(top + plot_h - h)}" '
            f'width="{_n(max(bar_w - 1, 1))}" height="{_n(h)}">'
            f"<title>{escape(x_label)} {category}: {int(item['count'])}</title></rect>"
        )
        if index % every == 0:
            body.append(
                f'<text class="tick" x="{_n(x + bar_w / 2)}" y="{_n(top + plot_h + 12)}" '
                f'text-anchor="middle">{category}</text>'
            )
    body.append(
        f'<text class="legend" x="{_n(left + plot_w / 2)}" y="{_n(height - 8)}" '
        f'text-anchor="middle">{escape(x_label)}</text>'
    )
    return _svg(width, height, body, label=label, css="histogram")


def distribution(
    probabilities: Sequence[float],
    *,
    label: str,
    x_label: str,
    expected: float | None = None,
) -> SafeString:
    """P(k) for k = 0, 1, 2…: one bar per count, its probability in percent on hover."""
    width, height, left, bottom, top = 420.0, 200.0, 40.0, 40.0, 12.0
    plot_w, plot_h = width - left - 8, height - bottom - top
    values = list(probabilities)
    while len(values) > 1 and values[-1] < 0.0005:
        values.pop()
    peak = max([*values, 1e-09])
    bar_w = plot_w / max(len(values), 1)
    body = [
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - 8}" y2="{top + plot_h}"/>'
    ]
    for tick in _ticks(peak * 100):
        y = top + plot_h - plot_h * (tick / 100) / peak
        body.append(
            f'<text class="tick" x="{left - 4}" y="{_n(y + 3)}" '
            f'text-anchor="end">{_n(tick)}%</text>'
        )
    every = max(1, math.ceil(len(values) / 15))
    for k, p in enumerate(values):
        h = plot_h * p / peak
        x = left + k * bar_w
        body.append(
            f'<rect class="bar dist" x="{_n(x)}" y="{_n(top + plot_h - h)}" '
            f'width="{_n(max(bar_w - 1, 1))}" height="{_n(h)}">'
            f"<title>{k}: {p * 100:.1f}%</title></rect>"
        )
        if k % every == 0:
            body.append(
                f'<text class="tick" x="{_n(x + bar_w / 2)}" y="{_n(top + plot_h + 12)}" '
                f'text-anchor="middle">{k}</text>'
            )
    caption = x_label if expected is None else f"{x_label} (expected {expected:.2f})"
    body.append(
        f'<text class="legend" x="{_n(left + plot_w / 2)}" y="{_n(height - 8)}" '
        f'text-anchor="middle">{escape(caption)}</text>'
    )
    return _svg(width, height, body, label=label, css="distribution")


def outcome_bar(win: float, draw: float, loss: float, *, label: str) -> SafeString:
    """One horizontal bar split into win / draw / loss shares (probabilities 0–1)."""
    width, height = 420.0, 44.0
    body, x = [], 0.0
    for name, css, share in (("Win", "win", win), ("Draw", "draw", draw), ("Loss", "loss", loss)):
        w = width * max(share, 0.0)
        body.append(
            f'<rect class="bar {css}" x="{_n(x)}" y="0" width="{_n(w)}" height="28">'
            f"<title>{name}: {share * 100:.1f}%</title></rect>"
        )
        if share >= 0.08:
            body.append(
                f'<text class="bar-label" x="{_n(x + w / 2)}" y="18" '
                f'text-anchor="middle">{name} {share * 100:.0f}%</text>'
            )
        x += w
    return _svg(width, height, body, label=label, css="outcome")
