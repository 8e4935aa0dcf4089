"""Grimdark's settings for ambiguous rules (issue 14: one frozen dataclass per system).

Every doubtful point of seed 000 is played one way today and none has a named alternative
yet, so the dataclass has no field; a house rule added later is a field here with its
default, read from the battle's settings (never a module global).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.kernel.settings import RuleSettings


@dataclass(frozen=True, slots=True)
class GrimdarkSettings(RuleSettings):
    """The grimdark rule choices a campaign may store as house rules (none yet)."""
