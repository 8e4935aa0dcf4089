"""Muster's rules engine: pure Python, no Django, no I/O, no clock, no global random state.

Everything random goes through a :class:`rules.engine.dice.Dice` created from a seed, so the
same inputs and seed always give the same :class:`rules.engine.report.BattleReport`.

Engine versions: one per system. Each system declares ``ENGINE_VERSION`` next to its battle
loop and exposes it as ``GameSystem.engine_version``; every report carries it
(``BattleReport.engine_version``) and it changes whenever the same inputs and seed give
another battle of that system (a rules change that alters battles raises its system's
version). The shared plumbing is in :mod:`rules.engine.kernel`.
"""
