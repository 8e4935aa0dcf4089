from django.apps import AppConfig


class RulesConfig(AppConfig):
    """Battles and simulations: persists what the pure rules engine decides."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "rules"
