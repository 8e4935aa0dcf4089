"""Registration and token serializers (passwords go through Django's validators; a
username may not differ from a taken one only by case)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

# Hashing cost grows with length; nobody types a longer password.
PASSWORD_MAX_LENGTH = 128


class RegisterSerializer(serializers.ModelSerializer):
    """``{username, password, email?}``: a new account."""

    password = serializers.CharField(
        write_only=True, max_length=PASSWORD_MAX_LENGTH, style={"input_type": "password"}
    )
    email = serializers.EmailField(required=False, allow_blank=True, default="")

    class Meta:
        model = get_user_model()
        fields = ("id", "username", "email", "password")
        read_only_fields = ("id",)

    def validate_username(self, value: str) -> str:
        """ "Demo" is taken when "demo" is (the database holds the same rule)."""
        if get_user_model().objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError("A user with that username already exists.")
        return value

    def validate(self, attrs: dict) -> dict:
        """Run Django's password validators against the would-be user."""
        user = get_user_model()(username=attrs.get("username", ""), email=attrs.get("email", ""))
        try:
            validate_password(attrs["password"], user)
        except DjangoValidationError as exc:
            raise serializers.ValidationError({"password": list(exc.messages)}) from exc
        return attrs


class RegisteredUserSerializer(serializers.Serializer):
    """The account just created, with a token for scripts."""

    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.CharField()
    token = serializers.CharField()


class TokenRequestSerializer(serializers.Serializer):
    """``{username, password}``."""

    username = serializers.CharField(max_length=150)
    password = serializers.CharField(
        max_length=PASSWORD_MAX_LENGTH, style={"input_type": "password"}, trim_whitespace=False
    )


class TokenSerializer(serializers.Serializer):
    """``{"token": "<key>"}``; send it as ``Authorization: Token <key>``."""

    token = serializers.CharField()


class ApiTokenSerializer(serializers.Serializer):
    """One of the account's tokens, named by the start of its key (the key is not shown)."""

    id = serializers.CharField(help_text="The first 8 characters of the key.")
    created = serializers.DateTimeField()
    current = serializers.BooleanField(help_text="This request was made with it.")
