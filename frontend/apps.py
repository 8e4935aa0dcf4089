from django.apps import AppConfig


class FrontendConfig(AppConfig):
    """Server-rendered pages with htmx."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "frontend"
