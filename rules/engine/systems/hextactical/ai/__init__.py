"""The policy both sides play: keep facing toward threats, use reach to stay out of shorter
reach, aim when it helps, All-Out Defense when badly hurt, opportunity fire when nothing is in
sight. Engine choices, not rules; swap :class:`Policy` to change behaviour.

``policy`` holds the decision order; ``melee``, ``approach``, ``ranged`` and ``defence`` the
plans of each kind; ``estimates`` the shared guesses (expected damage, reach, threats).
"""

from rules.engine.systems.hextactical.ai.policy import Policy

__all__ = ["Policy"]
