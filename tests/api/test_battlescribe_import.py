"""``/api/v1/battlescribe/preview/`` and ``/imports/``: BattleScribe data files (original test
files under tests/fixtures/battlescribe/) previewed with a report, accepted as the caller's
catalogues all or nothing, re-imported as a new revision."""

from __future__ import annotations

import pytest

from armybuilder.models import Faction
from tests.api.battlescribe_support import MASSBATTLE, accept, fixture, preview, zipped

pytestmark = pytest.mark.django_db


def test_preview_reports_counts_and_every_unmapped_element_and_saves_nothing(
    owner_client, catalogues
):
    response = preview(owner_client, "massbattle", *MASSBATTLE)
    assert response.status_code == 200, response.json()
    report = response.json()
    assert report["accepted"] is False
    assert report["counts"]["units"] == 5
    assert report["counts"]["options"] == 4
    assert report["counts"]["constraints"] == 4
    assert report["libraries"] == ["ember-armoury.cat"]
    [catalogue] = report["catalogues"]
    assert catalogue["action"] == "create"
    assert [c for c in catalogue["checks"] if c["severity"] == "error"] == []
    reasons = {(u["id"], u["element"]): u for u in report["unmapped"]}
    assert "no engine effect" in reasons[("er-r-firetouched", "rule")]["reason"]
    assert reasons[("er-r-firetouched", "rule")]["file"] == "emberhold.cat"
    assert reasons[("er-r-firetouched", "rule")]["path"].startswith(
        "catalogue/selectionEntries/selectionEntry[Cinder Spears]/rules"
    )
    assert "in no uploaded file" in reasons[("er-spears-lost", "link")]["reason"]
    assert "Height" in reasons[("er-p-spears", "characteristic")]["reason"]
    assert any("atLeast" in u["reason"] for u in report["unmapped"])
    assert ("er-renown", "costType") in reasons
    assert not Faction.objects.filter(owner__isnull=False).exists()


def test_accept_creates_a_user_catalogue_with_mapped_units_and_constraints(
    owner_client, catalogues
):
    response = accept(owner_client, "massbattle", *MASSBATTLE)
    assert response.status_code == 201, response.json()
    [saved] = response.json()["catalogues"]
    faction = Faction.objects.get(pk=saved["id"])
    units = {u["slug"]: u for u in faction.data["units"]}
    spears = units["cinder-spears"]
    assert [s["size"] for s in spears["sizes"]] == [10, 20, 40]
    assert spears["extra"]["size_profiles"]["40"] == {"At": 20, "Ne": 5}
    assert spears["profile"] == {"Sp": 5, "Me": 4, "Ra": None, "De": 4, "At": 5, "Ne": 1}
    assert spears["rules"] == ["phalanx"]
    assert {o["slug"]: o.get("group") for o in spears["options"]} == {
        "banner": None,
        "musician": None,
        "greataxes": "hand-weapons",
        "war-horns": "hand-weapons",
    }
    assert units["cinder-giant"]["rules"] == ["crushing-strength(2)"]
    assert units["ember-crossbow-engine"]["weapons"][0]["kind"] == "crossbow"
    kinds = {c["code"]: c for c in faction.data["constraints"]}
    # the instanceOf condition names the catalogue itself: always true, applied (1 + 1)
    assert kinds["bs.er-c-warden-max"] == {
        "code": "bs.er-c-warden-max",
        "kind": "unit_count",
        "severity": "error",
        "unit": "forge-warden",
        "max": 2,
    }
    ratio = kinds["bs.er-c-hero-max.per.er-cat-inf"]
    assert (ratio["kind"], ratio["free"], ratio["count"]) == ("ratio", 1, 1)
    assert kinds["bs.er-c-we-pct"]["max_percent"] == 25


def test_zipped_files_and_a_zip_of_several_import_the_same(owner_client, catalogues):
    gstz = ("ember-realms.gstz", zipped({"ember-realms.gst": fixture("ember-realms.gst")}))
    catz = ("emberhold.catz", zipped({"emberhold.cat": fixture("emberhold.cat")}))
    plain = preview(owner_client, "massbattle", *MASSBATTLE).json()
    packed = preview(owner_client, "massbattle", gstz, "ember-armoury.cat", catz).json()
    assert packed["counts"] == plain["counts"]
    bundle = ("ember.zip", zipped({n: fixture(n) for n in MASSBATTLE}))
    assert preview(owner_client, "massbattle", bundle).json()["counts"] == plain["counts"]


def test_reimport_of_a_newer_revision_is_a_new_revision_of_the_same_catalogue(
    owner_client, catalogues
):
    first = accept(owner_client, "massbattle", *MASSBATTLE).json()["catalogues"][0]
    again = accept(owner_client, "massbattle", *MASSBATTLE).json()
    assert again["report"]["catalogues"][0]["action"] == "unchanged"
    newer = (
        fixture("emberhold.cat")
        .replace(b'revision="1"', b'revision="2"', 1)
        .replace(b'value="75.0"', b'value="80.0"', 1)
    )
    updated = accept(
        owner_client,
        "massbattle",
        "ember-realms.gst",
        "ember-armoury.cat",
        ("emberhold.cat", newer),
    ).json()
    assert updated["report"]["catalogues"][0]["action"] == "update"
    [row] = updated["catalogues"]
    assert row["id"] == first["id"]
    faction = Faction.objects.get(pk=first["id"])
    assert faction.revision == 2
    engine = next(u for u in faction.data["units"] if u["slug"] == "ember-crossbow-engine")
    assert engine["cost"] == 80


def test_an_import_is_all_or_nothing(owner_client, catalogues):
    broken = fixture("emberhold.cat").replace(b'name="Cinder Spears" hidden', b'name="" hidden')
    second = fixture("emberhold.cat").replace(
        b'id="er-emberhold" name="Emberhold"', b'id="er-second" name="Second Hold"'
    )
    response = accept(
        owner_client,
        "massbattle",
        *MASSBATTLE[:2],
        ("second.cat", second),
        ("broken.cat", broken.replace(b'id="er-emberhold"', b'id="er-broken"')),
    )
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == "schema.minLength"
    assert not Faction.objects.filter(owner__isnull=False).exists()


def test_hextactical_says_it_has_no_battlescribe_mapping(owner_client, catalogues):
    response = preview(owner_client, "hextactical", *MASSBATTLE)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "battlescribe.system_unsupported"
