"""Campaigns and leagues: games, results, experience, standings."""
