"""Account hardening of issue 22 item 8: usernames unique whatever their case, a password
change revokes API tokens, and an account lists and revokes its own tokens."""

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_api_refuses_a_username_differing_only_by_case(api_client):
    make_user("Marshal")
    response = api_client.post(
        "/api/v1/auth/register/", {"username": "marshal", "password": PASSWORD}
    )
    assert response.status_code == 400
    assert response.json()["error"]["fields"] == {
        "username": ["A user with that username already exists."]
    }


def test_sign_up_page_refuses_a_username_differing_only_by_case(client):
    make_user("Marshal")
    response = client.post(
        "/accounts/signup/",
        {"username": "MARSHAL", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert get_user_model().objects.filter(username__iexact="marshal").count() == 1


def test_database_refuses_a_username_differing_only_by_case():
    make_user("Marshal")
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create_user(username="marshal", password=PASSWORD)


def test_password_change_revokes_the_api_token(owner, owner_client):
    assert owner_client.get("/api/v1/auth/tokens/").status_code == 200
    owner.set_password("another-horse-battery-7")
    owner.save()
    assert not Token.objects.filter(user=owner).exists()
    assert owner_client.get("/api/v1/rosters/").status_code == 401


def test_password_change_page_revokes_the_api_token(owner, client):
    token = Token.objects.create(user=owner)
    client.force_login(owner)
    new = "another-horse-battery-7"
    response = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    assert not Token.objects.filter(key=token.key).exists()


def test_saving_a_user_without_a_new_password_keeps_the_token(owner, owner_client):
    owner.first_name = "Hale"
    owner.save()
    assert owner_client.get("/api/v1/rosters/").status_code == 200


def test_token_list_names_tokens_without_their_keys(owner, owner_client):
    key = Token.objects.get(user=owner).key
    response = owner_client.get("/api/v1/auth/tokens/")
    assert response.status_code == 200
    [row] = response.json()
    assert row["id"] == key[:8]
    assert row["current"] is True
    assert key not in response.content.decode()


def test_revoking_a_token_signs_its_scripts_out(owner, owner_client):
    key = Token.objects.get(user=owner).key
    assert owner_client.delete(f"/api/v1/auth/tokens/{key[:8]}/").status_code == 204
    assert owner_client.get("/api/v1/rosters/").status_code == 401
    fresh = APIClient().post(
        "/api/v1/auth/token/", {"username": owner.username, "password": PASSWORD}
    )
    assert fresh.status_code == 200
    assert fresh.json()["token"] != key


def test_another_users_token_cannot_be_revoked(owner, stranger_client):
    key = Token.objects.get_or_create(user=owner)[0].key
    response = stranger_client.delete(f"/api/v1/auth/tokens/{key[:8]}/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert Token.objects.filter(key=key).exists()


def test_token_endpoints_need_authentication(api_client):
    assert api_client.get("/api/v1/auth/tokens/").status_code == 401
