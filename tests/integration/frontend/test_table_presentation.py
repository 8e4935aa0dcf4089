"""The pages a player keeps open at the table (issue 24), server side: side B's rosters follow
side A's system, the battle log reads in words (grouped, no "1 hits", no slugs, same-named
units numbered, the armour save step, summed rolls as totals), the map opens at deployment
with no wreck, points lost per turn, and print, cards, PDF, list export and history in
human names."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from armybuilder.models import RosterRevision
from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from armybuilder.services.units import roster_update_unit
from frontend.battle_log import Namer, attack_steps, grouped_log, roll_of, summary_with_names
from frontend.unit_cards import grouped, rule_name, stat_line, weapon_text
from frontend.views.battles import points_lost_per_turn
from frontend.words import human_words
from rules.models import Battle
from tests.support import pdf_text

pytestmark = pytest.mark.django_db

SLUGS = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+-[a-z]+\b|\[[a-z0-9-]+\]|\bT_base\b")


def fight(player, client, capture, system: str, a: str, b: str, seed: int = 4) -> Battle:
    ra, rb = (roster_import(owner=player, data=load_sample_roster(system, n)) for n in (a, b))
    with capture(execute=True):
        response = client.post(
            reverse("battle-new"),
            {"roster_a": ra.pk, "roster_b": rb.pk, "mission": "", "seed": seed},
        )
    assert response.status_code == 302
    battle = Battle.objects.filter(system=system).latest("id")
    assert battle.status == "resolved", battle.failure_reason
    return battle


def log_lines(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", t)
        for t in re.findall(r'<span class="event-text">(.*?)</span>', html, re.S)
    ]


# --- the battle form -------------------------------------------------------------------------


def test_side_b_offers_only_rosters_of_side_as_system_and_the_default_pair_fights(
    player, player_client, catalogues, django_capture_on_commit_callbacks
):
    grim = roster_import(owner=player, data=load_sample_roster("grimdark", "chitin-host-swarm"))
    roster_import(owner=player, data=load_sample_roster("skirmish", "night-watch"))
    other = roster_import(
        owner=player, data=load_sample_roster("grimdark", "iron-wardens-strike-force")
    )
    page = player_client.get(reverse("battle-list")).content.decode()
    side_a = re.search(r'<select name="roster_a".*?</select>', page, re.S)[0]
    first_a = re.search(r'<option value="(\d+)"', side_a)[1]
    side_b = re.search(r'<select name="roster_b".*?</select>', page, re.S)[0]
    offered = re.findall(r'<option value="(\d+)"', side_b)
    chosen = re.search(r'<option value="(\d+)" selected', side_b)[1]
    assert chosen != first_a
    systems = {str(r.pk): r.system.slug for r in (grim, other)}
    assert set(offered) <= set(systems)
    assert first_a in systems
    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(
            reverse("battle-new"), {"roster_a": first_a, "roster_b": chosen, "seed": 1}
        )
    assert response.status_code == 302
    partial = player_client.get(reverse("battle-missions"), {"roster_a": grim.pk}).content
    assert f'value="{other.pk}" selected' in partial.decode()


# --- the log -----------------------------------------------------------------------------------


def test_the_mordheim_log_speaks_words_and_numbers_same_named_fighters(
    player, player_client, catalogues, django_capture_on_commit_callbacks
):
    battle = fight(
        player,
        player_client,
        django_capture_on_commit_callbacks,
        "skirmish",
        "marsh-raiders",
        "marsh-raiders",
    )
    html = player_client.get(reverse("battle-detail", args=[battle.pk])).content.decode()
    lines = log_lines(html[html.index('id="event-log"') :])
    assert lines
    text = " ".join(lines)
    for raw in ("knocked_down", "close_combat", "out_of_action", "short-bow", "1 hits", "1 wounds"):
        assert raw not in text
    assert "deployment" not in [line.strip() for line in lines]
    assert not re.search(r"Turn \d+, ", text)
    assert "Chief Brannoch (1)" in text
    assert "Chief Brannoch (2)" in text
    assert "Close combat" in html  # the phase heading, not the slug


def test_log_groups_turns_and_phases_and_writes_each_actor_once():
    report = {
        "armies": {"a": "Wardens", "b": "Swarm"},
        "units": [
            {"id": "u1", "side": "a", "name": "Squad Varro"},
            {"id": "u1", "side": "b", "name": "Gaunts"},
        ],
        "events": [],
    }
    events = [
        {"turn": 0, "phase": "deployment", "side": "", "actor": "", "text": "deployment"},
        {
            "turn": 1,
            "phase": "shooting",
            "side": "a",
            "actor": "Squad Varro",
            "text": "Turn 1, shooting: Squad Varro fires 7 Bolters (7 shots) at Gaunts — "
            "5 hits, 1 wounds, 1 slain",
            "target": "Gaunts",
            "dice": [],
        },
        {
            "turn": 1,
            "phase": "shooting",
            "side": "a",
            "actor": "Squad Varro",
            "text": "Turn 1, shooting: Squad Varro fires 1 Plasma gun (1 shot) at Gaunts — "
            "1 hits, 1 wounds, 1 slain",
            "target": "Gaunts",
            "dice": [],
        },
        {
            "turn": 1,
            "phase": "morale",
            "side": "b",
            "actor": "Gaunts",
            "text": "Gaunts passes its morale check",
            "dice": [8],
        },
    ]
    log = grouped_log(events, Namer(report))
    assert [t["turn"] for t in log] == [1]
    (group,) = log[0]["phases"]
    assert (group["name"], group["army"]) == ("Shooting", "Wardens")
    first, second, answer = group["rows"]
    assert first["text"] == "fires 7 Bolters (7 shots) at Gaunts"
    assert first["steps"] == ["5 hits", "1 wound", "armour saves", "1 slain"]
    assert second["same_actor"]
    assert second["steps"][0] == "1 hit"
    assert answer["answer"]
    assert answer["step"] == "Morale"
    assert (answer["faces"], answer["total"]) == ([], 8)


def test_an_attack_lays_out_its_armour_save_and_a_summed_roll_is_a_total():
    assert attack_steps("attacks: 1 hits, 1 wounds, knocked_down") == (
        "attacks",
        ["1 hits", "1 wounds", "armour save", "knocked_down"],
    )
    assert attack_steps("fires at X — 3 hits, 0 wounds, 0 slain")[1] == [
        "3 hits",
        "0 wounds",
        "0 slain",
    ]
    assert roll_of([12]).total == 12
    assert roll_of([12]).faces == []
    assert roll_of([5, 1]).faces == [5, 1]
    assert human_words("1 hits, 1 wounds, out_of_action with short-bow") == (
        "1 hit, 1 wound, out of action with short bow"
    )


def _one_row(event: dict) -> dict:
    """The single log line an event presents as, in a Wardens-against-Swarm report."""
    report = {
        "armies": {"a": "Wardens", "b": "Swarm"},
        "units": [
            {"id": "u1", "side": "a", "name": "Squad Varro"},
            {"id": "u1", "side": "b", "name": "Gaunts"},
        ],
    }
    base = {"turn": 1, "phase": "shooting", "side": "a", "actor": "Squad Varro", "dice": []}
    ((group,),) = [t["phases"] for t in grouped_log([{**base, **event}], Namer(report))]
    (row,) = group["rows"]
    return row


@pytest.mark.parametrize(
    ("tail", "steps"),
    [
        # the grimdark line that counts its saves (seed 001: hit, wound, save, casualties)
        ("5 hits, 3 wounds, 1 saved, 2 slain", ["5 hits", "3 wounds", "1 saved", "2 slain"]),
        ("1 hits, 1 wounds, 1 saved, 0 slain", ["1 hit", "1 wound", "1 saved", "0 slain"]),
        ("4 hits, 0 wounds, 0 saved, 0 slain", ["4 hits", "0 wounds", "0 saved", "0 slain"]),
        # the line of reports stored before it: the save is named, not counted
        ("5 hits, 3 wounds, 2 slain", ["5 hits", "3 wounds", "armour saves", "2 slain"]),
        ("4 hits, 0 wounds, 0 slain", ["4 hits", "0 wounds", "0 slain"]),
    ],
)
def test_an_attack_line_with_or_without_its_saves_reads_as_its_steps(tail, steps):
    row = _one_row(
        {
            "target": "Gaunts",
            "text": f"Turn 1, shooting: Squad Varro fires 7 Bolters (7 shots) at Gaunts — {tail}",
        }
    )
    assert row["text"] == "fires 7 Bolters (7 shots) at Gaunts"
    assert row["steps"] == steps


@pytest.mark.parametrize(
    ("dice", "faces", "total"),
    [
        ([3, 5], [3, 5], None),  # a 2D6 test as its two dice
        ([2, 6, 4], [2, 6, 4], None),  # a hextactical 3d6 roll as its three dice
        ([8], [], 8),  # a stored report's summed 2D6: a total, not a die showing 8
        ([4], [4], None),  # a single die
    ],
)
def test_a_roll_shows_each_die_and_an_old_summed_roll_as_its_total(dice, faces, total):
    row = _one_row(
        {"phase": "morale", "side": "b", "actor": "Gaunts", "text": "Gaunts passes", "dice": dice}
    )
    assert (row["faces"], row["total"]) == (faces, total)


# --- map and casualties ------------------------------------------------------------------------


def test_the_map_opens_at_deployment_with_no_wreck_and_the_chart_counts_points(
    player, player_client, catalogues, django_capture_on_commit_callbacks
):
    battle = fight(
        player,
        player_client,
        django_capture_on_commit_callbacks,
        "grimdark",
        "iron-wardens-strike-force",
        "chitin-host-swarm",
        seed=7,
    )
    html = player_client.get(reverse("battle-detail", args=[battle.pk])).content.decode()
    assert 'data-turn="0"' in html
    assert "Battle map at deployment" in html
    map_html = html[html.index('class="chart battle-map') :]
    map_html = map_html[: map_html.index("</svg>")]
    assert 'class="unit side-a destroyed"' not in map_html
    assert 'class="unit side-b destroyed"' not in map_html
    # a vehicle's wreck is terrain only from the turn it fell
    wrecks = [f for f in battle.report["map"]["features"] if f["label"].startswith("Wreck of")]
    assert wrecks
    assert "Wreck of" not in map_html
    last = len(battle.report["positions"]) - 1
    end = player_client.get(reverse("battle-map", args=[battle.pk]), {"turn": last})
    assert wrecks[0]["label"] in end.content.decode()
    assert "Points lost per turn" in html
    assert 'id="points-lost"' in html
    assert 'tabindex="0" role="region" aria-label="Battle log' in html
    later = player_client.get(reverse("battle-map", args=[battle.pk]), {"turn": 2})
    assert 'class="trails"' in later.content.decode()
    assert "<polyline" in later.content.decode()


def test_points_lost_per_turn_counts_each_lost_model_at_its_units_cost():
    report = {
        "units": [
            {"id": "u1", "side": "a", "points": 100, "models_start": 10},
            {"id": "u1", "side": "b", "points": 60, "models_start": 1},
        ],
        "positions": [
            [{"id": "u1", "side": "a", "models": 10}, {"id": "u1", "side": "b", "models": 1}],
            [{"id": "u1", "side": "a", "models": 7}, {"id": "u1", "side": "b", "models": 0}],
        ],
    }
    assert points_lost_per_turn(report) == {"a": [30], "b": [60]}


# --- print, cards, PDF, list, history ----------------------------------------------------------


def test_print_cards_pdf_and_list_show_human_names_and_grouped_weapons(
    player, player_client, catalogues
):
    roster = roster_import(
        owner=player, data=load_sample_roster("grimdark", "iron-wardens-strike-force")
    )
    for name in ("roster-print", "roster-cards"):
        html = player_client.get(reverse(name, args=[roster.pk])).content.decode()
        main = re.sub(r"<[^>]+>", " ", html[html.index("<main") :])
        assert not SLUGS.findall(main), (name, SLUGS.findall(main)[:5])
        assert "Lone Commander" in main  # independent_character by its glossary name
        # a bike's T_base beside its T: test_cards_group_repeats_fold_base_values_and_name_rules
        # (the Wardens sample fields a walker instead of its bikes since grimdark 0.4.0)
        assert "Oathbound Warframe" in main or "Warframe Ostrava" in main
    listing = player_client.get(reverse("roster-export-download", args=[roster.pk, "list.txt"]))
    text = listing.content.decode()
    assert "[" not in text
    assert "Squad Varro" in text
    assert "7× Bolter" in text
    response = player_client.get(reverse("roster-cards-pdf", args=[roster.pk]))
    assert response["Content-Type"] == "application/pdf"
    shown = pdf_text(response.content)
    for unit in ("Captain Ostrel Varn", "Squad Varro", "Siegebreaker Ironvow", "Lone Commander"):
        assert unit in shown


def test_history_names_an_unnamed_unit_by_its_catalogue_name(player, catalogues):
    roster = roster_import(owner=player, data=load_sample_roster("skirmish", "night-watch"))
    entry = roster.payload["units"][0]
    roster.payload["units"][0]["name"] = ""
    roster.save()
    roster_update_unit(roster=roster, unit_id=entry["id"], size=1, actor=player)
    latest = RosterRevision.objects.filter(roster=roster).latest("number")
    assert latest.summary == "Warden-Captain changed"


def test_cards_group_repeats_fold_base_values_and_name_rules():
    assert grouped(["Lascannon", "Lascannon", "Lascannon", "Flamer"]) == ["3× Lascannon", "Flamer"]
    assert stat_line({"T": 5, "T_base": 4, "W": 1}) == [("T", "5 (base 4)"), ("W", "1")]
    glossary = {"crushing-strength": {"name": "Crushing Strength (n)"}}
    assert rule_name("crushing-strength(1)", glossary) == "Crushing Strength (1)"
    assert rule_name("independent_character", {}) == "Independent character"
    assert weapon_text({"name": "Light armour", "type": "light-armour"}) == ""
    assert weapon_text({"name": "Lascannon", "type": "heavy", "range": 48, "S": 9, "AP": 2}) == (
        "48″, S9 AP2, heavy"
    )


def test_a_chart_legend_of_long_army_names_wraps_inside_the_chart():
    """Two long army names side by side ran past the chart's right edge (a 390 px phone cut
    "Raiders of the Sunken M…"): the second starts a row of its own and the plot moves down."""
    from frontend.svg.charts import grouped_bars

    names = ("Raiders of the Sunken Mile (A)", "Raiders of the Sunken Mile (B)")
    chart = str(grouped_bars(["1"], [(n, f"side-{n[-2]}", [1]) for n in names], label="Lost"))
    rows = re.findall(r'<text class="legend" x="([\d.]+)" y="([\d.]+)">([^<]+)</text>', chart)
    assert [(float(x), float(y)) for x, y, _ in rows] == [(60.0, 15.0), (60.0, 29.0)]
    assert 'viewBox="0 0 420 234"' in chart
    short = str(
        grouped_bars(["1"], [("Wardens", "side-a", [1]), ("Swarm", "side-b", [1])], label="x")
    )
    assert len(set(re.findall(r'<text class="legend" x="[\d.]+" y="([\d.]+)"', short))) == 1


def test_crowded_map_labels_never_overlap_and_stay_inside_the_table():
    """A skirmish deployment line put a dozen fighters' labels in one spot: each goes to
    the nearest free place or is left out, never drawn over another (issue 24)."""
    from frontend.svg.battle_map import LabelLayout

    layout = LabelLayout(300, 200)
    texts = [
        layout.place(f"Fighter {n} (1)", 150 + n % 3, 20, "unit-label side-a") for n in range(30)
    ]
    placed = [t for t in texts if t]
    assert 7 < len(placed) < 30
    boxes = layout.boxes
    assert len(boxes) == len(placed)
    for i, one in enumerate(boxes):
        left, top, right, bottom = one
        assert left >= 0
        assert top >= 0
        assert right <= 300
        assert bottom <= 200
        for other in boxes[i + 1 :]:
            assert not (
                one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]
            )


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("Raiders wins (rout)", "Raiders (B) wins (rout)"),  # skirmish's wording
        (
            "Raiders (b) wins Annihilation after 5 turns",
            "Raiders (B) wins Annihilation after 5 turns",
        ),
        ("side b wins on points", "Raiders (B) wins on points"),
    ],
)
def test_a_mirror_matchs_summary_names_the_winner_with_its_letter(summary, expected):
    report = {"armies": {"a": "Raiders", "b": "Raiders"}, "winner": "b", "summary": summary}
    assert summary_with_names(report, Namer(report).armies) == expected


def test_a_summary_of_two_different_armies_keeps_their_names():
    report = {
        "armies": {"a": "Raiders", "b": "Wardens"},
        "winner": "a",
        "summary": "Raiders wins (rout)",
    }
    assert summary_with_names(report, Namer(report).armies) == "Raiders wins (rout)"
