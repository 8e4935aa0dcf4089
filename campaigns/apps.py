from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    """Campaigns and leagues: games, results, experience, standings."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "campaigns"
