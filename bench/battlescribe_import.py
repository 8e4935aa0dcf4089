"""Speed of a BattleScribe import (issue 16): a synthetic, original game system file of about
300 KB, a library catalogue of about 600 KB and a faction catalogue of about 200 KB (made-up
Kings-of-War-style units, shared rules, shared upgrades and groups, links between them),
imported into the system whose BattleScribe mapping lists unit sizes (Kings of War style,
like the generated data): unpack, hardened parse, link resolution, mapping and the import
report, then every check an uploaded catalogue gets (schema, consistency, each unit and
option built by the engine). Target: under 3 s on one core.

Run: ``.venv/bin/python bench/battlescribe_import.py``. Pure (no database): the save itself
is two rows per catalogue through the user-catalogue service.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armybuilder.battlescribe.archive import unpack
from armybuilder.battlescribe.bundle import read_bundle
from armybuilder.battlescribe.factions import map_bundle
from armybuilder.catalogue_checks import catalogue_issues
from armybuilder.catalogue_upload import parse_document
from rules.engine.systems import SYSTEMS

GST = "http://www.battlescribe.net/schema/gameSystemSchema"
CAT = "http://www.battlescribe.net/schema/catalogueSchema"
WORDS = [
    "ember",
    "ash",
    "cinder",
    "forge",
    "hearth",
    "spark",
    "flame",
    "smoke",
    "coal",
    "kiln",
    "slag",
    "brand",
]
STATS = ("Sp", "Me", "Ra", "De", "Att", "Ne")


def _c(kind: str, value: int, ident: str, scope: str = "parent") -> str:
    return (
        f'<constraint field="selections" scope="{scope}" value="{value}.0" percentValue="false"'
        f' shared="true" includeChildSelections="false" includeChildForces="false"'
        f' id="{ident}" type="{kind}"/>'
    )


def _profile(ident: str, name: str, values: tuple) -> str:
    chars = "".join(
        f'<characteristic name="{k}" typeId="bt-{k.lower()}">{v}</characteristic>'
        for k, v in zip(STATS, values, strict=True)
    )
    return (
        f'<profile id="{ident}" name="{name}" hidden="false" typeId="bt-unit" typeName="Unit">'
        f"<characteristics>{chars}</characteristics></profile>"
    )


def game_system(rules: int) -> str:
    shared = "".join(
        f'<rule id="bt-r{n}" name="{WORDS[n % 12].title()} Lore {n}" hidden="false">'
        f"<description>{' '.join(WORDS[(n + k) % 12] for k in range(40))}</description></rule>"
        for n in range(rules)
    )
    cats = "".join(
        f'<categoryEntry id="bt-cat-{c}" name="{c.title().replace("_", " ")}" hidden="false"/>'
        for c in ("infantry", "cavalry", "hero", "monster", "war_engine")
    )
    links = "".join(
        f'<categoryLink id="bt-fl-{c}" name="{c}" hidden="false" targetId="bt-cat-{c}" '
        f'primary="false"><constraints>{_c("max", 20, f"bt-c-{c}")}</constraints></categoryLink>'
        for c in ("infantry", "cavalry", "hero", "monster", "war_engine")
    )
    types = "".join(f'<characteristicType id="bt-{k.lower()}" name="{k}"/>' for k in STATS)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><gameSystem id="bt-gst" name="Bench Realms" '
        f'revision="1" battleScribeVersion="2.03" xmlns="{GST}">'
        '<costTypes><costType id="bt-pts" name="pts" defaultCostLimit="2000.0"/></costTypes>'
        f'<profileTypes><profileType id="bt-unit" name="Unit"><characteristicTypes>{types}'
        "</characteristicTypes></profileType></profileTypes>"
        f"<categoryEntries>{cats}</categoryEntries>"
        f'<forceEntries><forceEntry id="bt-force" name="Army" hidden="false"><categoryLinks>'
        f"{links}</categoryLinks></forceEntry></forceEntries>"
        f"<sharedRules>{shared}</sharedRules></gameSystem>"
    )


def library(upgrades: int, groups: int) -> str:
    entries = "".join(
        f'<selectionEntry id="bt-u{n}" name="{WORDS[n % 12].title()} Relic {n}" hidden="false" '
        f'collective="false" import="true" type="upgrade"><constraints>{_c("max", 1, f"bt-cu{n}")}'
        f'</constraints><infoLinks><infoLink id="bt-ul{n}" name="Lore" hidden="false" '
        f'targetId="bt-r{n % 300}" type="rule"/></infoLinks><rules><rule id="bt-ur{n}" '
        f'name="Banner" hidden="false"><description>{" ".join(WORDS)}</description></rule>'
        f'</rules><costs><cost name="pts" typeId="bt-pts" value="{5 + n % 30}.0"/></costs>'
        "</selectionEntry>"
        for n in range(upgrades)
    )
    shared_groups = "".join(
        f'<selectionEntryGroup id="bt-g{g}" name="Arms {g}" hidden="false" collective="false" '
        f'import="true"><constraints>{_c("max", 1, f"bt-cg{g}")}</constraints><entryLinks>'
        + "".join(
            f'<entryLink id="bt-gl{g}-{k}" name="Arm" hidden="false" collective="false" '
            f'import="true" targetId="bt-u{(g * 5 + k) % upgrades}" type="selectionEntry"/>'
            for k in range(5)
        )
        + "</entryLinks></selectionEntryGroup>"
        for g in range(groups)
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><catalogue id="bt-lib" name="Bench Library" '
        f'revision="1" battleScribeVersion="2.03" library="true" gameSystemId="bt-gst" '
        f'xmlns="{CAT}"><sharedSelectionEntries>{entries}</sharedSelectionEntries>'
        f"<sharedSelectionEntryGroups>{shared_groups}</sharedSelectionEntryGroups></catalogue>"
    )


def faction(units: int, upgrades: int, groups: int) -> str:
    body = []
    for n in range(units):
        sizes = "".join(
            f'<selectionEntry id="bt-s{n}-{size}" name="{label} ({size})" hidden="false" '
            f'collective="false" import="true" type="upgrade"><profiles>'
            f"{_profile(f'bt-sp{n}-{size}', label, (5, '4+', '-', '4+', size // 2, size // 10))}"
            f'</profiles><costs><cost name="pts" typeId="bt-pts" value="{size * 7}.0"/></costs>'
            "</selectionEntry>"
            for size, label in ((10, "Troop"), (20, "Regiment"), (40, "Horde"))
        )
        links = "".join(
            f'<entryLink id="bt-fu{n}-{k}" name="Relic" hidden="false" collective="false" '
            f'import="true" targetId="bt-u{(n * 7 + k) % upgrades}" type="selectionEntry"/>'
            for k in range(6)
        )
        body.append(
            f'<selectionEntry id="bt-f{n}" name="Bench Guard {n}" hidden="false" '
            f'collective="false" import="true" type="unit"><categoryLinks><categoryLink '
            f'id="bt-fc{n}" name="Infantry" hidden="false" targetId="bt-cat-infantry" '
            f'primary="true"/></categoryLinks><profiles>'
            f"{_profile(f'bt-p{n}', f'Bench Guard {n}', (5, '4+', '-', '4+', 5, 1))}</profiles>"
            f'<infoLinks><infoLink id="bt-fi{n}" name="Lore" hidden="false" '
            f'targetId="bt-r{n % 300}" type="rule"/></infoLinks><selectionEntryGroups>'
            f'<selectionEntryGroup id="bt-fs{n}" name="Unit Size" hidden="false" '
            f'collective="false" import="true"><selectionEntries>{sizes}</selectionEntries>'
            f"</selectionEntryGroup></selectionEntryGroups><entryLinks>{links}"
            f'<entryLink id="bt-fg{n}" name="Arms" hidden="false" collective="false" '
            f'import="true" targetId="bt-g{n % groups}" type="selectionEntryGroup"/>'
            "</entryLinks></selectionEntry>"
        )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><catalogue id="bt-fac" name="Bench Host" '
        f'revision="1" battleScribeVersion="2.03" library="false" gameSystemId="bt-gst" '
        f'xmlns="{CAT}"><catalogueLinks><catalogueLink id="bt-cl" name="Bench Library" '
        f'targetId="bt-lib" type="catalogue" importRootEntries="false"/></catalogueLinks>'
        f"<selectionEntries>{''.join(body)}</selectionEntries></catalogue>"
    )


def files() -> list[tuple[str, bytes]]:
    return [
        ("bench.gst", game_system(rules=950).encode()),
        ("library.cat", library(upgrades=740, groups=120).encode()),
        ("host.cat", faction(units=50, upgrades=740, groups=120).encode()),
    ]


def run_import(uploads: list[tuple[str, bytes]]) -> tuple[int, int]:
    system = next(
        s for s in SYSTEMS if getattr(s.catalogue.importers.get("battlescribe"), "listed_sizes", 0)
    )
    bundle = read_bundle(unpack(uploads))
    imported = map_bundle(
        bundle,
        system=system.slug,
        points_name="pts",
        importer=system.catalogue.importers["battlescribe"],
    )
    checked = 0
    for data in imported.factions:
        document = parse_document(json.dumps(data), fmt="json", max_bytes=20 * 1024 * 1024)
        errors = [i for i in catalogue_issues(document) if i.severity == "error"]
        assert not errors, errors[:3]
        checked += len(data["units"])
    return checked, len(imported.report.unmapped)


def main() -> None:
    uploads = files()
    for name, data in uploads:
        print(f"{name}: {len(data) / 1024:.0f} KB")
    timings = []
    for _ in range(5):
        start = time.perf_counter()
        units, unmapped = run_import(uploads)
        timings.append(time.perf_counter() - start)
    print(f"units imported: {units}, unmapped elements reported: {unmapped}")
    print(
        f"import (parse, resolve, map, report, catalogue checks): median "
        f"{statistics.median(timings):.2f} s, worst {max(timings):.2f} s (target < 3 s)"
    )


if __name__ == "__main__":
    main()
