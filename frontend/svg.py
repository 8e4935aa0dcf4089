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


def _feature_inches(feature: dict[str, Any]) -> tuple[str, str]:
    kind = feature.get("kind", "terrain")
    label = escape(feature.get("label") or kind)
    x, y = float(feature.get("x", 0)), float(feature.get("y", 0))
    w, h = float(feature.get("width", 0)), float(feature.get("height", 0))
    s = INCH_PX
    if kind == "objective":
        radius = max(w, h, 1.5) * s / 2
        return (
            f'<g class="feature objective"><title>{label}</title>'
            f'<circle cx="{_n(x * s)}" cy="{_n(y * s)}" r="{_n(radius)}"/></g>'
        ), _label_text(label, x * s, y * s + 3)
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
            f'transform="translate({_n(cx)} {_n(cy)}) rotate({_n(float(data["facing"]))})"/></g>'
        ), _label_text(label, cx, cy + 3)
    # Other terrain and deployment zones are rectangles given by their top-left corner.
    return (
        f"{head}"
        f'<rect x="{_n(x * s)}" y="{_n(y * s)}" width="{_n(w * s)}" height="{_n(h * s)}"/></g>'
    ), _label_text(label, (x + w / 2) * s, (y + h / 2) * s + 3)


def _label_text(label: str, x: float, y: float, css: str = "feature-label") -> str:
    """A label drawn in the top layer (above every unit) with a halo from the stylesheet."""
    return f'<text class="{css}" x="{_n(x)}" y="{_n(y)}" text-anchor="middle">{label}</text>'


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


UNIT_LABEL_CHARS = 12
LEADING_WORDS = ("the", "a", "an")


def short_label(name: str) -> str:
    """A unit's name shortened for a map label: a leading article dropped, then the name if
    it is short, else its first word (at most 10 letters) and the initials of the rest."""
    words = name.split()
    if len(words) > 1 and words[0].lower() in LEADING_WORDS:
        words = words[1:]
    text = " ".join(words)
    if len(text) <= UNIT_LABEL_CHARS:
        return text
    first = words[0] if len(words[0]) <= 10 else words[0][:9] + "…"
    initials = "".join(w[0] for w in words[1:] if w[:1].isupper())
    return f"{first} {initials}".strip()


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
    last_turn: int | None = None,
) -> SafeString:
    """The table at the end of ``turn``: terrain, objectives and deployment zones, then every
    unit coloured by side (faded when destroyed) with its facing. ``grid`` "hex" draws the hex
    map (columns/rows, facing 0–5); otherwise inches with rectangles (massbattle) or round
    bases (skirmish, grimdark) turned to their facing in degrees. Feature names and short unit
    labels go in a top layer (``map-labels``) so no unit hides them."""
    grid = table.get("grid", "inches")
    width, height = float(table.get("width", 48)), float(table.get("height", 48))
    label = f"Battle map at the end of turn {turn}" if turn else "Battle map at deployment"
    if last_turn is not None:
        label += f" (of {last_turn} turns)"
    body: list[str] = []
    labels: list[str] = []
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
        labels.append(_label_text(text, x, max(y, 8.0), css=f"unit-label side-{side}"))

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
        body.append(f'<rect class="tabletop" x="0" y="0" width="{_n(px_w)}" height="{_n(px_h)}"/>')
        for shape, text in (_feature_inches(f) for f in table.get("features", [])):
            body.append(shape)
            labels.append(text)
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
                    cx=float(position.get("x", 0)) * INCH_PX,
                    cy=float(position.get("y", 0)) * INCH_PX,
                    long=long,
                    wide=wide,
                    rotate=float(position.get("facing", 0)),
                    circle=square,
                )
            )
    body.append(f'<g class="map-labels">{"".join(labels)}</g>')
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


HISTOGRAM_MAX_BINS = 20
HISTOGRAM_MIN_BINS = 10


def _bin_width(low: float, high: float) -> float:
    """The round bin width (1, 2 or 5 × 10^k, at least 1) giving 10–20 bins over the range."""
    span = max(high - low, 1.0)
    width = 1.0
    while span / width > HISTOGRAM_MAX_BINS:
        for factor in (2.0, 2.5, 2.0):
            width *= factor
            if span / width <= HISTOGRAM_MAX_BINS:
                break
    return width


def margin_bins(values: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``{"value", "count"}`` points grouped into equal-width bins aligned on multiples of the
    width: losses ``[k·w, (k+1)·w)`` below zero, a bin of its own for exactly 0 (a draw), wins
    ``(k·w, (k+1)·w]`` above. Each bin: ``low``, ``high``, ``count``, ``kind``, ``label``."""
    points = [(float(v["value"]), int(v["count"])) for v in values]
    if not points:
        return []
    low, high = min(p[0] for p in points), max(p[0] for p in points)
    width = _bin_width(low, high)
    integral = all(p[0] == int(p[0]) for p in points) and width >= 1
    bins: dict[tuple[int, int], dict[str, Any]] = {}

    def label(a: float, b: float) -> str:
        if width == 1 and integral:
            return _n(a)
        if integral:
            return f"{_n(a)} to {_n(b - 1)}" if a < 0 else f"{_n(a + 1)} to {_n(b)}"
        return f"{_n(a)} to {_n(b)}"

    first = math.floor(low / width) if low < 0 else 0
    last = math.ceil(high / width) if high > 0 else 0
    for k in range(first, 0):
        if width == 1 and integral:
            continue
        bins[(0, k)] = {"low": k * width, "high": (k + 1) * width, "kind": "loss"}
    if width == 1 and integral:
        for v in range(int(low), int(high) + 1):
            kind = "win" if v > 0 else "loss" if v < 0 else "draw"
            bins[(1, v)] = {"low": v, "high": v + 1, "kind": kind}
    else:
        bins[(1, 0)] = {"low": 0.0, "high": 0.0, "kind": "draw"}
        for k in range(0, last):
            bins[(2, k)] = {"low": k * width, "high": (k + 1) * width, "kind": "win"}
    for item in bins.values():
        item["count"] = 0
        item["label"] = "0" if item["kind"] == "draw" else label(item["low"], item["high"])
    for value, count in points:
        if width == 1 and integral:
            key = (1, int(value))
        elif value == 0:
            key = (1, 0)
        elif value < 0:
            key = (0, math.floor(value / width))
        else:
            key = (2, math.ceil(value / width) - 1)
        bins[key]["count"] += count
    return [bins[key] for key in sorted(bins, key=lambda k: (k[0], k[1]))]


def histogram(bins: Sequence[dict[str, Any]], *, label: str, x_label: str) -> SafeString:
    """The distribution of ``{"value", "count"}`` points (e.g. the victory-point margin) in
    equal-width bins (:func:`margin_bins`, 10–20 over the range; one per value when the range
    is small): losses, the draw (exactly 0) and wins each get their own colour; each bar is
    labelled by its range (every other one when crowded) and titled with its count."""
    grouped = margin_bins(bins)
    width, height, left, bottom, top = 420.0, 230.0, 60.0, 58.0, 12.0
    plot_w, plot_h = width - left - 8, height - bottom - top
    peak = max([int(b["count"]) for b in grouped] + [1])
    bar_w = plot_w / max(len(grouped), 1)
    body = [
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - 8}" y2="{top + plot_h}"/>'
    ]
    for tick in _ticks(peak):
        y = top + plot_h - plot_h * tick / peak
        body.append(
            f'<text class="tick" x="{left - 4}" y="{_n(y + 3)}" text-anchor="end">{_n(tick)}</text>'
        )
    longest = max([len(b["label"]) for b in grouped] + [1])
    every = max(1, math.ceil(longest * 4.6 / max(bar_w, 1)))
    for index, item in enumerate(grouped):
        h = plot_h * int(item["count"]) / peak
        x = left + index * bar_w
        if item["count"]:
            body.append(
                f'<rect class="bar {item["kind"]}" x="{_n(x)}" y="{_n(top + plot_h - h)}" '
                f'width="{_n(max(bar_w - 1, 1))}" height="{_n(h)}" '
                f'data-range="{escape(item["label"])}">'
                f"<title>{escape(x_label)} {escape(item['label'])}: "
                f"{int(item['count'])}</title></rect>"
            )
        if index % every == 0 or item["kind"] == "draw":
            tx, ty = x + bar_w / 2, top + plot_h + 8
            body.append(
                f'<text class="tick bin-label" x="{_n(tx)}" y="{_n(ty)}" text-anchor="end" '
                f'transform="rotate(-40 {_n(tx)} {_n(ty)})">{escape(item["label"])}</text>'
            )
    body.append(
        f'<text class="legend" x="{_n(left + plot_w / 2)}" y="{_n(height - 4)}" '
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
