"""An account's API tokens: list them, revoke one or all.

An account holds at most one token (DRF's ``authtoken``): ``POST /api/v1/auth/token/``
issues it, revoking it signs every script out until they ask for a new one. A token is
named by the first ``TOKEN_ID_LENGTH`` characters of its key, so a listing never shows a
usable secret.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from rest_framework.authtoken.models import Token

TOKEN_ID_LENGTH = 8


def token_id(token: Token) -> str:
    """The public name of a token: the start of its key."""
    return token.key[:TOKEN_ID_LENGTH]


def user_tokens_list(*, user: AbstractBaseUser) -> list[Token]:
    """The account's tokens, newest first."""
    return list(Token.objects.filter(user=user).order_by("-created"))


def user_token_revoke(*, user: AbstractBaseUser, token_id_prefix: str) -> bool:
    """Revoke the account's token named ``token_id_prefix``; ``False`` when it has none."""
    if len(token_id_prefix) != TOKEN_ID_LENGTH:
        return False
    deleted, _ = Token.objects.filter(user=user, key__startswith=token_id_prefix).delete()
    return deleted > 0


def user_tokens_revoke(*, user: AbstractBaseUser) -> None:
    """Revoke every token of the account (its password changed)."""
    Token.objects.filter(user=user).delete()
