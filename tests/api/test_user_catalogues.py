"""``/api/v1/catalogues/``: upload a faction, build, validate and battle a roster from it;
revisions, diff, restore, fork, visibility (404 for others) and every upload refusal."""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import CATALOGUE_DIR
from tests.api.conftest import make_user, strike_force, token_client

pytestmark = pytest.mark.django_db

URL = "/api/v1/catalogues/"
WARDENS = (CATALOGUE_DIR / "grimdark" / "iron-wardens.yaml").read_text()


def my_wardens(**replace: str) -> str:
    """The sample faction re-slugged as a user's own (same units, same YAML layout)."""
    text = WARDENS.replace("faction: iron-wardens", "faction: my-wardens", 1)
    for old, new in replace.items():
        text = text.replace(old, new, 1)
    return text


def upload(client, text: str, **extra):
    return client.post(URL, {"text": text, "format": "yaml", **extra}, format="json")


@pytest.fixture
def mine(owner_client, catalogues):
    response = upload(owner_client, my_wardens())
    assert response.status_code == 201, response.json()
    return response.json()


def test_upload_build_validate_and_battle_a_user_catalogue(
    owner_client, mine, django_capture_on_commit_callbacks
):
    assert mine["slug"].endswith("-my-wardens")
    assert mine["revision"] == 1
    payload = strike_force(faction=mine["slug"])
    created = owner_client.post("/api/v1/rosters/", payload, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["validation"]["legal"]
    checked = owner_client.post("/api/v1/rosters/validate/", payload, format="json")
    assert checked.status_code == 200
    assert checked.json()["validation"]["legal"]
    sample = owner_client.post("/api/v1/rosters/", strike_force(), format="json").json()
    with django_capture_on_commit_callbacks(execute=True):
        battle = owner_client.post(
            "/api/v1/battles/",
            {"rosters": [created.json()["id"], sample["id"]], "seed": 7},
            format="json",
        )
    assert battle.status_code == 202, battle.json()
    assert owner_client.get(battle.json()["url"]).json()["status"] == "resolved"


def test_validation_sees_each_save_and_restore_of_an_uploaded_catalogue(owner_client, mine):
    """The per-process catalogue cache (``armybuilder.catalogue_cache``) never answers from a
    replaced version: a save and a restore are priced by the very next validation."""
    url = f"{URL}{mine['id']}/"
    payload = strike_force(faction=mine["slug"])

    def points() -> int:
        checked = owner_client.post("/api/v1/rosters/validate/", payload, format="json")
        assert checked.status_code == 200, checked.json()
        return checked.json()["points"]

    before = points()
    assert points() == before  # now served from the cache
    dearer = my_wardens(
        **{"    cost: 75\n    cost_per_model: 15": "    cost: 95\n    cost_per_model: 15"}
    )
    assert owner_client.put(url, {"text": dearer}, format="json").status_code == 200
    assert points() == before + 2 * 20  # two Line Squads
    assert owner_client.post(f"{url}restore/", {"revision": 1}, format="json").status_code == 200
    assert points() == before


def test_each_save_is_a_revision_with_a_diff_and_an_old_one_can_be_restored(owner_client, mine):
    url = f"{URL}{mine['id']}/"
    cheaper = my_wardens(**{"name: Iron Wardens": "name: My Wardens"})
    edited = owner_client.put(url, {"text": cheaper, "summary": "renamed"}, format="json")
    assert edited.status_code == 200
    assert edited.json()["revision"] == 2
    revisions = owner_client.get(f"{url}revisions/").json()["results"]
    assert [r["revision"] for r in revisions] == [2, 1]
    diff = owner_client.get(f"{url}diff/?from=1&to=2").json()
    assert diff["details"] == ["name"]
    restored = owner_client.post(f"{url}restore/", {"revision": 1}, format="json").json()
    assert restored["revision"] == 3
    assert restored["name"] == "Iron Wardens"
    assert owner_client.get(f"{url}revisions/3/").json()["text"] == my_wardens()


def test_private_catalogue_answers_404_to_others_and_unlisted_opens_by_token(
    owner_client, stranger_client, mine
):
    url = f"{URL}{mine['id']}/"
    assert stranger_client.get(url).status_code == 404
    roster = strike_force(faction=mine["slug"])
    refused = stranger_client.post("/api/v1/rosters/", roster, format="json")
    assert refused.status_code == 400
    assert "faction" in refused.json()["error"]["fields"]
    token = owner_client.post(f"{url}visibility/", {"visibility": "unlisted"}, format="json")
    link = token.json()["link_token"]
    assert stranger_client.get(url).status_code == 404
    assert stranger_client.get(f"{url}?token={link}").status_code == 200
    with_token = {**roster, "catalogue_token": link}
    assert stranger_client.post("/api/v1/rosters/", with_token, format="json").status_code == 201
    listed = stranger_client.get(f"{URL}?scope=public").json()["results"]
    assert mine["id"] not in [c["id"] for c in listed]


def test_public_catalogue_is_listed_read_only_and_forked_with_its_origin(
    owner_client, stranger_client, mine
):
    url = f"{URL}{mine['id']}/"
    owner_client.post(f"{url}visibility/", {"visibility": "public"}, format="json")
    found = stranger_client.get(f"{URL}?scope=public&system=grimdark&search=wardens").json()
    assert [c["id"] for c in found["results"]] == [mine["id"]]
    assert stranger_client.put(url, {"text": my_wardens()}, format="json").status_code == 403
    fork = stranger_client.post(f"{url}fork/", {}, format="json")
    assert fork.status_code == 201
    assert fork.json()["forked_from"] == mine["id"]
    assert fork.json()["visibility"] == "private"


def test_delete_is_refused_while_a_roster_builds_from_it(owner_client, mine):
    owner_client.post("/api/v1/rosters/", strike_force(faction=mine["slug"]), format="json")
    response = owner_client.delete(f"{URL}{mine['id']}/")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "catalogue.in_use"


def test_samples_are_read_only(owner_client, catalogues):
    sample = owner_client.get(f"{URL}?scope=samples&system=grimdark").json()["results"][0]
    assert sample["read_only"]
    assert sample["owner"] is None
    edit = owner_client.put(f"{URL}{sample['id']}/", {"text": WARDENS}, format="json")
    assert edit.status_code == 403


BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(9)
)


REFERENCE = my_wardens() + (
    "constraints:\n  - {code: cap, kind: unit_count, severity: error, unit: nobody, max: 1}\n"
)


@pytest.mark.parametrize(
    ("text", "code", "field"),
    [
        ("units: [\n  - {slug: x\n", "upload.yaml_syntax", "document"),
        (BOMB, "upload.too_many_nodes", "document"),
        ("a: " + "[" * 60 + "]" * 60, "upload.too_deep", "document"),
        ("- just\n- a list\n", "upload.not_mapping", "document"),
        ("a: 1\n---\nb: 2\n", "upload.many_documents", "document"),
        ("when: 2024-01-01\n", "upload.value_type", "when"),
        (
            my_wardens(**{"  - slug: warden-captain": "  - slug: Warden Captain"}),
            "schema.pattern",
            "units[0].slug",
        ),
        (my_wardens(**{"Sv: 3": "Sv: three"}), "engine.", "units[0]"),
        (REFERENCE, "constraint.unit_unknown", "constraints[0]"),
        (my_wardens(**{"AP: 5, type: pistol}": "AP: 5, type: blaster}"}), "engine.", "units[0]"),
        (
            my_wardens(
                **{
                    "cost: 25\n        group: melee": "cost: 25\n        group: melee\n"
                    "        requires: [power-sword]"
                }
            ),
            "option.unsatisfiable",
            "units[0].options[1]",
        ),
    ],
    ids=[
        *("syntax", "bomb", "deep", "list", "documents", "date", "schema", "engine", "reference"),
        *("weapon_type", "option_group"),
    ],
)
def test_every_upload_error_kind_is_a_400_naming_line_and_path(
    owner_client, catalogues, text, code, field
):
    response = upload(owner_client, text)
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"].startswith(code), error
    assert field in error["fields"], error
    assert error["fields"][field][0].startswith("line "), error


def test_check_reports_unplayed_special_rules_as_warnings(owner_client, catalogues):
    text = (CATALOGUE_DIR / "massbattle" / "dawnguard-realms.yaml").read_text()
    text = text.replace("rules: [phalanx]", "rules: [phalanx, hatred]", 1)
    response = owner_client.post(f"{URL}check/", {"text": text}, format="json").json()
    assert response["valid"]
    [warning] = [i for i in response["issues"] if i["code"] == "rule.no_effect"]
    assert warning["message"] == "`hatred` has no effect in battles yet."
    assert warning["severity"] == "warning"
    assert warning["line"] == 33


def test_an_oversized_upload_is_a_clear_400(owner_client, catalogues, settings):
    settings.MUSTER_CATALOGUE_UPLOAD_BYTES = 1000
    response = upload(owner_client, my_wardens())
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "upload.too_large"


def test_a_catalogue_of_too_many_units_is_a_clear_400(owner_client, catalogues):
    units = "".join(
        f"  - {{slug: u{i}, name: U{i}, category: Troops, size: {{min: 1}}, cost: 1}}\n"
        for i in range(401)
    )
    text = f"system: grimdark\nfaction: horde\nname: Horde\nunits:\n{units}"
    response = upload(owner_client, text)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "upload.too_many_units"


def test_one_user_may_keep_at_most_the_configured_number(owner_client, catalogues, settings):
    settings.MUSTER_CATALOGUES_PER_USER = 1
    assert upload(owner_client, my_wardens()).status_code == 201
    again = upload(owner_client, my_wardens(**{"faction: my-wardens": "faction: more"}))
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "catalogue.limit_reached"


def test_anonymous_readers_list_samples_and_public_catalogues_only(api_client, mine):
    ids = [c["id"] for c in api_client.get(f"{URL}?system=grimdark").json()["results"]]
    assert ids
    assert mine["id"] not in ids
    assert api_client.get(f"{URL}{mine['id']}/").status_code == 404


def test_an_unlisted_link_stops_working_when_made_private(mine, catalogues):
    owner = token_client(make_user("second"))
    created = upload(owner, my_wardens(), visibility="unlisted").json()
    link = created["link_token"]
    owner.post(f"{URL}{created['id']}/visibility/", {"visibility": "private"}, format="json")
    other = token_client(make_user("third"))
    assert other.get(f"{URL}{created['id']}/?token={link}").status_code == 404
