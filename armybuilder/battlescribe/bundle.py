"""The files of one import: exactly one game system file and its catalogues."""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.battlescribe.archive import DataFile
from armybuilder.battlescribe.documents import Document, read_document
from armybuilder.battlescribe.errors import BattleScribeRefused


@dataclass(frozen=True, slots=True)
class Bundle:
    system: Document
    catalogues: list[Document]

    def by_id(self) -> dict[str, Document]:
        return {c.id: c for c in self.catalogues}


def read_bundle(files: list[DataFile]) -> Bundle:
    """One ``.gst`` and at least one ``.cat`` built on it; BattleScribeRefused naming the
    file otherwise (a second game system, a roster, a catalogue of another system)."""
    systems: list[Document] = []
    catalogues: list[Document] = []
    for file in files:
        document = read_document(file)
        if document.kind == "roster":
            raise BattleScribeRefused(
                "battlescribe.unexpected_roster",
                file.name,
                "is a roster; import rosters from a roster's page, catalogues here",
            )
        (systems if document.kind == "gameSystem" else catalogues).append(document)
    if len(systems) != 1:
        names = ", ".join(s.file for s in systems) or "none"
        raise BattleScribeRefused(
            "battlescribe.game_system",
            names,
            f"an import needs exactly one game system file (.gst); found {len(systems)}",
        )
    system = systems[0]
    if not [c for c in catalogues if not c.library]:
        raise BattleScribeRefused(
            "battlescribe.no_catalogue",
            system.file,
            "no faction catalogue (.cat, not a library) was uploaded with the game system",
        )
    for catalogue in catalogues:
        if catalogue.root.get("gameSystemId") != system.id:
            raise BattleScribeRefused(
                "battlescribe.system_mismatch",
                catalogue.file,
                f"is built on game system id '{catalogue.root.get('gameSystemId')}', "
                f"not the uploaded {system.file} ('{system.id}')",
            )
    return Bundle(system, catalogues)
