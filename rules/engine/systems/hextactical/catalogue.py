"""hextactical catalogue checks: a template's cost is what its character points add up to
(``character.template_points``; README "Catalogues")."""

from __future__ import annotations

from typing import Any

from rules.engine.systems.base import EngineError
from rules.engine.systems.capabilities import CatalogueCapability
from rules.engine.systems.hextactical.character import template_points


def template_problems(unit: dict[str, Any], where: str) -> list[str]:
    """``cost == template_points(unit)``, or why the template cannot be priced."""
    try:
        points = template_points(unit)
    except EngineError as error:
        return [f"{where}: {error}"]
    if points != unit.get("cost"):
        return [f"{where}: cost {unit.get('cost')} but template_points gives {points}"]
    return []


# Rules become traits (``combatant.build_combatant``); these are the traits the engine reads
# (defence.py, turn.py, injury.py, wounds.py, tactics.py), plus ``skill(name, ±n)`` bonuses.
KNOWN_RULES: frozenset[str] = frozenset(
    {
        "skill",
        "combat-reflexes",
        "enhanced-parry",
        "cowardice",
        "high-pain-threshold",
        "low-pain-threshold",
        "double-jointed",
        "extra-flexibility",
        "peripheral-vision",
    }
)

CATALOGUE = CatalogueCapability(
    sample_matchup=("thornwall-patrol", "saltmarsh-raid"),
    unit_problems=template_problems,
    known_rules=KNOWN_RULES,
)
