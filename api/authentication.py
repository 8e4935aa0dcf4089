"""Token authentication in one plain query: DRF's ``TokenAuthentication`` with the ORM step
written out.

DRF reads a token with ``Token.objects.select_related("user").get(key=key)``: building and
compiling that queryset cost about 1 ms of CPU on every authenticated request, several times
the query itself (profile of ``POST /rosters/validate/``, ``bench/api_validate.py``). The
same join is composed once per process and database from the two models' concrete fields;
its row becomes the two model instances through ``Model.from_db`` and each field's database
converters, as the ORM would build them, so ``request.user`` and ``request.auth`` are the
objects DRF gives (the token with its user already attached). The answers are DRF's: an
unknown key is "Invalid token.", an inactive user "User inactive or deleted." (both 401).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connections, router
from django.db.models import Field, Model
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

Converter = Callable[[Any, Any, Any], Any]

# Only quoted table and column names are formatted in; the key is a parameter.
USER_JOIN_SQL = (
    "SELECT {columns} FROM {tokens} INNER JOIN {users}"
    " ON {users}.{user_id} = {tokens}.{token_user} WHERE {tokens}.{key} = %s"
)


@dataclass(frozen=True, slots=True)
class ModelColumns:
    """One model's share of the joined row: where it starts, its field names, and the
    converters of the columns that have any (by position within the model)."""

    model: type[Model]
    start: int
    names: tuple[str, ...]
    converters: tuple[tuple[int, tuple[Converter, ...], Any], ...]

    def instance(self, alias: str, row: tuple[Any, ...], connection: Any) -> Model:
        values = list(row[self.start : self.start + len(self.names)])
        for index, functions, column in self.converters:
            for function in functions:
                values[index] = function(values[index], column, connection)
        return self.model.from_db(alias, self.names, values)


@dataclass(frozen=True, slots=True)
class TokenQuery:
    """The token-and-user join for one database."""

    sql: str
    token: ModelColumns
    user: ModelColumns


def model_columns(model: type[Model], table: str, start: int, connection: Any) -> ModelColumns:
    fields: list[Field] = list(model._meta.concrete_fields)
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(table)
        functions = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if functions:
            converters.append((index, tuple(functions), column))
    return ModelColumns(model, start, tuple(f.attname for f in fields), tuple(converters))


@cache
def token_query(alias: str) -> TokenQuery:
    """Every token column and every user column of the token ``key = %s``."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    user_field = Token._meta.get_field("user")
    user_model = user_field.related_model
    token_table = quote(Token._meta.db_table)
    user_table = quote(user_model._meta.db_table)
    token = model_columns(Token, Token._meta.db_table, 0, connection)
    user = model_columns(user_model, user_model._meta.db_table, len(token.names), connection)
    columns = [
        f"{table}.{quote(field.column)}"
        for table, model in ((token_table, Token), (user_table, user_model))
        for field in model._meta.concrete_fields
    ]
    sql = USER_JOIN_SQL.format(
        columns=", ".join(columns),
        tokens=token_table,
        users=user_table,
        user_id=quote(user_field.target_field.column),
        token_user=quote(user_field.column),
        key=quote(Token._meta.get_field("key").column),
    )
    return TokenQuery(sql, token, user)


def token_with_user(key: str) -> Token | None:
    """The token ``key`` with its user attached (one query), None when there is none."""
    alias = router.db_for_read(Token)
    query = token_query(alias)
    connection = connections[alias]
    with connection.cursor() as cursor:
        cursor.execute(query.sql, [key])
        row = cursor.fetchone()
    if row is None:
        return None
    token = query.token.instance(alias, row, connection)
    Token._meta.get_field("user").set_cached_value(
        token, query.user.instance(alias, row, connection)
    )
    return token


class TokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>``, read with :func:`token_with_user`."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        token = token_with_user(key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return token.user, token
