from django.apps import AppConfig


class ArmybuilderConfig(AppConfig):
    """Catalogues and rosters: army rules as data, one validator."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "armybuilder"
