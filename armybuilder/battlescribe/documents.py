"""BattleScribe game system (``.gst``) and catalogue (``.cat``) documents, indexed by id.

The root element and its namespace say what a file is (the BattleScribe schemas:
``gameSystem`` in ``…/gameSystemSchema``, ``catalogue`` in ``…/catalogueSchema``, ``roster``
in ``…/rosterSchema``); any other root or namespace is refused naming the file. Every
element with an ``id`` is indexed with its path in the file (``catalogue/
sharedSelectionEntries/selectionEntry[Spear Guard]``) so links resolve in one lookup and the
import report can point at each element it could not map.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armybuilder.battlescribe.archive import DataFile
from armybuilder.battlescribe.errors import BattleScribeRefused
from armybuilder.battlescribe.xmlsafe import Node, parse_xml

SCHEMA = "http://www.battlescribe.net/schema/"
NAMESPACES = {
    "gameSystem": SCHEMA + "gameSystemSchema",
    "catalogue": SCHEMA + "catalogueSchema",
    "roster": SCHEMA + "rosterSchema",
}


@dataclass(slots=True)
class Located:
    """An indexed element, the document it is in and its path there."""

    node: Node
    path: str
    document: Document


@dataclass(slots=True)
class Document:
    """One parsed file: ``kind`` is ``gameSystem``, ``catalogue`` or ``roster``."""

    file: str
    kind: str
    root: Node
    index: dict[str, Located] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.root.get("id")

    @property
    def name(self) -> str:
        return self.root.get("name")

    @property
    def revision(self) -> int:
        return number(self.root.get("revision", "1"), default=1)

    @property
    def library(self) -> bool:
        return self.root.get("library") == "true"


def number(text: str, *, default: int = 0) -> int:
    """An integer from a BattleScribe number (``"2.0"``, ``"-1.0"``); ``default`` when empty."""
    try:
        return int(float(text))
    except ValueError:
        return default


def _index(document: Document) -> None:
    stack: list[tuple[Node, str]] = [(document.root, document.root.tag)]
    while stack:
        node, path = stack.pop()
        ident = node.attrs.get("id")
        if ident and ident not in document.index:
            document.index[ident] = Located(node, path, document)
        for child in node.children:
            label = child.get("name")
            stack.append(
                (child, f"{path}/{child.tag}[{label}]" if label else f"{path}/{child.tag}")
            )


def read_document(file: DataFile) -> Document:
    """Parse and index one file; BattleScribeRefused for a wrong root or namespace."""
    root = parse_xml(file.data, file=file.name)
    expected = NAMESPACES.get(root.tag)
    if expected is None:
        raise BattleScribeRefused(
            "battlescribe.root",
            file.name,
            f"the root element is <{root.tag}>; a BattleScribe file starts with "
            "<gameSystem>, <catalogue> or <roster>",
        )
    if root.namespace != expected:
        raise BattleScribeRefused(
            "battlescribe.namespace",
            file.name,
            f"<{root.tag}> is in namespace '{root.namespace or '(none)'}'; "
            f"BattleScribe's is '{expected}'",
        )
    if not root.get("id"):
        raise BattleScribeRefused("battlescribe.id_missing", file.name, f"<{root.tag}> has no id")
    document = Document(file.name, root.tag, root)
    _index(document)
    return document
