"""The battle report page of every game system draws its map replay: well-formed SVG, units
coloured by side, a hex grid with facings for hextactical, turned rectangles for massbattle."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from rules.models import Battle

pytestmark = pytest.mark.django_db

SVG_NS = "{http://www.w3.org/2000/svg}"
SAMPLES: dict[str, tuple[str, str]] = {
    "grimdark": ("iron-wardens-strike-force", "chitin-host-swarm"),
    "skirmish": ("night-watch", "marsh-raiders"),
    "massbattle": ("dawnguard-vanguard", "gravemire-tide"),
    "hextactical": ("thornwall-patrol", "saltmarsh-raid"),
}
ROTATE = re.compile(r"rotate\((-?[\d.]+)")


def resolved_battle(player, client, capture, system: str) -> Battle:
    a, b = (
        roster_import(owner=player, data=load_sample_roster(system, name))
        for name in SAMPLES[system]
    )
    with capture(execute=True):
        response = client.post(
            reverse("battle-new"), {"roster_a": a.pk, "roster_b": b.pk, "mission": "", "seed": 4}
        )
    assert response.status_code == 302
    battle = Battle.objects.get(system=system)
    assert battle.status == "resolved", battle.failure_reason
    return battle


def map_svg(html: str) -> ET.Element:
    """The battle map element of a page, parsed as XML (so it must be well-formed)."""
    start = html.index('<svg xmlns="http://www.w3.org/2000/svg"')
    while "battle-map" not in html[start : html.index(">", start)]:
        start = html.index('<svg xmlns="http://www.w3.org/2000/svg"', start + 1)
    end = html.index("</svg>", start) + len("</svg>")
    return ET.fromstring(html[start:end])  # noqa: S314 - our own server's markup


def units(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG_NS}g") if "unit" in g.get("class", "").split()]


def points(polygon: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in polygon.get("points", "").split()]


@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_every_system_report_page_draws_its_map_with_both_sides(
    player, player_client, catalogues, django_capture_on_commit_callbacks, system
):
    battle = resolved_battle(player, player_client, django_capture_on_commit_callbacks, system)
    page = player_client.get(reverse("battle-detail", args=[battle.pk]), {"turn": 1})
    assert page.status_code == 200
    svg = map_svg(page.content.decode())
    grid = "hex" if system == "hextactical" else "inches"
    assert f"grid-{grid}" in svg.get("class", "")
    drawn = units(svg)
    assert {g.get("class").split()[1] for g in drawn} == {"side-a", "side-b"}
    # Each marker is titled with its own side's unit name, not its id (both sides may have a
    # "u1"; a skirmish fighter "u3.2" takes the name of its unit "u3").
    names = {(u["side"], u["id"]): u["name"] for u in battle.report["units"]}
    for g in drawn:
        side, unit_id = g.get("class").split()[1].removeprefix("side-"), g.get("data-unit")
        name = names.get((side, unit_id)) or names[(side, unit_id.rpartition(".")[0])]
        assert g.find(f"{SVG_NS}title").text.startswith(name)
    # Every unit carries its facing marker.
    assert all(g.find(f"{SVG_NS}polygon[@class='facing']") is not None for g in drawn)

    last = len(battle.report["positions"]) - 1
    partial = player_client.get(reverse("battle-map", args=[battle.pk]), {"turn": last})
    assert f'data-turn="{last}"' in partial.content.decode()
    map_svg(partial.content.decode())


def test_hextactical_map_is_a_tiling_hex_grid_with_facings(
    player, player_client, catalogues, django_capture_on_commit_callbacks
):
    battle = resolved_battle(
        player, player_client, django_capture_on_commit_callbacks, "hextactical"
    )
    svg = map_svg(player_client.get(reverse("battle-detail", args=[battle.pk])).content.decode())
    grid = next(g for g in svg.iter(f"{SVG_NS}g") if g.get("class") == "hexgrid")
    cells = grid.findall(f"{SVG_NS}polygon")
    table = battle.report["map"]
    assert len(cells) == int(table["width"]) * int(table["height"])
    assert all(len(points(cell)) == 6 for cell in cells)
    # Neighbouring hexes share an edge: the first two cells of a row share two corners.
    shared = {(round(x, 1), round(y, 1)) for x, y in points(cells[0])} & {
        (round(x, 1), round(y, 1)) for x, y in points(cells[1])
    }
    assert len(shared) == 2
    # The next row is offset by half a hex and also shares an edge with the first cell.
    below = cells[int(table["width"])]
    assert (
        len(
            {(round(x, 1), round(y, 1)) for x, y in points(below)}
            & {(round(x, 1), round(y, 1)) for x, y in points(cells[0])}
        )
        == 2
    )
    # Facings: hex direction 0–5 is drawn as a turn of a multiple of 60°.
    drawn = units(svg)
    assert drawn
    for g in drawn:
        angle = float(ROTATE.search(g.get("transform", "")).group(1))
        assert math.isclose(angle % 60, 0, abs_tol=1e-6) or math.isclose(angle % 60, 60)
        assert g.find(f"{SVG_NS}polygon[@class='facing']") is not None


def test_massbattle_units_are_rectangles_turned_to_their_facing(
    player, player_client, catalogues, django_capture_on_commit_callbacks
):
    battle = resolved_battle(
        player, player_client, django_capture_on_commit_callbacks, "massbattle"
    )
    svg = map_svg(player_client.get(reverse("battle-detail", args=[battle.pk])).content.decode())
    drawn = units(svg)
    rects = [g for g in drawn if g.find(f"{SVG_NS}rect") is not None]
    assert rects, "no massbattle unit is drawn as a rectangle"
    angles = {float(ROTATE.search(g.get("transform", "")).group(1)) % 360 for g in rects}
    assert angles - {0.0}, "every rectangle is drawn unrotated"
    positions = {p["id"]: p for p in battle.report["positions"][1]}
    for g in rects:
        position = positions[g.get("data-unit")]
        angle = float(ROTATE.search(g.get("transform")).group(1))
        assert math.isclose(angle, position["facing"], abs_tol=0.01)
        rect = g.find(f"{SVG_NS}rect")
        # The rectangle's long side runs across the facing: frontage × depth in inches.
        assert math.isclose(float(rect.get("height")), position["width"] * 10, abs_tol=0.1)


def on_table(left: float, right: float, top: float, bottom: float, box: tuple) -> bool:
    """Whether a drawn box lies within the table's ``box`` (width, height), ½ px slack."""
    width, height = box
    return left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5


@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_every_map_feature_and_unit_lies_on_the_table(
    player, player_client, catalogues, django_capture_on_commit_callbacks, system
):
    battle = resolved_battle(player, player_client, django_capture_on_commit_callbacks, system)
    svg = map_svg(player_client.get(reverse("battle-detail", args=[battle.pk])).content.decode())
    box = tuple(float(v) for v in svg.get("viewBox").split()[2:])
    for feature in svg.iter(f"{SVG_NS}g"):
        if "feature" not in feature.get("class", "").split():
            continue
        title = feature.find(f"{SVG_NS}title").text
        rect = feature.find(f"{SVG_NS}rect")
        if rect is not None and not rect.get("transform"):
            left, top = float(rect.get("x")), float(rect.get("y"))
            right, bottom = left + float(rect.get("width")), top + float(rect.get("height"))
            assert on_table(left, right, top, bottom, box), f"{title} runs off the table"
        text = feature.find(f"{SVG_NS}text")
        if text is not None:
            x, y = float(text.get("x")), float(text.get("y"))
            assert on_table(x, x, y, y, box), f"{title}: label off the table"
    for g in units(svg):
        centre = re.search(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform")).groups()
        x, y = (float(v) for v in centre)
        assert on_table(x, x, y, y, box), g.find(f"{SVG_NS}title").text
