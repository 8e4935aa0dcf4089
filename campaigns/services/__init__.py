"""Use cases of the campaigns app, one module per noun: ``campaigns`` (create, update,
organisers), ``membership`` (join, withdraw), ``rosters`` (snapshots and the campaign
roster), ``rounds`` (rounds and pairings), ``games`` (single games, links, missions),
``results`` (report, confirm, dispute, decide, reverse), ``ledger`` (post-battle effects,
recomputation, advance picks), ``engine`` (engine-played and auto-resolved games),
``clocks`` (a game's one clock; a flagged game clock reports its game) and ``audit`` (the
audit log).

Every state change of a game happens with the game row locked (``select_for_update``),
is allowed by the transition table of :mod:`campaigns.lifecycle` and is written to the
audit log. Import each use case from the module that holds it.
"""
