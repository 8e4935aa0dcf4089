"""A hardened XML reader for BattleScribe files: ``defusedxml``'s expat reader with every
DTD, entity and external reference refused.

A document that declares a DOCTYPE, an entity or an external reference is refused before
anything is expanded (``forbid_dtd``, ``forbid_entities``, ``forbid_external``: this stops
"billion laughs" entity bombs and external-entity reads, neither of which BattleScribe files
ever use). Elements are counted and nesting depth is bounded while the tree is built, so a
flat or a deep flood is refused too.

The tree is a light :class:`Node` (namespace-free tag, attributes, children, text, line):
lighter than ElementTree's and enough for the mapping, which reads a document once.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler, feature_namespaces
from xml.sax.xmlreader import Locator

from defusedxml import DefusedXmlException, DTDForbidden
from defusedxml.expatreader import DefusedExpatParser

from armybuilder.battlescribe.errors import BattleScribeRefused

MAX_DEPTH = 64
MAX_ELEMENTS = 400_000


@dataclass(slots=True)
class Node:
    """One element: ``tag`` without its namespace, which is in ``namespace``."""

    tag: str
    namespace: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def get(self, name: str, default: str = "") -> str:
        return self.attrs.get(name, default)

    def child(self, tag: str) -> Node | None:
        """The first child element named ``tag``."""
        for node in self.children:
            if node.tag == tag:
                return node
        return None

    def each(self, container: str, tag: str) -> list[Node]:
        """The ``tag`` elements inside this element's ``container`` child
        (``entry.each("constraints", "constraint")``)."""
        holder = self.child(container)
        return [n for n in holder.children if n.tag == tag] if holder else []


class _Refusal(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class _TreeBuilder(ContentHandler):
    """SAX events (namespaces on) to :class:`Node`s, counting elements and depth."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[Node] = []
        self.root: list[Node] = []
        self.counted = 0
        self.locator: Locator | None = None

    def setDocumentLocator(self, locator: Locator) -> None:
        self.locator = locator

    def line(self) -> int:
        return self.locator.getLineNumber() if self.locator else 0

    def startElementNS(self, name: tuple[str | None, str], _qname: str, attrs: Any) -> None:
        self.counted += 1
        if self.counted > MAX_ELEMENTS:
            raise _Refusal("battlescribe.xml_too_large", f"more than {MAX_ELEMENTS} elements")
        if len(self.stack) >= MAX_DEPTH:
            raise _Refusal("battlescribe.xml_too_deep", f"nested deeper than {MAX_DEPTH}")
        namespace, tag = name
        values = {local: value for (_, local), value in attrs.items()}
        node = Node(tag, namespace or "", values, self.line())
        (self.stack[-1].children if self.stack else self.root).append(node)
        self.stack.append(node)

    def endElementNS(self, name: tuple[str | None, str], _qname: str) -> None:
        node = self.stack.pop()
        node.text = node.text.strip()

    def characters(self, content: str) -> None:
        if self.stack:
            self.stack[-1].text += content


def parse_xml(data: bytes, *, file: str) -> Node:
    """The root element of ``data``; BattleScribeRefused (``battlescribe.xml_*``) naming
    ``file``, the line and the problem when the XML is malformed or unsafe."""
    builder = _TreeBuilder()
    parser = DefusedExpatParser(forbid_dtd=True, forbid_entities=True, forbid_external=True)
    parser.setFeature(feature_namespaces, True)
    parser.setContentHandler(builder)
    try:
        parser.parse(io.BytesIO(data))
    except _Refusal as refusal:
        raise BattleScribeRefused(refusal.code, file, f"line {builder.line()}: {refusal}") from None
    except DTDForbidden:
        raise BattleScribeRefused(
            "battlescribe.xml_dtd",
            file,
            f"line {builder.line()}: declares a DOCTYPE (DTDs and entities are refused: "
            "BattleScribe files have none)",
        ) from None
    except DefusedXmlException:
        raise BattleScribeRefused(
            "battlescribe.xml_entity",
            file,
            f"line {builder.line()}: declares or references an entity",
        ) from None
    except SAXParseException as error:
        raise BattleScribeRefused(
            "battlescribe.xml_malformed",
            file,
            f"line {error.getLineNumber()}: not well-formed XML ({error.getMessage()})",
        ) from None
    if not builder.root:
        raise BattleScribeRefused("battlescribe.xml_malformed", file, "no root element")
    return builder.root[0]
