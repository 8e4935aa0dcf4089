"""Use cases of the army builder, one module per noun: ``catalogues`` (load the files),
``rosters`` (create, details, replace, duplicate, delete), ``units`` (one unit entry),
``entries`` (the entry shape shared by both), ``history`` (revisions, restore, undo),
``sharing``, ``exchange`` (import), ``verification`` (signed tokens) and ``engine`` (the
engine's RosterData).

Services take keyword-only, typed arguments and raise ``armybuilder.errors`` subclasses with
stable codes. Import each from the module that holds it.
"""
