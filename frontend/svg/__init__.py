"""Server-side SVG: the battle map replay and the small charts of the pages.

Every function returns a complete ``<svg>`` element as safe markup (values escaped here), so
the same picture renders on screen, without JavaScript and in the print view. Colours come
from CSS classes (``side-a``, ``side-b``…) defined in ``frontend/static/frontend/muster.css``.
The package: ``markup`` (the shared ``<svg>`` element), ``battle_map`` and ``charts``; the
names below are its interface.
"""

from __future__ import annotations

from frontend.svg.battle_map import battle_map, on_table, short_label, unit_key, unit_name
from frontend.svg.charts import distribution, grouped_bars, histogram, margin_bins, outcome_bar

__all__ = [
    "battle_map",
    "distribution",
    "grouped_bars",
    "histogram",
    "margin_bins",
    "on_table",
    "outcome_bar",
    "short_label",
    "unit_key",
    "unit_name",
]
