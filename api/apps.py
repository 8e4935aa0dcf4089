from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The versioned REST API (DRF, OpenAPI)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "api"
