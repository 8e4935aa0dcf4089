"""Muster's rules engine: pure Python, no Django, no I/O, no clock, no global random state.

Everything random goes through a :class:`rules.engine.dice.Dice` created from a seed, so the
same inputs and seed always give the same :class:`rules.engine.report.BattleReport`.
"""

ENGINE_VERSION = "0.1.0"
