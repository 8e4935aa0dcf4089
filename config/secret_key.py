"""Which ``SECRET_KEY`` a production instance (``DEBUG=0``) refuses to start with.

The key signs sessions, password-reset links and list verification tokens: the built-in
development key is public (it is in this repository), and a short or repetitive key can be
guessed. The thresholds are Django's own deploy check (``security.W009``): at least 50
characters and at least 5 different ones.
"""

from __future__ import annotations

DEVELOPMENT_SECRET_KEY = "muster-embedded-development-key-not-for-production"  # noqa: S105
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE_CHARACTERS = 5


def weak_secret_key_reason(key: str) -> str | None:
    """Why ``key`` is unfit for production, or ``None`` when it is fit."""
    if key == DEVELOPMENT_SECRET_KEY or key.startswith("django-insecure-"):
        return "it is the published development key"
    if len(key) < SECRET_KEY_MIN_LENGTH:
        return f"it has {len(key)} characters, at least {SECRET_KEY_MIN_LENGTH} are needed"
    if len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS:
        return (
            f"it has {len(set(key))} different characters, "
            f"at least {SECRET_KEY_MIN_UNIQUE_CHARACTERS} are needed"
        )
    return None
