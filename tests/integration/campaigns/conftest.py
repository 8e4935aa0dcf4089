"""Shared fixtures of the campaign tests: the two Mordheim sample warbands in a campaign, and
the coinflip test system."""

import pytest

from tests.integration.campaigns.test_mordheim_post_battle import warbands  # noqa: F401


@pytest.fixture(autouse=True)
def _coinflip(coinflip_system):
    """Every campaign test may play the coinflip test system."""
