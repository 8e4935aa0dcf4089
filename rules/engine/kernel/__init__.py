"""The battle plumbing every game system shares (issue 14: one house for every system).

Modules, each named for what it holds:

- :mod:`.sides` — the two sides "a" and "b" and ``other`` (one place);
- :mod:`.events` — :class:`~.events.Event` and the one :class:`~.events.EventLog`
  (enabled or not, with the optional ``on_event`` hook, the same semantics everywhere);
- :mod:`.positions` — :class:`~.positions.PositionRecorder`, one list of unit positions per
  turn end for the map replay (index 0 = deployment);
- :mod:`.reporting` — :class:`~.reporting.Result` and :func:`~.reporting.build_report`, the
  one place a :class:`~rules.engine.report.BattleReport` is assembled;
- :mod:`.loop` — :class:`~.loop.BattleLoop`, the skeleton setup → deploy → turns →
  is_over → score that each system subclasses with its own phases (as python-chess's
  variants subclass one ``Board``);
- :mod:`.settings` — :class:`~.settings.RuleSettings`, the base of every system's frozen
  dataclass of ambiguous-rule choices, with stable ``to_dict`` / ``from_dict``;
- :mod:`.policy` — :func:`~.policy.side_policies`, the one way an AI policy is injected.

The roll-off lives on the dice (:meth:`rules.engine.dice.Dice.roll_off`).
"""
