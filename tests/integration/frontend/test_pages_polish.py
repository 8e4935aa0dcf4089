"""Page polish after the reviewer's walk-through (issue 8): unit profiles and hextactical
derived values in the editor and the print view, battle logs and map labels in names not ids,
the massbattle draw's reason, humane odds labels, equal-width margin bins, and small fixes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from armybuilder.models import Roster
from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from armybuilder.services.rosters import roster_create
from armybuilder.services.units import roster_add_unit
from frontend import svg
from rules.engine.systems.massbattle.scenario import result_summary
from rules.models import Battle

pytestmark = pytest.mark.django_db

CSS = Path(__file__).resolve().parents[3] / "frontend/static/frontend/muster.css"


def battle_of(player, client, capture, system: str, samples: tuple[str, str]) -> Battle:
    a, b = (roster_import(owner=player, data=load_sample_roster(system, s)) for s in samples)
    with capture(execute=True):
        client.post(
            reverse("battle-new"), {"roster_a": a.pk, "roster_b": b.pk, "mission": "", "seed": 4}
        )
    battle = Battle.objects.get(system=system)
    assert battle.status == "resolved", battle.failure_reason
    return battle


@pytest.fixture
def hextactical_battle(player, player_client, catalogues, django_capture_on_commit_callbacks):
    """A resolved hextactical battle of two sample lists, started from the battle page."""
    return battle_of(
        player,
        player_client,
        django_capture_on_commit_callbacks,
        "hextactical",
        ("thornwall-patrol", "saltmarsh-raid"),
    )


# --- the roster editor and the print view -----------------------------------------------


def test_a_hextactical_roster_shows_each_combatants_derived_values(
    player, player_client, catalogues
):
    roster = roster_import(owner=player, data=load_sample_roster("hextactical", "thornwall-patrol"))
    page = player_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    # GURPS 4e (NOT IN SEED): Dodge = floor(Basic Speed) + 3, shown with HP, Will, Per, FP…
    for heading in ('<th scope="col">ST</th>', ">HP<", ">Will<", ">Per<", ">FP<", ">Dodge<"):
        assert heading in page
    assert "Parry " in page
    # a combatant is one model: no size box, the words instead
    assert "Single model" in page
    assert 'name="size"' not in page


def test_the_hextactical_dodge_shown_is_the_army_builders_summary_value(
    player, player_client, catalogues
):
    roster = roster_import(owner=player, data=load_sample_roster("hextactical", "thornwall-patrol"))
    from armybuilder.selectors import roster_summary

    combatant = roster_summary(roster=roster)["combatants"][0]
    page = player_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    article = page[page.index(f'id="unit-{combatant["id"]}"') :]
    article = article[: article.index("</article>")]
    derived = article[article.index("derived-values") :]
    headers = re.findall(r"<th scope=\"col\">([^<]+)</th>", derived)
    cells = re.findall(r"<td>([^<]+)</td>", derived)
    assert dict(zip(headers, cells, strict=False))["Dodge"] == str(combatant["derived"]["Dodge"])


def test_a_grimdark_unit_shows_its_characteristics_and_the_print_view_too(
    player, player_client, catalogues
):
    roster = roster_create(
        owner=player, system="grimdark", faction="iron-wardens", name="Line", points_limit=1500
    )
    roster_add_unit(roster=roster, unit="line-squad", actor=player)
    for url in (
        reverse("roster-edit", args=[roster.pk]),
        reverse("roster-print", args=[roster.pk]),
    ):
        page = player_client.get(url).content.decode()
        headings = re.findall(r'<th scope="col">(\w+)</th>', page)
        assert headings[:9] == ["WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv"], url
    # a squad has a size range: the box stays
    assert (
        'name="size"'
        in player_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    )


def test_the_print_view_of_a_hextactical_roster_lists_derived_values(
    player, player_client, catalogues
):
    roster = roster_import(owner=player, data=load_sample_roster("hextactical", "saltmarsh-raid"))
    page = player_client.get(reverse("roster-print", args=[roster.pk])).content.decode()
    assert "derived-values" in page
    assert ">Dodge<" in page


def test_a_massbattle_unit_shows_the_figures_of_its_size(player, player_client, catalogues):
    roster = roster_import(
        owner=player, data=load_sample_roster("massbattle", "dawnguard-vanguard")
    )
    page = player_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    headings = re.findall(r'<th scope="col">(\w+)</th>', page)
    assert headings[:6] == ["Sp", "Me", "Ra", "De", "At", "Ne"]


# --- samples and pickers ---------------------------------------------------------------------


def test_a_newcomer_copies_a_sample_list_from_the_roster_page(player, player_client, catalogues):
    page = player_client.get(reverse("roster-list")).content.decode()
    assert "Copy a sample list" in page
    assert 'value="massbattle/gravemire-tide"' in page
    response = player_client.post(
        reverse("roster-sample-copy"), {"sample": "massbattle/gravemire-tide"}
    )
    roster = Roster.objects.get(owner=player)
    assert response["Location"] == reverse("roster-edit", args=[roster.pk])
    assert roster.system.slug == "massbattle"
    assert roster.name == load_sample_roster("massbattle", "gravemire-tide")["name"]
    missing = player_client.post(reverse("roster-sample-copy"), {"sample": "../etc/passwd"})
    assert missing.status_code == 404


def test_roster_pickers_tell_same_named_rosters_apart(player, player_client, catalogues):
    for system, faction in (("grimdark", "iron-wardens"), ("massbattle", "dawnguard-realms")):
        roster_create(owner=player, system=system, faction=faction, name="Same", points_limit=900)
    page = player_client.get(reverse("battle-list")).content.decode()
    options = re.findall(r"<option value=\"\d+\"[^>]*>(Same[^<]*)</option>", page)
    assert len(set(options)) == 2  # each picker lists both, told apart
    assert all("updated" in o for o in options)


def test_get_on_the_new_battle_address_goes_to_the_battles_page(player_client):
    response = player_client.get("/battles/new/")
    assert response.status_code == 302
    assert response["Location"] == reverse("battle-list")


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_sign_up_button_meets_wcag_aa_contrast():
    css = CSS.read_text()
    rule = re.search(r"\.site-header a\.button \{([^}]*)\}", css)
    assert rule, "the header button has its own rule"
    accent = re.search(r"--accent: (#[0-9a-f]{6})", css)[1]
    background = re.search(r"background: ([^;]+);", rule[1])[1].strip()
    colour = re.search(r"(?<!-)color: ([^;]+);", rule[1])[1].strip()
    bg = accent if background == "var(--accent)" else background
    fg = "#ffffff" if colour == "#fff" else colour
    light, dark = sorted((_luminance(bg), _luminance(fg)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5


# --- the battle report ----------------------------------------------------------------------


def test_the_massbattle_log_and_map_name_units_not_ids(
    player, player_client, catalogues, django_capture_on_commit_callbacks
):
    battle = battle_of(
        player,
        player_client,
        django_capture_on_commit_callbacks,
        "massbattle",
        ("dawnguard-vanguard", "gravemire-tide"),
    )
    page = player_client.get(reverse("battle-detail", args=[battle.pk])).content.decode()
    log = page[page.index('id="event-log"') :]
    texts = re.findall(r'<span class="event-text">(.*?)</span>', log, re.S)
    assert texts
    assert not [t for t in texts if re.search(r"\b[ab][:.]u\d", t)]
    assert not [t for t in texts if re.search(r"\bSide [ab]\b", t)]
    armies = battle.report["armies"]
    assert any(armies[battle.report["extra"]["first_turn"]] in t for t in texts)
    # the map: a short label per living unit in a layer above the units, features too
    map_html = page[page.index('class="chart battle-map') :]
    map_html = map_html[: map_html.index("</svg>")]
    assert map_html.index('class="map-labels"') > map_html.rindex('class="unit side-')
    assert 'class="feature-label"' in map_html
    assert 'class="unit-label side-a"' in map_html
    assert 'id="show-unit-labels"' in page


def test_the_map_title_follows_the_chosen_turn(player_client, hextactical_battle):
    battle = hextactical_battle
    last = len(battle.report["positions"]) - 1
    for turn in (0, 1, last):
        part = player_client.get(reverse("battle-map", args=[battle.pk]), {"turn": turn})
        title = re.search(r"<title>(Battle map[^<]*)</title>", part.content.decode())[1]
        expected = f"end of turn {turn} " if turn else "at deployment"
        assert expected in title
        assert f"(of {last} turns)" in title


def test_the_hextactical_log_names_the_combatants(player_client, hextactical_battle):
    battle = hextactical_battle
    html = player_client.get(reverse("battle-events", args=[battle.pk])).content.decode()
    assert not re.search(r"<strong>[ab]\.u\d", html)
    assert not re.search(r"→ [ab]\.u\d", html)


def test_a_skirmish_log_names_fighters_and_warbands(
    player, player_client, catalogues, django_capture_on_commit_callbacks
):
    battle = battle_of(
        player,
        player_client,
        django_capture_on_commit_callbacks,
        "skirmish",
        ("night-watch", "marsh-raiders"),
    )
    html = player_client.get(reverse("battle-events", args=[battle.pk])).content.decode()
    assert not re.search(r"(<strong>|→ )u\d+\.\d", html)
    assert battle.report["armies"]["a"] in html


# --- massbattle summary -----------------------------------------------------------------------


def test_a_kill_and_pillage_draw_says_the_lead_a_win_needs():
    # seed 003 §12: Kill needs a lead of 20% of the army points; 20% of 2000 is 400
    text = result_summary("kill-and-pillage", None, {"a": 615, "b": 220}, 2000, 12)
    assert text.startswith("Kill and Pillage: draw (615–220)")
    assert "lead of 400, 20% of the 2000-point limit" in text


def test_a_pillage_draw_says_two_more_objectives_are_needed():
    # seed 003 §12: Pillage is won by holding at least 2 more objectives
    text = result_summary("pillage", None, {"a": 2, "b": 1}, 2000, 12)
    assert text.startswith("Pillage: draw (2–1)")
    assert "2 more objectives" in text
    assert "needs" not in result_summary("kill", "a", {"a": 900, "b": 100}, 2000, 12)


# --- odds -------------------------------------------------------------------------------------


def test_the_attack_calculator_reads_in_words(shooting_attack_response):
    page = shooting_attack_response.content.decode()
    assert "unsaved_wounds" not in page
    assert "models_slain" not in page
    assert "Expected unsaved wounds" in page
    assert "Expected models slain" in page


def test_the_margin_histogram_uses_equal_width_bins_over_the_range():
    points = [{"value": v, "count": 1} for v in (-450, -300, -120, 0, 0, 35, 260, 610, 700)]
    bins = svg.margin_bins(points)
    assert 10 <= len(bins) <= 21  # 10–20 equal bins plus the draw's own
    widths = {b["high"] - b["low"] for b in bins if b["kind"] != "draw"}
    assert widths == {100}
    assert sum(b["count"] for b in bins) == len(points)
    draw = next(b for b in bins if b["kind"] == "draw")
    assert draw["count"] == 2
    assert next(b for b in bins if b["low"] == -500)["label"] == "-500 to -401"
    assert next(b for b in bins if b["low"] == 0 and b["kind"] == "win")["label"] == "1 to 100"
    out = str(svg.histogram(points, label="Margin", x_label="margin"))
    assert 'data-range="601 to 700"' in out
    assert out.count('class="bar win"') == 3  # 35 | 260 | 610 and 700: three bins


def test_a_small_margin_range_gets_one_bin_per_value():
    bins = svg.margin_bins([{"value": -2, "count": 3}, {"value": 3, "count": 1}])
    assert [b["label"] for b in bins] == ["-2", "-1", "0", "1", "2", "3"]
    assert [b["count"] for b in bins] == [3, 0, 0, 0, 0, 1]


def test_deleting_a_roster_a_campaign_plays_is_refused_with_a_message(
    player, player_client, catalogues
):
    from armybuilder.models import Roster
    from armybuilder.rosterdata import load_sample_roster
    from armybuilder.services.exchange import roster_import
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.membership import campaign_join

    roster = roster_import(owner=player, data=load_sample_roster("skirmish", "night-watch"))
    campaign = campaign_create(user=player, system="skirmish", name="Cellars", points_limit=500)
    campaign_join(user=player, join_code=campaign.join_code, roster=roster)

    response = player_client.post(f"/rosters/{roster.pk}/delete/", follow=True)

    assert response.status_code == 200
    assert "played in a campaign" in response.content.decode()
    assert Roster.objects.filter(pk=roster.pk).exists()
