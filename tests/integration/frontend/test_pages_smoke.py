"""Every page answers for a signed-in player, and anonymous visitors are sent to sign in."""

import pytest
from django.urls import reverse

from tests.integration.frontend.conftest import grimdark_roster

pytestmark = pytest.mark.django_db


def test_home_says_what_muster_does_and_links_to_the_demo(client):
    page = client.get(reverse("home")).content.decode()
    assert "army lists" in page
    assert "Try the demo" in page


def test_army_builder_pages_need_a_signed_in_player(client):
    response = client.get(reverse("roster-list"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_signup_creates_the_account_and_signs_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "newbie", "password1": "Qx7!plumbus-9", "password2": "Qx7!plumbus-9"},
    )
    assert response.status_code == 302
    assert client.get(reverse("roster-list")).status_code == 200


def test_roster_pages_render(player_client, player, catalogues):
    roster = grimdark_roster(player, "Wardens")
    for name in ("roster-edit", "roster-export", "roster-print", "roster-share"):
        response = player_client.get(reverse(name, args=[roster.pk]))
        assert response.status_code == 200, name
    assert (
        "Warden Captain"
        in player_client.get(reverse("roster-print", args=[roster.pk])).content.decode()
    )


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_page_that_is_not_there_is_a_whole_page_with_its_main_landmark(
    client, player_client, signed_in
):
    """A 404 (an unknown address, another player's object) is the site's page with the
    navigation and a ``<main>`` landmark, not Django's bare "Not Found" (axe:
    landmark-one-main)."""
    response = (player_client if signed_in else client).get("/rosters/999999/")
    if not signed_in:
        response = client.get("/no-such-page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert '<main id="main"' in page
    assert "<h1>Not found</h1>" in page
