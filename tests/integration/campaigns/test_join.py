"""Joining a campaign: only a roster the army builder finds legal within the campaign's
points limit may join (organisers must trust the lists)."""

import pytest

from campaigns.errors import CampaignError
from campaigns.models import Participant
from campaigns.services.campaigns import campaign_create
from campaigns.services.membership import campaign_join
from tests.integration.campaigns.factories import make_user, sample_roster

pytestmark = pytest.mark.django_db


def skirmish_campaign(points_limit: int):
    organiser = make_user("organiser")
    return campaign_create(
        user=organiser, system="skirmish", name="Cellar league", points_limit=points_limit
    )


def test_a_legal_warband_within_the_limit_joins():
    campaign = skirmish_campaign(500)
    player = make_user("ada")
    roster = sample_roster(player, "skirmish", "night-watch")
    participant = campaign_join(user=player, join_code=campaign.join_code, roster=roster)
    assert participant.roster_versions.get().cost <= 500


def test_a_warband_over_the_campaign_limit_is_refused_naming_the_roster():
    # the sample warband costs 480 gc; the campaign starts warbands at 300
    campaign = skirmish_campaign(300)
    player = make_user("ada")
    roster = sample_roster(player, "skirmish", "night-watch")
    with pytest.raises(CampaignError) as error:
        campaign_join(user=player, join_code=campaign.join_code, roster=roster)
    assert error.value.code == "roster.illegal"
    assert error.value.field == "roster"
    assert "300" in error.value.message
    assert not Participant.objects.exists()


def test_an_illegal_warband_is_refused():
    campaign = skirmish_campaign(500)
    player = make_user("ada")
    roster = sample_roster(player, "skirmish", "night-watch")
    leaders = [
        u for u in roster.payload["units"] if u["unit"] == roster.payload["units"][0]["unit"]
    ]
    roster.payload["units"] = [u for u in roster.payload["units"] if u not in leaders]
    roster.save()
    with pytest.raises(CampaignError) as error:
        campaign_join(user=player, join_code=campaign.join_code, roster=roster)
    assert error.value.code == "roster.illegal"


def test_a_new_campaign_page_and_standings_work_before_anyone_joins(client):
    campaign = skirmish_campaign(500)
    client.force_login(campaign.organisers.first())
    page = client.get(f"/campaigns/{campaign.pk}/")
    assert page.status_code == 200
    assert campaign.join_code in page.content.decode()
    standings = client.get(f"/api/v1/campaigns/{campaign.pk}/standings/")
    assert standings.status_code == 200


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"points_limit": 6_233_684_915}, "points_limit"), ({"points_step": -1}, "points_step")],
)
def test_absurd_points_are_refused_naming_the_field(changes, field):
    from campaigns.services.campaigns import campaign_update

    campaign = skirmish_campaign(500)
    with pytest.raises(CampaignError) as error:
        campaign_update(campaign=campaign, user=campaign.organisers.first(), **changes)
    assert error.value.field == field
    campaign.refresh_from_db()
    assert campaign.points_limit == 500
