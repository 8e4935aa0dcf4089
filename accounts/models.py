"""Muster's user: Django's standard user, owned by the project so it can grow later."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player or organiser."""

    class Meta:
        ordering = ("username",)

    def __str__(self) -> str:
        return self.username
