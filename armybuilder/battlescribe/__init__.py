"""BattleScribe interop (docs/battlescribe.md): read ``.gst``/``.cat``/``.ros`` files and their
zipped forms safely, resolve their links, map them onto Muster catalogues and rosters.

Pure Python (no Django): ``archive`` unpacks uploads within limits, ``xmlsafe`` parses XML
with no DTD, ``documents`` indexes game system and catalogue files, ``resolve`` follows
links, ``mapping`` builds Muster faction data with an ``ImportReport``, ``rosters`` reads and
writes ``.ros``. The per-system mapping of profiles and rules is each system's
``CatalogueCapability.importers["battlescribe"]``.
"""
