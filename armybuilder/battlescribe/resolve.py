"""Follow a catalogue's links into plain entry trees (the BattleScribe data model).

- ``catalogueLinks`` bring library catalogues (and their own links) into scope; with
  ``importRootEntries`` their root entries count as the catalogue's own;
- ``entryLinks`` stand for a ``sharedSelectionEntry`` or ``sharedSelectionEntryGroup`` of any
  catalogue in scope or of the game system; the link's own constraints, modifiers,
  categories and costs are added to the target's, and its name replaces the target's;
- ``infoLinks`` bring shared rules and profiles, ``categoryLinks`` name category entries.

Ids are looked up in the catalogue, then its libraries, then the game system. A missing
linked catalogue is refused; a link whose target is missing becomes an unmapped element of
the report (``dangling``). Link chains deeper than ``MAX_LINK_DEPTH`` (or cycles) too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armybuilder.battlescribe.documents import Document, Located, number
from armybuilder.battlescribe.errors import BattleScribeRefused
from armybuilder.battlescribe.xmlsafe import Node

MAX_LINK_DEPTH = 12


@dataclass(slots=True)
class Element:
    """A constraint, modifier, profile or rule with where it was found."""

    node: Node
    file: str
    path: str


@dataclass(slots=True)
class Category:
    id: str
    name: str
    primary: bool


@dataclass(slots=True)
class Entry:
    """A selection entry with its links followed: ``id`` is the entry's own (target) id,
    ``entry_id`` what a roster's ``selection/@entryId`` names (``link::target`` when linked)."""

    id: str
    entry_id: str
    name: str
    type: str
    file: str
    path: str
    costs: dict[str, int] = field(default_factory=dict)
    profiles: list[Element] = field(default_factory=list)
    rules: list[Element] = field(default_factory=list)
    categories: list[Category] = field(default_factory=list)
    constraints: list[Element] = field(default_factory=list)
    modifiers: list[Element] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)


@dataclass(slots=True)
class Group:
    """A selection entry group: pick among ``entries`` within its constraints."""

    id: str
    name: str
    file: str
    path: str
    constraints: list[Element] = field(default_factory=list)
    modifiers: list[Element] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)


@dataclass(slots=True)
class Dangling:
    """A link whose target is in no catalogue in scope."""

    id: str
    target: str
    file: str
    path: str


class Scope:
    """The documents a catalogue may link into, in lookup order."""

    def __init__(self, catalogue: Document, by_id: dict[str, Document], system: Document):
        self.catalogue = catalogue
        self.system = system
        self.documents: list[Document] = [catalogue]
        self.dangling: list[Dangling] = []
        pending = [catalogue]
        while pending:
            document = pending.pop()
            for link in document.root.each("catalogueLinks", "catalogueLink"):
                target = by_id.get(link.get("targetId"))
                if target is None:
                    raise BattleScribeRefused(
                        "battlescribe.catalogue_missing",
                        document.file,
                        f"links catalogue '{link.get('name') or link.get('targetId')}' "
                        f"(id {link.get('targetId')}), which is not among the uploaded files",
                    )
                if target not in self.documents:
                    self.documents.append(target)
                    pending.append(target)
        self.documents.append(system)

    def find(self, ident: str) -> Located | None:
        for document in self.documents:
            found = document.index.get(ident)
            if found is not None:
                return found
        return None

    def libraries_importing_roots(self) -> list[Document]:
        """Libraries whose root entries the catalogue imports (``importRootEntries``)."""
        wanted = {
            link.get("targetId")
            for link in self.catalogue.root.each("catalogueLinks", "catalogueLink")
            if link.get("importRootEntries") == "true"
        }
        return [d for d in self.documents if d.id in wanted]

    # --- resolution --------------------------------------------------------------------

    def _elements(
        self, node: Node, file: str, path: str, container: str, tag: str
    ) -> list[Element]:
        return [
            Element(n, file, f"{path}/{container}/{tag}[{n.get('name') or n.get('id') or i}]")
            for i, n in enumerate(node.each(container, tag), start=1)
        ]

    def _info(self, node: Node, file: str, path: str, entry_rules, entry_profiles) -> None:
        entry_rules.extend(self._elements(node, file, path, "rules", "rule"))
        entry_profiles.extend(self._elements(node, file, path, "profiles", "profile"))
        for link in node.each("infoLinks", "infoLink"):
            target = self.find(link.get("targetId"))
            if target is None:
                self.dangling.append(Dangling(link.get("id"), link.get("targetId"), file, path))
                continue
            element = Element(target.node, target.document.file, target.path)
            if target.node.tag == "rule":
                entry_rules.append(element)
            elif target.node.tag == "profile":
                entry_profiles.append(element)
            elif target.node.tag == "infoGroup":
                self._info(
                    target.node, target.document.file, target.path, entry_rules, entry_profiles
                )

    def _categories(self, node: Node) -> list[Category]:
        found = []
        for link in node.each("categoryLinks", "categoryLink"):
            target = self.find(link.get("targetId"))
            name = target.node.get("name") if target else link.get("name")
            found.append(Category(link.get("targetId"), name, link.get("primary") == "true"))
        return found

    def _fill(self, entry: Entry | Group, node: Node, file: str, path: str, depth: int) -> None:
        entry.constraints.extend(self._elements(node, file, path, "constraints", "constraint"))
        entry.modifiers.extend(self._elements(node, file, path, "modifiers", "modifier"))
        for child in node.each("selectionEntries", "selectionEntry"):
            entry.entries.append(self.entry(child, file, f"{path}/selectionEntries", depth + 1))
        for child in node.each("selectionEntryGroups", "selectionEntryGroup"):
            entry.groups.append(self.group(child, file, f"{path}/selectionEntryGroups", depth + 1))
        for link in node.each("entryLinks", "entryLink"):
            linked = self.link(link, file, f"{path}/entryLinks", depth + 1)
            if isinstance(linked, Entry):
                entry.entries.append(linked)
            elif isinstance(linked, Group):
                entry.groups.append(linked)

    def entry(self, node: Node, file: str, parent: str, depth: int) -> Entry:
        """A ``selectionEntry`` element, resolved."""
        path = f"{parent}/selectionEntry[{node.get('name')}]"
        entry = Entry(
            node.get("id"), node.get("id"), node.get("name"), node.get("type"), file, path
        )
        entry.costs = {c.get("typeId"): number(c.get("value")) for c in node.each("costs", "cost")}
        entry.categories = self._categories(node)
        self._info(node, file, path, entry.rules, entry.profiles)
        self._fill(entry, node, file, path, depth)
        return entry

    def group(self, node: Node, file: str, parent: str, depth: int) -> Group:
        """A ``selectionEntryGroup`` element, resolved."""
        path = f"{parent}/selectionEntryGroup[{node.get('name')}]"
        group = Group(node.get("id"), node.get("name"), file, path)
        self._fill(group, node, file, path, depth)
        return group

    def link(self, node: Node, file: str, parent: str, depth: int) -> Entry | Group | None:
        """An ``entryLink``: its target resolved, with the link's name, constraints,
        modifiers, categories and costs laid over it; None when dangling."""
        path = f"{parent}/entryLink[{node.get('name')}]"
        target = self.find(node.get("targetId"))
        if target is None or target.node.tag not in ("selectionEntry", "selectionEntryGroup"):
            self.dangling.append(Dangling(node.get("id"), node.get("targetId"), file, path))
            return None
        if depth > MAX_LINK_DEPTH:
            raise BattleScribeRefused(
                "battlescribe.link_depth",
                file,
                f"{path}: links nest deeper than {MAX_LINK_DEPTH} (a cycle?)",
            )
        parent_path = target.path.rpartition("/")[0]
        if target.node.tag == "selectionEntryGroup":
            group = self.group(target.node, target.document.file, parent_path, depth)
            group.name = node.get("name") or group.name
            self._fill(group, node, file, path, depth)
            return group
        entry = self.entry(target.node, target.document.file, parent_path, depth)
        entry.entry_id = f"{node.get('id')}::{entry.id}"
        entry.name = node.get("name") or entry.name
        entry.categories.extend(self._categories(node))
        for cost in node.each("costs", "cost"):
            entry.costs[cost.get("typeId")] = number(cost.get("value"))
        self._info(node, file, path, entry.rules, entry.profiles)
        self._fill(entry, node, file, path, depth)
        return entry

    def root_entries(self) -> list[Entry]:
        """The entries a roster may select at the top of a force: the catalogue's root
        selection entries and links, then those of libraries it imports roots from."""
        found: list[Entry] = []
        for document in [self.catalogue, *self.libraries_importing_roots()]:
            root = document.root
            for node in root.each("selectionEntries", "selectionEntry"):
                found.append(self.entry(node, document.file, f"{root.tag}/selectionEntries", 0))
            for node in root.each("entryLinks", "entryLink"):
                linked = self.link(node, document.file, f"{root.tag}/entryLinks", 0)
                if isinstance(linked, Entry):
                    found.append(linked)
        return found
