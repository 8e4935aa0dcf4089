"""Muster's user: Django's standard user, owned by the project so it can grow later."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower


class User(AbstractUser):
    """A player or organiser. Usernames are unique whatever their case ("Demo" is "demo")."""

    class Meta:
        ordering = ("username",)
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="accounts_user_username_ci_unique",
                violation_error_message="A user with that username already exists.",
            )
        ]

    def __str__(self) -> str:
        return self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Saving a new password of an existing account revokes its API tokens, so a script
        holding the old one (a leaked key) stops working with the password it was tied to."""
        password_changed = self._password is not None and not self._state.adding
        super().save(*args, **kwargs)
        if password_changed:
            from accounts.tokens import user_tokens_revoke

            user_tokens_revoke(user=self)
