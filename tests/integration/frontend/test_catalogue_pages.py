"""The catalogue pages: the list (mine, public, by system, by name), a catalogue's page
(units, revisions with restore, diff, who uses it, downloads, fork), visibility (another
user's private catalogue answers 404, an unlisted one opens by its link only)."""

from __future__ import annotations

import json

import pytest
import yaml
from django.urls import reverse

from armybuilder.models import Faction
from armybuilder.services.rosters import roster_create
from armybuilder.services.user_catalogues import catalogue_create, catalogue_update
from tests.integration.frontend.conftest import upload, wardens

pytestmark = pytest.mark.django_db


@pytest.fixture
def mine(player, catalogues):
    return upload(player)


def test_list_shows_samples_mine_and_public_but_not_others_private(
    player_client, player, rival, catalogues
):
    upload(player)
    upload(rival, slug="open-wardens", name="Open Wardens", visibility="public")
    upload(rival, slug="secret-wardens", name="Secret Wardens")
    upload(rival, slug="link-wardens", name="Link Wardens", visibility="unlisted")
    page = player_client.get(reverse("catalogue-list")).content.decode()
    assert "Iron Wardens" in page
    assert "My Wardens" in page
    assert "Open Wardens" in page
    assert "Secret Wardens" not in page
    assert "Link Wardens" not in page
    mine_only = player_client.get(reverse("catalogue-list"), {"scope": "mine"}).content.decode()
    assert "My Wardens" in mine_only
    assert "Iron Wardens" not in mine_only
    public = player_client.get(reverse("catalogue-list"), {"scope": "public"}).content.decode()
    assert "Open Wardens" in public
    assert "My Wardens" not in public


def test_list_filters_by_system_and_searches_by_name(player_client, mine):
    skirmish = player_client.get(reverse("catalogue-list"), {"system": "skirmish"})
    assert "Lantern Wardens" in skirmish.content.decode()
    assert "Iron Wardens" not in skirmish.content.decode()
    found = player_client.get(reverse("catalogue-list"), {"q": "my ward"}).content.decode()
    assert "My Wardens" in found
    assert "Iron Wardens" not in found


def test_catalogue_page_lists_units_with_stat_lines_weapons_options_and_costs(player_client, mine):
    page = player_client.get(reverse("catalogue-detail", args=[mine.pk])).content.decode()
    assert "Warden Captain" in page
    assert '<th scope="col">WS</th>' in page
    assert "Bolt pistol" in page
    assert "count all · range 12 · S 4 · AP 5" in page
    assert "Power sword: 15 pts" in page
    assert "90 pts" in page
    assert "Lone Commander" in page  # the rule's name, not its slug
    assert reverse("catalogue-edit", args=[mine.pk]) in page


def test_another_users_private_catalogue_answers_404_on_every_page(
    player_client, rival, catalogues
):
    private = upload(rival, slug="secret-wardens", name="Secret Wardens")
    for name, args in (
        ("catalogue-detail", [private.pk]),
        ("catalogue-diff", [private.pk]),
        ("catalogue-download", [private.pk, "yaml"]),
        ("catalogue-edit", [private.pk]),
    ):
        assert player_client.get(reverse(name, args=args)).status_code == 404, name
    for name, args in (
        ("catalogue-fork", [private.pk]),
        ("catalogue-restore", [private.pk, 1]),
        ("catalogue-visibility", [private.pk]),
        ("catalogue-delete", [private.pk]),
        ("catalogue-unit-save", [private.pk, 0]),
        ("catalogue-unit-remove", [private.pk, 0]),
    ):
        assert player_client.post(reverse(name, args=args)).status_code == 404, name


def test_an_unlisted_catalogue_opens_by_its_link_only(client, rival, catalogues):
    linked = upload(rival, slug="link-wardens", name="Link Wardens", visibility="unlisted")
    url = reverse("catalogue-detail", args=[linked.pk])
    assert client.get(url).status_code == 404
    page = client.get(url, {"token": linked.link_token})
    assert page.status_code == 200
    assert "Link Wardens" in page.content.decode()
    assert f"token={linked.link_token}" in page.content.decode()


def test_someone_elses_public_catalogue_cannot_be_edited_only_forked(
    player_client, player, rival, catalogues
):
    public = upload(rival, slug="open-wardens", name="Open Wardens", visibility="public")
    assert player_client.get(reverse("catalogue-edit", args=[public.pk])).status_code == 403
    response = player_client.post(reverse("catalogue-fork", args=[public.pk]))
    copy = Faction.objects.get(owner=player)
    assert response["Location"] == reverse("catalogue-edit", args=[copy.pk])
    assert copy.forked_from == public
    page = player_client.get(reverse("catalogue-detail", args=[copy.pk])).content.decode()
    assert "copy of" in page
    assert "Open Wardens" in page


def test_samples_are_read_only(player_client, catalogues):
    sample = Faction.objects.get(slug="iron-wardens")
    assert player_client.get(reverse("catalogue-edit", args=[sample.pk])).status_code == 403
    page = player_client.get(reverse("catalogue-detail", args=[sample.pk])).content.decode()
    assert "site sample (read-only)" in page
    assert "Fork this catalogue" in page


def test_download_as_yaml_keeps_the_upload_and_json_is_the_data(player_client, mine):
    as_yaml = player_client.get(reverse("catalogue-download", args=[mine.pk, "yaml"]))
    assert as_yaml.content.decode() == wardens()
    assert 'filename="my-wardens-r1.yaml"' in as_yaml["Content-Disposition"]
    as_json = player_client.get(reverse("catalogue-download", args=[mine.pk, "json"]))
    assert json.loads(as_json.content)["units"][0]["name"] == "Warden Captain"
    assert (
        player_client.get(reverse("catalogue-download", args=[mine.pk, "xml"])).status_code == 404
    )


def test_revisions_diff_and_restore(player_client, player, mine):
    catalogue_update(
        catalogue=mine,
        actor=player,
        text=wardens().replace("cost: 90", "cost: 95", 1),
        fmt="yaml",
        summary="captain dearer",
    )
    page = player_client.get(reverse("catalogue-detail", args=[mine.pk])).content.decode()
    assert "r2: captain dearer" in page
    assert "Restore revision 1" in page
    diff = player_client.get(reverse("catalogue-diff", args=[mine.pk]), {"from": 1})
    assert "Changed <strong>Warden Captain</strong>: cost" in diff.content.decode()
    assert "90 → 95 pts" in diff.content.decode()
    response = player_client.post(reverse("catalogue-restore", args=[mine.pk, 1]))
    assert response.status_code == 302
    mine.refresh_from_db()
    assert mine.revision == 3
    assert mine.data["units"][0]["cost"] == 90


def test_visibility_unlisted_shows_the_link_to_share(player_client, mine):
    player_client.post(reverse("catalogue-visibility", args=[mine.pk]), {"visibility": "unlisted"})
    mine.refresh_from_db()
    page = player_client.get(reverse("catalogue-detail", args=[mine.pk])).content.decode()
    assert mine.link_token
    assert f"token={mine.link_token}" in page


def test_who_uses_it_counts_rosters_and_lists_the_readers_own(player_client, player, mine):
    roster_create(
        owner=player, system="grimdark", faction=mine.slug, name="From my own", points_limit=1500
    )
    page = player_client.get(reverse("catalogue-detail", args=[mine.pk])).content.decode()
    assert "1 roster builds from it" in page
    assert "From my own" in page


def test_delete_is_refused_while_a_roster_builds_from_it(player_client, player, mine):
    roster_create(owner=player, system="grimdark", faction=mine.slug, name="In use")
    player_client.post(reverse("catalogue-delete", args=[mine.pk]))
    assert Faction.objects.filter(pk=mine.pk).exists()


def test_download_of_a_json_upload_as_yaml_is_the_data_in_the_files_key_order(
    player_client, player, catalogues
):
    data = yaml.safe_load(wardens())
    made = catalogue_create(owner=player, text=json.dumps(data), fmt="json").catalogue
    text = player_client.get(reverse("catalogue-download", args=[made.pk, "yaml"])).content
    assert text.decode().startswith("system: grimdark\nfaction: my-wardens\nname: My Wardens\n")
    assert yaml.safe_load(text)["units"] == data["units"]
