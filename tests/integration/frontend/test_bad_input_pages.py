"""Bad input never gives a 500: every page of ``frontend/urls.py``, as a signed-in owner, is
sent junk query strings and junk form bodies (missing fields, wrong types, huge and negative
numbers, NaN/inf, unknown ids and slugs, very long strings, NUL characters, unicode), and
every page addressing another player's roster, catalogue, battle, simulation, campaign,
game, participant or clock answers 404.

A 500 raises in Django's test client, so nothing here catches exceptions: a crash fails the
test with its traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, reverse

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from armybuilder.services.rules_variants import rules_variant_create
from armybuilder.services.user_catalogues import catalogue_create
from campaigns.models import Game
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from campaigns.services.rounds import round_create
from frontend.catalogue_pages import starter_text
from frontend.urls import urlpatterns
from rules import clocks
from rules.models import Battle, JobStatus, Simulation

pytestmark = pytest.mark.django_db

HUGE = str(10**30)

#: Values a form field or a query parameter may be sent instead of what the page expects.
JUNK = [
    "",
    "abc",
    "-1",
    "0",
    "1.5",
    HUGE,
    f"-{HUGE}",
    "NaN",
    "inf",
    "1e309",
    "9" * 400,
    "x" * 5000,
    "ünïcødé 🎲 \u202e عربى",
    "a\x00b",
    "{'a': 1}",
]
#: A shorter list for varying one field at a time on an otherwise valid form.
FIELD_JUNK = ["", "abc", "-1", HUGE, "NaN", "x" * 5000, "ü🎲\u202e", "a\x00b"]

#: Query parameters any page might read.
QUERY_KEYS = (
    "system",
    "q",
    "category",
    "turn",
    "event_turn",
    "phase",
    "roster_a",
    "mission",
    "v",
    "game",
    "code",
    "next",
    "scope",
    "from",
    "to",
    "token",
    "page",
)

#: Every field name a page form posts (sent all at once with one junk value).
POST_KEYS = [
    "system",
    "faction",
    "points_limit",
    "name",
    "text",
    "unit",
    "size",
    "sample",
    "action",
    "roster_a",
    "roster_b",
    "mission",
    "seed",
    "runs",
    "mode",
    "attacks",
    "skill",
    "strength",
    "ap",
    "toughness",
    "save",
    "invulnerable",
    "cover",
    "wounds",
    "models",
    "weapon_skill",
    "minutes",
    "game",
    "side",
    "format",
    "points_step",
    "description",
    "win_points",
    "draw_points",
    "loss_points",
    "injury_table",
    "auto_resolve",
    "grace_hours",
    "experience_thresholds",
    "join_code",
    "roster",
    "winner",
    "score_a",
    "score_b",
    "objectives_a",
    "objectives_b",
    "note",
    "reason",
    "confirm",
    "pairing",
    "pairs",
    "deadline",
    "entry",
    "choice",
    "username",
    "password1",
    "password2",
    "visibility",
    "summary",
    "source",
    "token",
]

#: URL kwargs that are not object ids, and junk for them (the URL converters allow these).
PATH_JUNK_INT = ["0", "999999999", HUGE]
PATH_JUNK_STR = ["nope", "x" * 300, "ü🎲", "..", "%00"]

#: Roster pages probed with a roster of every system (the others with a grimdark one).
PER_SYSTEM = ("roster-edit", "roster-unit-update")

#: Whole bodies some pages are also sent (JSON that decodes to NUL characters, etc.).
EXTRA_BODIES = {
    "roster-import": [
        {"text": '{"system": "grim\\u0000dark", "faction": "x", "units": []}'},
        {
            "text": '{"system": "grimdark", "faction": "iron-wardens", "name": "a\\u0000",'
            ' "units": [{"unit": "line-squad", "name": "b\\u0000", "options": ["\\u0000"]}]}'
        },
        {"text": '{"system": 1e999, "faction": NaN, "units": {"a": 1}}'},
        {
            "text": '{"system": "grimdark", "faction": "iron-wardens", "points_limit": 1e30,'
            ' "units": [{"unit": "line-squad", "size": 100000000000000000000000000000}]}'
        },
        {"text": "[" * 5000},
        {"text": "Iron Wardens\n" + "x" * 20000},
    ],
}


def small_catalogue() -> str:
    """The catalogue the catalogue pages are probed with: one unit, so each of the hundreds
    of saves the probe makes checks little."""
    return starter_text("grimdark")


#: Pages whose POST destroys the object the later pages use: probed last.
DESTRUCTIVE = (
    "roster-delete",
    "participant-withdraw",
    "catalogue-delete",
    "rules-variant-delete",
)

#: The rules variant the rules variant pages are probed with.
SMALL_VARIANT = "system: grimdark\nvariant: probe\nname: Probe rules\ndefault_points_limit: 1000\n"


def small_variant(owner) -> Any:
    return rules_variant_create(owner=owner, text=SMALL_VARIANT, fmt="yaml")


@dataclass
class World:
    """One player's objects, and the same kinds of objects owned by somebody else."""

    user: Any
    rosters: dict[str, Any]
    spare_roster: Any
    battle: Battle
    simulation: Simulation
    campaign: Any
    mine: Any
    theirs: Any
    game: Game
    clock: Any
    catalogue: Any
    variant: Any
    other: dict[str, Any] = field(default_factory=dict)


def _import(owner, system: str, sample: str):
    return roster_import(owner=owner, data=load_sample_roster(system, sample))


def _resolved_jobs(client: Client, a, b, capture) -> tuple[Battle, Simulation]:
    with capture(execute=True):
        client.post(
            reverse("battle-new"), {"roster_a": a.pk, "roster_b": b.pk, "mission": "", "seed": 5}
        )
        client.post(
            reverse("simulation-new"),
            {"roster_a": a.pk, "roster_b": b.pk, "mission": "", "runs": 2, "seed": 3},
        )
    battle = Battle.objects.filter(requested_by=a.owner).latest("pk")
    simulation = Simulation.objects.filter(requested_by=a.owner).latest("pk")
    return battle, simulation


def _campaign_with_game(organiser, opponent, system: str, samples: tuple[str, str]):
    campaign = campaign_create(
        user=organiser,
        system=system,
        name="Junk league",
        format="league",
        points_limit=1000,
        seed=1,
    )
    mine = campaign_join(
        user=organiser, join_code=campaign.join_code, roster=_import(organiser, system, samples[0])
    )
    theirs = campaign_join(
        user=opponent, join_code=campaign.join_code, roster=_import(opponent, system, samples[1])
    )
    round_create(campaign=campaign, user=organiser)
    game = Game.objects.get(campaign=campaign, round__isnull=False)
    return campaign, mine, theirs, game


@pytest.fixture
def world(client, catalogues, django_capture_on_commit_callbacks) -> World:
    users = get_user_model().objects
    ada = users.create_user(username="ada", password="pw-ada-12345")
    bo = users.create_user(username="bo", password="pw-bo-12345")
    eve = users.create_user(username="eve", password="pw-eve-12345")
    fay = users.create_user(username="fay", password="pw-fay-12345")
    rosters = {
        "grimdark": _import(ada, "grimdark", "iron-wardens-strike-force"),
        "grimdark-b": _import(ada, "grimdark", "chitin-host-swarm"),
        "hextactical": _import(ada, "hextactical", "saltmarsh-duelist"),
        "massbattle": _import(ada, "massbattle", "dawnguard-vanguard"),
        "skirmish": _import(ada, "skirmish", "night-watch"),
    }
    spare = _import(ada, "grimdark", "iron-wardens-strike-force")
    client.force_login(ada)
    battle, simulation = _resolved_jobs(
        client, rosters["grimdark"], rosters["grimdark-b"], django_capture_on_commit_callbacks
    )
    assert battle.status == JobStatus.RESOLVED, battle.error if hasattr(battle, "error") else ""
    campaign, mine, theirs, game = _campaign_with_game(
        ada, bo, "skirmish", ("night-watch", "marsh-raiders")
    )
    clock = clocks.clock_create(user=ada, mode="chess", limit_ms=600_000, game=game)

    # Somebody else's objects (ada is not in their campaign).
    eve_a = _import(eve, "grimdark", "iron-wardens-strike-force")
    eve_b = _import(eve, "grimdark", "chitin-host-swarm")
    client.force_login(eve)
    eve_battle, eve_simulation = _resolved_jobs(
        client, eve_a, eve_b, django_capture_on_commit_callbacks
    )
    eve_campaign, eve_mine, _, eve_game = _campaign_with_game(
        eve, fay, "skirmish", ("night-watch", "marsh-raiders")
    )
    other = {
        "roster": eve_a,
        "unit_id": eve_a.payload["units"][0]["id"],
        "battle": eve_battle,
        "simulation": eve_simulation,
        "campaign": eve_campaign,
        "participant": eve_mine,
        "game": eve_game,
        "clock": clocks.clock_create(user=eve, mode="chess", limit_ms=600_000, game=eve_game),
        "catalogue": catalogue_create(owner=eve, text=small_catalogue(), fmt="yaml").catalogue,
        "variant": small_variant(eve),
    }
    client.force_login(ada)
    return World(
        user=ada,
        rosters=rosters,
        spare_roster=spare,
        battle=battle,
        simulation=simulation,
        campaign=campaign,
        mine=mine,
        theirs=theirs,
        game=game,
        clock=clock,
        catalogue=catalogue_create(owner=ada, text=small_catalogue(), fmt="yaml").catalogue,
        variant=small_variant(ada),
        other=other,
    )


def _unit_id(roster) -> str:
    return str(roster.payload["units"][0]["id"])


def own_kwargs(name: str, w: World, roster=None) -> list[dict[str, Any]]:
    """The URL kwargs of ``name`` addressing the player's own objects (one set per roster
    system for the roster pages)."""
    roster = roster or w.rosters["grimdark"]
    if name == "roster-delete":
        return [{"pk": w.spare_roster.pk}]
    by_name: dict[str, list[dict[str, Any]]] = {
        "roster-shared": [{"token": "not-a-token"}],
        "roster-unit-update": [{"pk": roster.pk, "unit_id": _unit_id(roster)}],
        "roster-unit-duplicate": [{"pk": roster.pk, "unit_id": _unit_id(roster)}],
        "roster-unit-remove": [{"pk": roster.pk, "unit_id": _unit_id(roster)}],
        "roster-restore": [{"pk": roster.pk, "number": 1}],
        "roster-export-download": [{"pk": roster.pk, "fmt": f} for f in ("txt", "json", "exe")],
        "clock-press": [
            {"pk": w.clock.pk, "action": a} for a in ("start", "switch", "pause", "resume", "zap")
        ],
    }
    if name in by_name:
        return by_name[name]
    return [{"pk": roster.pk}]


def catalogue_kwargs(name: str, catalogue) -> list[dict[str, Any]]:
    """The URL kwargs of a catalogue (or rules variant) page addressing ``catalogue``."""
    if name in ("catalogue-download", "rules-variant-download"):
        return [{"pk": catalogue.pk, "fmt": f} for f in ("yaml", "json", "exe")]
    extra = {"catalogue-restore": {"number": 1}, "rules-variant-restore": {"number": 1}}.get(
        name, {}
    )
    if name in ("catalogue-unit-save", "catalogue-unit-remove", "catalogue-sheet-edit"):
        extra = {"index": 0}
    return [{"pk": catalogue.pk, **extra}]


def _ids(name: str, w: World) -> dict[str, Any]:
    """The objects a page's ``pk`` names, by the page's prefix."""
    if name.startswith("battle"):
        return {"pk": w.battle.pk}
    if name.startswith("simulation"):
        return {"pk": w.simulation.pk}
    if name.startswith("clock"):
        return {"pk": w.clock.pk}
    return {"pk": w.campaign.pk}


def kwargs_for(pattern: URLPattern, w: World, roster=None) -> list[dict[str, Any]]:
    keys = set(pattern.pattern.converters)
    name = pattern.name
    if not keys:
        return [{}]
    if name.startswith("roster"):
        return own_kwargs(name, w, roster)
    if name == "clock-press":
        return own_kwargs(name, w)
    if name.startswith("catalogue"):
        return catalogue_kwargs(name, w.catalogue)
    if name.startswith("rules-variant"):
        return catalogue_kwargs(name, w.variant)
    kwargs = _ids(name, w)
    if "game_id" in keys:
        kwargs["game_id"] = w.game.pk
    if "participant_id" in keys:
        kwargs["participant_id"] = w.mine.pk
    return [kwargs]


def other_kwargs(pattern: URLPattern, w: World) -> list[dict[str, Any]]:
    """Kwargs naming another player's objects (and, for campaign pages, the other campaign's
    game or participant under the player's own campaign)."""
    o = w.other
    keys = set(pattern.pattern.converters)
    name = pattern.name
    if "pk" not in keys:
        return []
    if name.startswith("roster"):
        kwargs: dict[str, Any] = {"pk": o["roster"].pk}
        if "unit_id" in keys:
            kwargs["unit_id"] = o["unit_id"]
        if "number" in keys:
            kwargs["number"] = 1
        if "fmt" in keys:
            kwargs["fmt"] = "json"
        return [kwargs]
    if name.startswith("catalogue"):
        return catalogue_kwargs(name, o["catalogue"])[:1]
    if name.startswith("rules-variant"):
        return catalogue_kwargs(name, o["variant"])[:1]
    if name.startswith("battle"):
        return [{"pk": o["battle"].pk}]
    if name.startswith("simulation"):
        return [{"pk": o["simulation"].pk}]
    if name.startswith("clock"):
        return [{"pk": o["clock"].pk, **({"action": "start"} if "action" in keys else {})}]
    found = [{"pk": o["campaign"].pk}]
    for key, theirs, own in (
        ("game_id", o["game"].pk, w.game.pk),
        ("participant_id", o["participant"].pk, w.mine.pk),
    ):
        if key in keys:
            found = [{**found[0], key: own}, {"pk": w.campaign.pk, key: theirs}]
    if len(found) == 2:
        found[0]["pk"] = o["campaign"].pk
    return found


def path_junk(pattern: URLPattern, kwargs: dict[str, Any]) -> list[dict[str, Any]]:
    """``kwargs`` with each argument in turn replaced by an unknown or absurd value."""
    variants = []
    for key, converter in pattern.pattern.converters.items():
        junk = PATH_JUNK_INT if type(converter).__name__ == "IntConverter" else PATH_JUNK_STR
        variants.extend({**kwargs, key: value} for value in junk)
    return variants


def valid_bodies(name: str, w: World, roster) -> dict[str, str]:
    """A body each form page accepts, to vary one field at a time."""
    unit_key = f"a-{_unit_id(w.mine.roster)}" if w.game.participant_a_id == w.mine.pk else ""
    result = {"winner": "a", "score_a": "3", "score_b": "1", "objectives_a": "1", "note": "ok"}
    if unit_key:
        result |= {f"kills-{unit_key}": "1", f"out-{unit_key}": "on"}
    options = [
        o["slug"]
        for f in roster.faction.data.get("units", [])
        if f["slug"] == roster.payload["units"][0]["unit"]
        for o in f.get("options", []) or []
    ]
    return {
        "roster-create": {
            "system": "grimdark",
            "faction": "iron-wardens",
            "points_limit": "1500",
            "name": "New",
        },
        "roster-details": {"name": "Renamed", "points_limit": "1000"},
        "roster-unit-add": {"unit": "line-squad", "faction": ""},
        "roster-unit-update": {
            "size": "5",
            "name": "Named",
            **{f"opt-{slug}": "1" for slug in options[:3]},
        },
        "roster-import": {"text": "{}", "name": "Imported"},
        "catalogue-new": {
            "text": small_catalogue().replace("faction: my-faction", "faction: probe"),
            "format": "yaml",
            "visibility": "public",
        },
        "catalogue-check": {"text": small_catalogue(), "format": "yaml"},
        "catalogue-edit": {"text": small_catalogue(), "format": "yaml", "summary": "probe"},
        "catalogue-visibility": {"visibility": "unlisted"},
        "catalogue-unit-add": {"source": "0", "name": "Probe copy"},
        "catalogue-unit-save": {
            "unit-0-name": "Probe",
            "unit-0-category": "HQ",
            "unit-0-cost": "90",
            "unit-0-size_min": "1",
            "unit-0-size_max": "1",
            "unit-0-stat_WS": "5",
        },
        "rules-variant-new": {
            "text": SMALL_VARIANT.replace("variant: probe", "variant: probe-new"),
            "format": "yaml",
            "visibility": "public",
        },
        "rules-variant-check": {"text": SMALL_VARIANT, "format": "yaml"},
        "rules-variant-edit": {"text": SMALL_VARIANT, "format": "yaml", "summary": "probe"},
        "rules-variant-visibility": {"visibility": "unlisted"},
        "campaign-rules": {"rules_variant": ""},
        "roster-sample-copy": {"sample": "grimdark/iron-wardens-strike-force"},
        "roster-share": {"action": "share"},
        "battle-new": {
            "roster_a": str(w.rosters["grimdark"].pk),
            "roster_b": str(w.rosters["grimdark-b"].pk),
            "mission": "",
            "seed": "1",
        },
        "simulation-new": {
            "roster_a": str(w.rosters["grimdark"].pk),
            "roster_b": str(w.rosters["grimdark-b"].pk),
            "mission": "",
            "seed": "1",
            "runs": "2",
        },
        "attack-calculate": {
            "system": "grimdark",
            "mode": "shooting",
            "attacks": "10",
            "skill": "4",
            "strength": "4",
            "ap": "1",
            "target__toughness": "4",
            "target__save": "3",
            "target__invulnerable": "",
            "target__cover": "",
            "target__wounds": "1",
            "target__models": "10",
            "target__weapon_skill": "4",
        },
        "clock-new": {"mode": "chess", "minutes": "30", "game": str(w.game.pk)},
        "clock-press": {"side": "a"},
        "campaign-new": {
            "name": "League",
            "system": "skirmish",
            "format": "league",
            "points_limit": "500",
            "points_step": "0",
            "description": "d",
            "win_points": "3",
            "draw_points": "1",
            "loss_points": "0",
            "injury_table": "hardy",
            "auto_resolve": "off",
            "grace_hours": "0",
            "experience_thresholds": "3 | Blooded | +1 Ld",
        },
        "campaign-join": {"join_code": w.other["campaign"].join_code, "roster": str(roster.pk)},
        "round-new": {
            "pairing": "manual",
            "pairs": f"{w.mine.pk} {w.theirs.pk}",
            "deadline": "2999-01-01T10:00",
        },
        "game-report": result,
        "game-decide": result,
        "game-dispute": {"reason": "because"},
        "game-reverse": {"confirm": "yes", "reason": "because"},
        "game-mission": {"mission": ""},
        "participant-advance": {"entry": "0", "choice": "Swift"},
        "signup": {"username": "newbie", "password1": "Qx7!plumbus-9", "password2": "x"},
    }.get(name, {})


def _check(response, what: str) -> None:
    assert response.status_code < 500, f"{what}: {response.status_code}"


def probe(client: Client, pattern: URLPattern, kwargs: dict[str, Any], w: World, roster) -> None:
    """GETs with junk query strings, POSTs with junk bodies, one field at a time too."""
    url = reverse(pattern.name, kwargs=kwargs)
    _check(client.get(url), f"GET {url}")
    for value in JUNK:
        _check(client.get(url, dict.fromkeys(QUERY_KEYS, value)), f"GET {url} ?{value[:20]!r}")
    _check(client.post(url, {}), f"POST {url} (empty)")
    for value in JUNK:
        _check(client.post(url, dict.fromkeys(POST_KEYS, value)), f"POST {url} {value[:20]!r}")
    base = valid_bodies(pattern.name, w, roster)
    for key in base:
        for value in FIELD_JUNK:
            body = {**base, key: value}
            _check(client.post(url, body), f"POST {url} {key}={value[:20]!r}")
        _check(client.post(url, {k: v for k, v in base.items() if k != key}), f"{url} -{key}")
    _check(client.post(url, base), f"POST {url} (valid)")
    for body in EXTRA_BODIES.get(pattern.name, []):
        _check(client.post(url, body), f"POST {url} {str(body)[:60]}")
    _check(client.post(url, "not a form", content_type="application/json"), f"POST {url} json")


def _patterns() -> list[URLPattern]:
    patterns = [p for p in urlpatterns if isinstance(p, URLPattern)]
    assert len(patterns) == len(urlpatterns), "frontend/urls.py grew an include()"
    # Roster pages copy and add rosters with every post: after the pages that list them.
    return sorted(patterns, key=lambda p: (p.name in DESTRUCTIVE, p.name.startswith("roster")))


def test_every_pattern_is_probed():
    names = {p.name for p in _patterns()}
    assert len(names) == len(urlpatterns) >= 50


#: The junk probe is split into this many tests (each with its own world), so that no single
#: test nears the per-test timeout as pages are added.
PROBE_SHARDS = 5


def _probe_items(w: World) -> list[tuple[URLPattern, Any]]:
    """Every (page, roster) pair the probe visits, destructive pages last: the per-system
    roster pages once per system's roster, other roster pages with the grimdark roster."""
    items = []
    for pattern in _patterns():
        if pattern.name in PER_SYSTEM:
            systems = list(w.rosters.values())
        elif pattern.name.startswith("roster") and "pk" in pattern.pattern.converters:
            systems = [w.rosters["grimdark"]]
        else:
            systems = [None]
        items.extend((pattern, roster) for roster in systems)
    return items


@pytest.mark.parametrize("shard", range(PROBE_SHARDS))
def test_no_page_fails_on_junk_input(client, world, shard):
    w = world
    for pattern, roster in _probe_items(w)[shard::PROBE_SHARDS]:
        for kwargs in kwargs_for(pattern, w, roster):
            probe(client, pattern, kwargs, w, roster or w.rosters["skirmish"])


def test_unknown_ids_and_slugs_in_the_path_are_not_found(client, world):
    for pattern in _patterns():
        for kwargs in kwargs_for(pattern, world)[:1]:
            for variant in path_junk(pattern, kwargs):
                url = reverse(pattern.name, kwargs=variant)
                for method in (client.get, client.post):
                    response = method(url)
                    assert response.status_code < 500, url
                    assert response.status_code in (302, 400, 404, 405), (url, response.status_code)


def test_other_players_objects_are_not_found(client, world):
    for pattern in _patterns():
        for kwargs in other_kwargs(pattern, world):
            url = reverse(pattern.name, kwargs=kwargs)
            get, post = client.get(url), client.post(url, {"side": "a", "confirm": "yes"})
            assert {get.status_code, post.status_code} <= {404, 405}, (
                url,
                get.status_code,
                post.status_code,
            )
            assert 404 in (get.status_code, post.status_code), url


def test_anonymous_junk_is_refused_or_sent_to_sign_in():
    client = Client()
    for pattern in _patterns():
        for kwargs in [{k: "1" for k in pattern.pattern.converters}]:
            if pattern.name in (
                "roster-export-download",
                "catalogue-download",
                "rules-variant-download",
            ):
                kwargs["fmt"] = "json"
            url = reverse(pattern.name, kwargs=kwargs)
            for value in JUNK[:8]:
                assert client.get(url, dict.fromkeys(QUERY_KEYS, value)).status_code < 500, url
                assert client.post(url, dict.fromkeys(POST_KEYS, value)).status_code < 500, url


# The cases the probe found, each answered with an error naming its field -----------------


def test_a_nul_character_in_the_system_choice_shows_no_factions(client, world):
    assert client.get(reverse("roster-list"), {"system": "grim\x00dark"}).status_code == 200
    page = client.get(reverse("roster-factions"), {"system": "grim\x00dark"})
    assert page.status_code == 200


def test_a_unit_form_with_junk_names_the_field_and_keeps_the_unit(client, world):
    roster = world.rosters["grimdark"]
    unit_id = _unit_id(roster)
    before = roster.payload["units"][0]
    url = reverse("roster-unit-update", args=[roster.pk, unit_id])
    for body, field_name in (
        ({"size": "abc"}, f"{unit_id}-size-error"),
        ({"size": "1.5"}, f"{unit_id}-size-error"),
        ({"size": HUGE}, f"{unit_id}-size-error"),
        ({"size": "-3"}, f"{unit_id}-size-error"),
        ({"size": "5", "name": "Bad\x00name"}, f"{unit_id}-name-error"),
    ):
        response = client.post(url, body, HTTP_HX_REQUEST="true")
        assert response.status_code == 422
        assert field_name in response.content.decode(), body
    roster.refresh_from_db()
    assert roster.payload["units"][0] == before


def test_refused_roster_details_answer_422_with_the_error_beside_the_field(client, world):
    """An empty name or a limit of 0 is refused (422, which htmx is told to swap) and the
    message sits under the field it names, not only at the top of the editor."""
    roster = world.rosters["grimdark"]
    url = reverse("roster-details", args=[roster.pk])
    for body, error_id in (
        ({"name": "", "points_limit": "1500"}, "roster-name-error"),
        ({"name": "Ok", "points_limit": "0"}, "roster-limit-error"),
    ):
        response = client.post(url, body, HTTP_HX_REQUEST="true")
        assert response.status_code == 422, body
        assert f'id="{error_id}"' in response.content.decode(), body


def test_imported_json_with_nul_characters_names_the_text_field(client, world):
    for text in EXTRA_BODIES["roster-import"][:2]:
        response = client.post(reverse("roster-import"), text)
        assert response.status_code == 200
        assert "NUL characters" in response.content.decode()


def test_a_battle_report_with_a_junk_turn_shows_the_first_turn(client, world):
    for turn in ("abc", "1.5", "NaN", HUGE, "-3"):
        response = client.get(reverse("battle-detail", args=[world.battle.pk]), {"turn": turn})
        assert response.status_code == 200, turn


def test_the_participant_page_lists_injuries_that_have_no_name(client, world):
    """An injury roll is stored as ``{fighter, d66, result, ...}`` without ``name`` or
    ``kind``: the page names it by its result (it used to fail rendering)."""
    w = world
    game, side = w.game, "a" if w.game.participant_a_id == w.mine.pk else "b"
    other = "b" if side == "a" else "a"
    theirs = w.theirs.roster.payload["units"][0]["id"]
    response = client.post(
        reverse("game-decide", args=[w.campaign.pk, game.pk]),
        {"winner": side, "score_a": "1", "score_b": "0", f"out-{other}-{theirs}": "on"},
    )
    assert response.status_code == 302
    page = client.get(reverse("participant-detail", args=[w.campaign.pk, w.theirs.pk]))
    assert page.status_code == 200
