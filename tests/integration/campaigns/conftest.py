"""Shared fixtures of the campaign tests: the two Mordheim sample warbands in a campaign."""

from tests.integration.campaigns.test_mordheim_post_battle import warbands  # noqa: F401
