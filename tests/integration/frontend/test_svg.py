"""Server-side SVG: the map replay for inch and hex tables, and the charts."""

import re

from frontend import svg

HEX_TABLE = {
    "width": 6,
    "height": 4,
    "grid": "hex",
    "features": [{"kind": "objective", "x": 2, "y": 1, "width": 1, "height": 1, "label": "Shrine"}],
}
MASS_TABLE = {
    "width": 72,
    "height": 48,
    "grid": "inches",
    "features": [
        {
            "kind": "terrain",
            "x": 10,
            "y": 10,
            "width": 6,
            "height": 4,
            "label": "Wood",
            "data": {"class": "difficult"},
        }
    ],
}


def test_hex_map_draws_every_hex_and_turns_units_to_their_hex_facing():
    positions = [
        {
            "id": "c1",
            "side": "a",
            "x": 1,
            "y": 2,
            "alive": True,
            "models": 1,
            "facing": 1,
            "status": "standing",
        },
        {
            "id": "c2",
            "side": "b",
            "x": 4,
            "y": 2,
            "alive": False,
            "models": 0,
            "facing": 3,
            "status": "dead",
        },
    ]
    out = str(svg.battle_map(HEX_TABLE, positions, {"a/c1": "Sir Ansel"}, turn=2))
    assert out.count("<polygon points=") >= 6 * 4  # the grid: one hexagon per hex
    assert 'class="feature objective' in out
    # hex facing 1 (NE) is 60° counter-clockwise from east: -60° on screen
    assert re.search(r'data-unit="c1"[^>]*rotate\(-60\)', out)
    assert re.search(r'data-unit="c2"[^>]*rotate\(-180\)', out)
    assert 'class="unit side-b destroyed"' in out
    assert "Sir Ansel" in out
    assert 'class="facing"' in out


def test_massbattle_units_are_rectangles_of_their_footprint_turned_to_their_facing():
    positions = [
        {
            "id": "u1",
            "side": "a",
            "x": 20,
            "y": 30,
            "alive": True,
            "models": 20,
            "facing": 270,
            "width": 5,
            "depth": 2,
        }
    ]
    out = str(svg.battle_map(MASS_TABLE, positions, {"a/u1": "Spear Wall"}, turn=1))
    # 10 px per inch: depth 2" along the facing, width 5" across it
    assert '<rect x="-10" y="-25" width="20" height="50"/>' in out
    assert "translate(200 300) rotate(270)" in out
    assert 'class="feature terrain difficult"' in out


def test_units_in_reserve_are_not_drawn_on_the_table():
    positions = [
        {
            "id": "u9",
            "side": "a",
            "x": 0,
            "y": 0,
            "alive": False,
            "models": 5,
            "status": "in_reserve",
        }
    ]
    assert 'data-unit="u9"' not in str(svg.battle_map(MASS_TABLE, positions, {}, turn=1))


def test_text_from_reports_is_escaped():
    out = str(
        svg.battle_map(
            MASS_TABLE,
            [{"id": "x", "side": "a", "x": 1, "y": 1}],
            {"a/x": "<script>alert(1)</script>"},
            turn=0,
        )
    )
    assert "<script>" not in out
    assert "&lt;script&gt;" in out


def test_units_with_the_same_id_on_both_sides_keep_their_own_names():
    positions = [
        {"id": "u1", "side": "a", "x": 1, "y": 1, "alive": True, "models": 5},
        {"id": "u1", "side": "b", "x": 9, "y": 9, "alive": True, "models": 5},
    ]
    names = {svg.unit_key("a", "u1"): "Line Squad", svg.unit_key("b", "u1"): "Gaunt Brood"}
    out = str(svg.battle_map(MASS_TABLE, positions, names, turn=1))
    assert "Line Squad" in out
    assert "Gaunt Brood" in out


def test_histogram_colours_wins_losses_and_draws():
    out = str(
        svg.histogram(
            [{"value": -3, "count": 2}, {"value": 0, "count": 1}, {"value": 4, "count": 5}],
            label="Margin",
            x_label="margin",
        )
    )
    assert out.count('class="bar loss"') == 1
    assert out.count('class="bar draw"') == 1
    assert out.count('class="bar win"') == 1


def test_distribution_draws_one_bar_per_count_until_the_tail_vanishes():
    out = str(svg.distribution([0.1, 0.4, 0.5, 0.0, 0.0], label="Hits", x_label="hits"))
    assert out.count('class="bar dist"') == 3


def test_casualties_per_turn_counts_each_side_even_when_unit_ids_repeat():
    from frontend.views.battles import casualties_per_turn

    def at(side: str, models: int) -> dict:
        return {"id": "u1", "side": side, "x": 0, "y": 0, "alive": models > 0, "models": models}

    report = {"positions": [[at("a", 10), at("b", 30)], [at("a", 7), at("b", 30)]]}
    assert casualties_per_turn(report) == (["1"], {"a": [3], "b": [0]})
