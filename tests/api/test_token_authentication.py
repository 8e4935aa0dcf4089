"""``Authorization: Token`` read in one plain query (api/authentication.py) gives what DRF's
ORM lookup gave: the same user and token objects, the same refusals."""

from __future__ import annotations

import pytest
from django.forms.models import model_to_dict
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from api.authentication import TokenAuthentication, token_with_user

pytestmark = pytest.mark.django_db


def test_the_token_and_its_user_come_in_one_query(owner, django_assert_num_queries):
    key = Token.objects.create(user=owner).key
    with django_assert_num_queries(1):
        user, token = TokenAuthentication().authenticate_credentials(key)
        assert token.user is user
        assert user.username == "owner"
    stored = Token.objects.select_related("user").get(key=key)
    assert (token.pk, token.user_id, token.created) == (stored.pk, stored.user_id, stored.created)
    assert model_to_dict(user) == model_to_dict(stored.user)
    assert user.last_login == stored.user.last_login
    assert not user._state.adding
    assert user._state.db == "default"


def test_an_unknown_key_is_an_invalid_token():
    assert token_with_user("not-a-real-token") is None
    with pytest.raises(AuthenticationFailed, match=r"^Invalid token\.$"):
        TokenAuthentication().authenticate_credentials("not-a-real-token")


def test_an_inactive_user_is_refused(owner, api_client):
    key = Token.objects.create(user=owner).key
    owner.is_active = False
    owner.save()
    with pytest.raises(AuthenticationFailed, match=r"^User inactive or deleted\.$"):
        TokenAuthentication().authenticate_credentials(key)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = api_client.get("/api/v1/rosters/")
    assert response.status_code == 401
    assert response.json()["error"]["message"] == "User inactive or deleted."


def test_a_deleted_token_no_longer_signs_in(owner, api_client):
    token = Token.objects.create(user=owner)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api_client.get("/api/v1/rosters/").status_code == 200
    token.delete()
    assert api_client.get("/api/v1/rosters/").status_code == 401
