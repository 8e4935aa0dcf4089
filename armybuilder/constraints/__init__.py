"""Army constraints as data: each kind is a check over a priced roster (pure Python).

The package: ``view`` (what checks read and return, shared helpers), ``counts``, ``points``,
``composition`` and ``items`` (the kinds, by what they check), ``kinds`` (the table of kinds, their
JSON Schema, house-rule overrides, ``run_constraint``). Import from the package: the names
below are its interface.

A constraint is a mapping from a catalogue (``_system.yaml`` or a faction file)::

    {code: foc.heavy_support, kind: category_count, severity: error,
     category: Heavy Support, min: 0, max: 3, message: optional format string}

``code`` is stable, ``severity`` is ``error`` or ``warning``; a house rule changes a severity
or a number in the data (or through ``overrides``) without touching code. ``message`` may be
a ``str.format`` template over the fields each kind passes (listed in its docstring).

Unit selectors (``ratio``): a list of alternatives, a unit matches when it matches any one;
an alternative is ``{unit_types: [...], categories: [...], units: [...], rules: [...],
min_size: N}``, every given key must hold (categories compare case-insensitively; ``rules``
matches when the catalogue unit has any of those rules).

Kinds and their fields (``KIND_FIELDS`` is the JSON Schema of each, used on load):

- ``points_limit``: optional ``max`` (else the roster's points limit).
- ``category_count``: ``category`` or ``categories``, ``min``, ``max``, optional ``label``.
- ``unique_units``: no fields; units flagged ``unique: true`` ([1]) at most once.
- ``unit_count``: ``unit`` (slug), optional ``faction``, ``min``, ``max``.
- ``ratio``: ``per`` (selector of the unlocking units), ``limited`` (selector), ``count``
  (how many limited units each unlocking unit allows, default 1), ``free`` (allowed without
  any, default 0), ``scope`` (``faction``: each faction's units are unlocked by its own
  units; ``roster``: pooled), ``label``.
- ``category_points_percent``: ``category``/``categories``, ``min_percent``,
  ``max_percent``, ``of`` (``limit`` or ``total``).
- ``model_count``: ``min``, ``max``, optional ``categories`` to count only those.
- ``alignment``: ``compatible`` (alignment → alignments it may ally with).
- ``unit_points_limit``: ``max``, optional ``min``, optional ``categories``.
- ``option_group_points``: ``group`` (option group), ``min``, ``max``, optional
  ``traits`` (``negative`` | ``positive``: add the template's ``extra.traits`` points of that
  sign, e.g. GURPS disadvantages), ``label``.
- ``category_size``: ``category``/``categories``, ``min``, ``max`` — every unit of those
  categories has a size in range (Mordheim henchmen groups of 1–5).
- ``unit_size``: ``select`` (selector), ``min``, ``max``, ``label`` — every matching unit has
  a size in range (independent characters are one-model units).
- ``per_model_options``: ``category``/``categories`` — every option chosen for those units
  must be ``per_model`` (Mordheim henchmen of a group carry identical equipment).
- ``items_per_unit``: ``max`` (default 1) magic items per unit; ``unique_items``: no fields,
  each magic item once per army (``armybuilder/magic_items.py``).
"""

from __future__ import annotations

from armybuilder.constraints.kinds import (
    KIND_FIELDS,
    KINDS,
    apply_overrides,
    constraint_schema,
    run_constraint,
)
from armybuilder.constraints.view import (
    ERROR,
    SEVERITIES,
    WARNING,
    PricedUnit,
    RosterView,
    Violation,
    matches,
    unit_matches,
)

__all__ = [
    "ERROR",
    "KINDS",
    "KIND_FIELDS",
    "SEVERITIES",
    "WARNING",
    "PricedUnit",
    "RosterView",
    "Violation",
    "apply_overrides",
    "constraint_schema",
    "matches",
    "run_constraint",
    "unit_matches",
]
