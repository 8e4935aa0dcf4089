"""The rules variant pages (issue 15, "System-level rules are data too", in the browser):
the list (mine, public, by system), a variant's page (force organisation, points defaults
and constraints in words; revisions with restore; who uses it), the diff, download, upload
with live validation, the raw editor naming line and path, fork, visibility (another
user's private variant answers 404), and choosing a variant on the roster and campaign
forms."""

from __future__ import annotations

import pytest
import yaml
from django.urls import reverse

from armybuilder.models import Roster, RulesVariant
from armybuilder.services.rules_variants import rules_variant_create, rules_variant_update
from campaigns.models import Campaign
from tests.api.test_rules_variants import LEAGUE
from tests.integration.frontend.conftest import grimdark_roster

pytestmark = pytest.mark.django_db


def league_of(owner, *, visibility: str = "private", text: str = LEAGUE) -> RulesVariant:
    return rules_variant_create(owner=owner, text=text, fmt="yaml", visibility=visibility)


@pytest.fixture
def league(player, catalogues):
    return league_of(player)


def test_list_shows_mine_and_public_but_not_others_private(
    player_client, player, rival, catalogues
):
    league_of(player)
    league_of(rival, visibility="public", text=LEAGUE.replace("League force", "Open league"))
    league_of(
        rival,
        text=LEAGUE.replace("League force", "Secret league").replace("league-foc", "secret"),
    )
    page = player_client.get(reverse("rules-variant-list")).content.decode()
    assert "League force organisation" in page
    assert "Open league" in page
    assert "Secret league" not in page
    mine = player_client.get(reverse("rules-variant-list"), {"scope": "mine"}).content.decode()
    assert "Open league" not in mine
    other = player_client.get(reverse("rules-variant-list"), {"system": "skirmish"})
    assert "League force organisation" not in other.content.decode()


def test_a_variants_page_reads_its_rules_for_people(player_client, league):
    page = player_client.get(reverse("rules-variant-detail", args=[league.pk])).content.decode()
    assert "1000 pts" in page
    assert "<td>HQ</td><td>1</td>" in page
    assert "<td>Troops</td><td>3–6</td>" in page
    assert "<td>Elites</td><td>any number</td>" in page
    assert "category HQ · min 1 · max 1" in page
    assert "<code>default_points_limit</code>" in page


def test_revisions_restore_and_diff(player_client, player, league):
    rules_variant_update(
        variant=league, actor=player, text=LEAGUE.replace("min: 3", "min: 2"), fmt="yaml"
    )
    page = player_client.get(reverse("rules-variant-detail", args=[league.pk])).content.decode()
    assert "Restore revision 1" in page
    diff = player_client.get(reverse("rules-variant-diff", args=[league.pk]), {"from": 1})
    assert "Constraints changed: foc.troops" in diff.content.decode()
    restored = player_client.post(reverse("rules-variant-restore", args=[league.pk, 1]))
    assert restored.status_code == 302
    league.refresh_from_db()
    assert league.revision == 3
    assert league.document["constraints"][2]["min"] == 3


def test_download_as_yaml_and_json(player_client, league):
    as_yaml = player_client.get(reverse("rules-variant-download", args=[league.pk, "yaml"]))
    assert as_yaml.content.decode() == LEAGUE
    assert 'filename="league-foc-r1.yaml"' in as_yaml["Content-Disposition"]
    as_json = player_client.get(reverse("rules-variant-download", args=[league.pk, "json"]))
    assert as_json.json()["variant"] == "league-foc"


def test_another_users_private_variant_answers_404_and_a_public_one_forks(
    client, player, rival, league
):
    client.force_login(rival)
    assert client.get(reverse("rules-variant-detail", args=[league.pk])).status_code == 404
    league.visibility = "public"
    league.save()
    page = client.get(reverse("rules-variant-detail", args=[league.pk])).content.decode()
    assert "Fork this rules variant" in page
    forked = client.post(reverse("rules-variant-fork", args=[league.pk]))
    copy = RulesVariant.objects.get(owner=rival)
    assert forked.url == reverse("rules-variant-edit", args=[copy.pk])
    assert copy.forked_from == league
    assert client.post(reverse("rules-variant-restore", args=[league.pk, 1])).status_code == 403


def test_upload_with_live_check_naming_line_and_path(player_client, catalogues):
    form = player_client.get(reverse("rules-variant-new")).content.decode()
    assert "variant: my-league" in form
    bad = LEAGUE.replace("kind: category_count, severity: error, category: HQ", "kind: nope")
    checked = player_client.post(reverse("rules-variant-check"), {"text": bad, "format": "yaml"})
    assert "constraints[1]" in checked.content.decode()
    assert "line 7" in checked.content.decode()
    refused = player_client.post(
        reverse("rules-variant-new"), {"text": bad, "format": "yaml", "visibility": "private"}
    )
    assert refused.status_code == 400
    saved = player_client.post(
        reverse("rules-variant-new"), {"text": LEAGUE, "format": "yaml", "visibility": "public"}
    )
    variant = RulesVariant.objects.get()
    assert saved.url == reverse("rules-variant-detail", args=[variant.pk])
    assert variant.visibility == "public"


def test_the_editor_saves_a_revision_or_shows_the_refusal(player_client, league):
    url = reverse("rules-variant-edit", args=[league.pk])
    assert "variant: league-foc" in player_client.get(url).content.decode()
    refused = player_client.post(url, {"text": "system: grimdark\nvariant: league-foc\n"})
    assert refused.status_code == 400
    assert "name" in refused.content.decode()
    changed = yaml.safe_load(LEAGUE) | {"default_points_limit": 1250}
    saved = player_client.post(
        url, {"text": yaml.safe_dump(changed), "format": "yaml", "summary": "bigger games"}
    )
    assert saved.status_code == 302
    league.refresh_from_db()
    assert (league.revision, league.data["default_points_limit"]) == (2, 1250)


def test_the_roster_forms_choose_a_variant_of_their_system(player_client, player, league):
    form = player_client.get(reverse("roster-factions"), {"system": "grimdark"}).content.decode()
    assert "League force organisation" in form
    other = player_client.get(reverse("roster-factions"), {"system": "skirmish"}).content.decode()
    assert "League force organisation" not in other
    created = player_client.post(
        reverse("roster-create"),
        {
            "system": "grimdark",
            "faction": "iron-wardens",
            "points_limit": 1000,
            "name": "League army",
            "rules_variant": str(league.pk),
        },
    )
    roster = Roster.objects.get(name="League army")
    assert created.url == reverse("roster-edit", args=[roster.pk])
    assert roster.rules_variant == league
    editor = player_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert f'<option value="{league.pk}" selected>' in editor
    player_client.post(
        reverse("roster-details", args=[roster.pk]),
        {"name": "League army", "points_limit": 1000, "rules_variant": ""},
    )
    roster.refresh_from_db()
    assert roster.rules_variant is None
    page = player_client.get(reverse("rules-variant-detail", args=[league.pk])).content.decode()
    assert "0 rosters and 0 campaigns" in page


def test_another_users_private_variant_cannot_be_chosen(client, rival, player, league):
    client.force_login(rival)
    roster = grimdark_roster(rival, "Rival army")
    client.post(
        reverse("roster-details", args=[roster.pk]),
        {"name": "Rival army", "points_limit": 1500, "rules_variant": str(league.pk)},
    )
    roster.refresh_from_db()
    assert roster.rules_variant is None


def test_the_campaign_forms_choose_a_variant(player_client, player, league):
    form = player_client.get(reverse("campaign-list")).content.decode()
    assert "Grimdark (40k 4th edition): League force organisation" in form
    created = player_client.post(
        reverse("campaign-new"),
        {
            "name": "League",
            "system": "grimdark",
            "format": "league",
            "points_limit": 1000,
            "points_step": 0,
            "win_points": 3,
            "draw_points": 1,
            "loss_points": 0,
            "injury_table": "published",
            "auto_resolve": "engine",
            "grace_hours": 0,
            "rules_variant": str(league.pk),
        },
    )
    assert created.status_code == 302, created.content.decode()[:2000]
    campaign = Campaign.objects.get(name="League")
    assert campaign.rules_variant == league
    page = player_client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()
    assert "Rosters are validated against" in page
    used = player_client.get(reverse("rules-variant-detail", args=[league.pk])).content.decode()
    assert "0 rosters and 1 campaign are validated" in used
    player_client.post(reverse("campaign-rules", args=[campaign.pk]), {"rules_variant": ""})
    campaign.refresh_from_db()
    assert campaign.rules_variant is None
    usage = player_client.get(reverse("rules-variant-detail", args=[league.pk])).content.decode()
    assert "0 rosters and 0 campaigns" in usage
