"""``/api/v1/auth/register/`` and ``/api/v1/auth/token/``; token and session authentication."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.api.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_register_creates_user_and_answers_201_with_token(api_client):
    response = api_client.post(
        "/api/v1/auth/register/",
        {"username": "marshal", "password": PASSWORD, "email": "m@example.org"},
    )
    assert response.status_code == 201
    body = response.json()
    assert body["username"] == "marshal"
    assert "password" not in body
    user = get_user_model().objects.get(username="marshal")
    assert user.check_password(PASSWORD)
    assert body["token"] == Token.objects.get(user=user).key


def test_register_without_email_is_accepted(api_client):
    response = api_client.post("/api/v1/auth/register/", {"username": "a", "password": PASSWORD})
    assert response.status_code == 201
    assert response.json()["email"] == ""


def test_register_runs_django_password_validators(api_client):
    response = api_client.post(
        "/api/v1/auth/register/", {"username": "weak", "password": "password"}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert "password" in error["fields"]
    assert any("too common" in message for message in error["fields"]["password"])
    assert not get_user_model().objects.filter(username="weak").exists()


def test_register_refuses_taken_username(api_client, owner):
    response = api_client.post(
        "/api/v1/auth/register/", {"username": "owner", "password": PASSWORD}
    )
    assert response.status_code == 400
    assert "username" in response.json()["error"]["fields"]


def test_register_requires_username_and_password(api_client):
    response = api_client.post("/api/v1/auth/register/", {})
    assert response.status_code == 400
    assert set(response.json()["error"]["fields"]) == {"username", "password"}


def test_token_endpoint_returns_the_users_token(api_client, owner):
    response = api_client.post("/api/v1/auth/token/", {"username": "owner", "password": PASSWORD})
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=owner).key}


def test_token_endpoint_refuses_wrong_password(api_client, owner):
    response = api_client.post("/api/v1/auth/token/", {"username": "owner", "password": "nope"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_credentials"


def test_invalid_token_answers_401_in_error_format(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-key")
    response = api_client.get("/api/v1/rosters/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"
