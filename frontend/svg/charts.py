"""The small charts of the pages: grouped bars (casualties per turn), histograms of the
victory-point margin, distributions and the win/draw/loss bar."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString

from frontend.svg.markup import num, svg_element


def grouped_bars(
    categories: Sequence[str],
    series: Sequence[tuple[str, str, Sequence[float]]],
    *,
    label: str,
    y_label: str = "",
) -> SafeString:
    """Vertical bars, one group per category and one bar per series ``(name, css, values)``,
    with a y axis and a legend (a series' name that would run past the chart's right edge
    starts a new legend row, and the plot moves down by it)."""
    width, height, left, bottom, top = 420.0, 220.0, 46.0, 28.0, 26.0
    legend, legend_x, legend_y = [], left, 15.0
    for name, css, _ in series:
        span = 14 + 7 * len(name)
        if legend_x > left and legend_x + span > width - 8:
            legend_x, legend_y = left, legend_y + 14
        legend.append((legend_x, legend_y, name, css))
        legend_x += span + 16
    top, height = top + legend_y - 15, height + legend_y - 15
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
            f'<text class="tick" x="{left - 4}" y="{num(y + 3)}" text-anchor="end">'
            f"{num(tick)}</text>"
        )
    for index, category in enumerate(categories):
        gx = left + index * group_w + group_w * 0.1
        for s_index, (name, css, values) in enumerate(series):
            value = values[index] if index < len(values) else 0
            h = plot_h * value / peak
            body.append(
                f'<rect class="bar {escape(css)}" x="{num(gx + s_index * bar_w)}" '
                f'y="{num(top + plot_h - h)}" width="{num(bar_w - 1)}" height="{num(h)}">'
                f"<title>{escape(name)}, {escape(category)}: {num(value)}</title></rect>"
            )
        body.append(
            f'<text class="tick" x="{num(gx + group_w * 0.4)}" y="{num(height - 12)}" '
            f'text-anchor="middle">{escape(category)}</text>'
        )
    for x, y, name, css in legend:
        body.append(
            f'<rect class="bar {escape(css)}" x="{num(x)}" y="{num(y - 9)}" width="10" '
            f'height="10"/><text class="legend" x="{num(x + 14)}" y="{num(y)}">'
            f"{escape(name)}</text>"
        )
    if y_label:
        middle = top + plot_h / 2
        body.append(
            f'<text class="legend" x="10" y="{num(middle)}" text-anchor="middle" '
            f'transform="rotate(-90 10 {num(middle)})">{escape(y_label)}</text>'
        )
    return svg_element(width, height, body, label=label, css="bars")


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
            return num(a)
        if integral:
            return f"{num(a)} to {num(b - 1)}" if a < 0 else f"{num(a + 1)} to {num(b)}"
        return f"{num(a)} to {num(b)}"

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
            f'<text class="tick" x="{left - 4}" y="{num(y + 3)}" text-anchor="end">'
            f"{num(tick)}</text>"
        )
    longest = max([len(b["label"]) for b in grouped] + [1])
    every = max(1, math.ceil(longest * 4.6 / max(bar_w, 1)))
    for index, item in enumerate(grouped):
        h = plot_h * int(item["count"]) / peak
        x = left + index * bar_w
        if item["count"]:
            body.append(
                f'<rect class="bar {item["kind"]}" x="{num(x)}" y="{num(top + plot_h - h)}" '
                f'width="{num(max(bar_w - 1, 1))}" height="{num(h)}" '
                f'data-range="{escape(item["label"])}">'
                f"<title>{escape(x_label)} {escape(item['label'])}: "
                f"{int(item['count'])}</title></rect>"
            )
        if index % every == 0 or item["kind"] == "draw":
            tx, ty = x + bar_w / 2, top + plot_h + 8
            body.append(
                f'<text class="tick bin-label" x="{num(tx)}" y="{num(ty)}" text-anchor="end" '
                f'transform="rotate(-40 {num(tx)} {num(ty)})">{escape(item["label"])}</text>'
            )
    body.append(
        f'<text class="legend" x="{num(left + plot_w / 2)}" y="{num(height - 4)}" '
        f'text-anchor="middle">{escape(x_label)}</text>'
    )
    return svg_element(width, height, body, label=label, css="histogram")


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
            f'<text class="tick" x="{left - 4}" y="{num(y + 3)}" '
            f'text-anchor="end">{num(tick)}%</text>'
        )
    every = max(1, math.ceil(len(values) / 15))
    for k, p in enumerate(values):
        h = plot_h * p / peak
        x = left + k * bar_w
        body.append(
            f'<rect class="bar dist" x="{num(x)}" y="{num(top + plot_h - h)}" '
            f'width="{num(max(bar_w - 1, 1))}" height="{num(h)}">'
            f"<title>{k}: {p * 100:.1f}%</title></rect>"
        )
        if k % every == 0:
            body.append(
                f'<text class="tick" x="{num(x + bar_w / 2)}" y="{num(top + plot_h + 12)}" '
                f'text-anchor="middle">{k}</text>'
            )
    caption = x_label if expected is None else f"{x_label} (expected {expected:.2f})"
    body.append(
        f'<text class="legend" x="{num(left + plot_w / 2)}" y="{num(height - 8)}" '
        f'text-anchor="middle">{escape(caption)}</text>'
    )
    return svg_element(width, height, body, label=label, css="distribution")


def outcome_bar(win: float, draw: float, loss: float, *, label: str) -> SafeString:
    """One horizontal bar split into win / draw / loss shares (probabilities 0–1)."""
    width, height = 420.0, 44.0
    body, x = [], 0.0
    for name, css, share in (("Win", "win", win), ("Draw", "draw", draw), ("Loss", "loss", loss)):
        w = width * max(share, 0.0)
        body.append(
            f'<rect class="bar {css}" x="{num(x)}" y="0" width="{num(w)}" height="28">'
            f"<title>{name}: {share * 100:.1f}%</title></rect>"
        )
        if share >= 0.08:
            body.append(
                f'<text class="bar-label" x="{num(x + w / 2)}" y="18" '
                f'text-anchor="middle">{name} {share * 100:.0f}%</text>'
            )
        x += w
    return svg_element(width, height, body, label=label, css="outcome")
