"""The markup every picture shares: numbers written compactly and the ``<svg>`` element
with its accessible label (the label and class are escaped here, the body by its builder)."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


def num(value: float) -> str:
    """A compact number for SVG attributes (two decimals at most)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def svg_element(
    width: float, height: float, body: list[str], *, label: str, css: str = ""
) -> SafeString:
    """A complete ``<svg>`` of ``body`` in a ``width`` × ``height`` view box, labelled for
    screen readers (``aria-label`` and ``<title>``)."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(width)} {num(height)}" '
        f'class="chart {escape(css)}" role="img" aria-label="{escape(label)}" '
        f'preserveAspectRatio="xMidYMid meet"><title>{escape(label)}</title>'
    )
    return mark_safe(head + "".join(body) + "</svg>")  # noqa: S308 - every value escaped above
