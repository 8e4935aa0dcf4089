"""``POST /auth/register/``, ``POST /auth/token/``, ``GET /auth/tokens/`` and
``DELETE /auth/tokens/{id}/``."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.db import IntegrityError, transaction
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import Throttled
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.login_throttle import login_blocked, login_failed
from accounts.tokens import token_id, user_token_revoke, user_tokens_list
from api.exceptions import ApiError, ApiNotFound
from api.serializers.auth import (
    ApiTokenSerializer,
    RegisteredUserSerializer,
    RegisterSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)


class RegisterView(APIView):
    """Create an account; answers 201 with the user and an API token."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request=RegisterSerializer, responses={201: RegisteredUserSerializer}, tags=["auth"]
    )
    def post(self, request: Request) -> Response:
        serializer = RegisterSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            with transaction.atomic():
                user = get_user_model().objects.create_user(
                    username=data["username"],
                    email=data.get("email", ""),
                    password=data["password"],
                )
                token = Token.objects.create(user=user)
        except IntegrityError as exc:  # a concurrent registration took the name first
            raise ApiError(
                "invalid",
                "A user with that username already exists.",
                fields={"username": ["A user with that username already exists."]},
            ) from exc
        body = {"id": user.pk, "username": user.username, "email": user.email, "token": token.key}
        return Response(RegisteredUserSerializer(body).data, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    """Exchange a username and password for the account's API token. Failed attempts count
    with the login page's (accounts/login_throttle.py, per client address): past
    ``LOGIN_FAILURE_LIMIT`` within the window the endpoint answers 429 without checking
    the password, so a password cannot be guessed at the general anonymous rate."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(request=TokenRequestSerializer, responses={200: TokenSerializer}, tags=["auth"])
    def post(self, request: Request) -> Response:
        if login_blocked(request):
            raise Throttled(wait=settings.LOGIN_FAILURE_WINDOW)
        serializer = TokenRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(
            request,
            username=serializer.validated_data["username"],
            password=serializer.validated_data["password"],
        )
        if user is None or not user.is_active:
            login_failed(request)
            raise ApiError("invalid_credentials", "Unable to log in with these credentials.")
        token, _ = Token.objects.get_or_create(user=user)
        return Response(TokenSerializer({"token": token.key}).data)


class TokenListView(APIView):
    """The signed-in account's API tokens (at most one: ``POST /auth/token/`` issues it)."""

    @extend_schema(responses={200: ApiTokenSerializer(many=True)}, tags=["auth"])
    def get(self, request: Request) -> Response:
        current = request.auth.key if isinstance(request.auth, Token) else None
        rows = [
            {"id": token_id(token), "created": token.created, "current": token.key == current}
            for token in user_tokens_list(user=request.user)
        ]
        return Response(ApiTokenSerializer(rows, many=True).data)


class TokenDetailView(APIView):
    """Revoke one of the signed-in account's tokens: every script using it is signed out."""

    @extend_schema(responses={204: None}, tags=["auth"])
    def delete(self, request: Request, token_id: str) -> Response:
        if not user_token_revoke(user=request.user, token_id_prefix=token_id):
            raise ApiNotFound("not_found", "No such token.")
        return Response(status=status.HTTP_204_NO_CONTENT)
