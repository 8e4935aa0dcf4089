"""A hardened XML reader for BattleScribe files: expat with every DTD refused.

``defusedxml`` is not among the project's requirements, so this module applies the same
policy as its ``forbid_dtd=True`` mode directly on the standard library's expat: a document
that declares a DOCTYPE, an entity or an external reference is refused before anything is
expanded (this stops "billion laughs" entity bombs and external-entity reads, neither of
which BattleScribe files ever use). Elements are counted and nesting depth is bounded while
the tree is built, so a flat or a deep flood is refused too.

The tree is a light :class:`Node` (namespace-free tag, attributes, children, text, line):
lighter than ElementTree's and enough for the mapping, which reads a document once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

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


def parse_xml(data: bytes, *, file: str) -> Node:
    """The root element of ``data``; BattleScribeRefused (``battlescribe.xml_*``) naming
    ``file``, the line and the problem when the XML is malformed or unsafe."""
    parser = expat.ParserCreate(namespace_separator="}")
    stack: list[Node] = []
    root: list[Node] = []
    counted = [0]

    def start(name: str, attrs: dict[str, str]) -> None:
        counted[0] += 1
        if counted[0] > MAX_ELEMENTS:
            raise _Refusal("battlescribe.xml_too_large", f"more than {MAX_ELEMENTS} elements")
        if len(stack) >= MAX_DEPTH:
            raise _Refusal("battlescribe.xml_too_deep", f"nested deeper than {MAX_DEPTH}")
        namespace, _, tag = name.rpartition("}")
        node = Node(tag, namespace, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(name: str) -> None:
        node = stack.pop()
        node.text = node.text.strip()

    def text(data: str) -> None:
        if stack:
            stack[-1].text += data

    def doctype(*args: object) -> None:
        raise _Refusal(
            "battlescribe.xml_dtd",
            "declares a DOCTYPE (DTDs and entities are refused: BattleScribe files have none)",
        )

    def entity(*args: object) -> None:
        raise _Refusal("battlescribe.xml_entity", "declares or references an entity")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = entity
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except _Refusal as refusal:
        line = parser.CurrentLineNumber
        raise BattleScribeRefused(refusal.code, file, f"line {line}: {refusal}") from None
    except expat.ExpatError as error:
        raise BattleScribeRefused(
            "battlescribe.xml_malformed",
            file,
            f"line {error.lineno}: not well-formed XML ({expat.ErrorString(error.code)})",
        ) from None
    if not root:
        raise BattleScribeRefused("battlescribe.xml_malformed", file, "no root element")
    return root[0]
