from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Muster's user model (custom from day one)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
