"""Issue 22 §8: a chunked request body is refused with 411, never read as an empty body."""

import pytest

pytestmark = pytest.mark.django_db


def test_a_chunked_api_request_answers_411_in_the_api_error_format(owner_client):
    answer = owner_client.post(
        "/api/v1/rosters/", b"{}", content_type="application/json", HTTP_TRANSFER_ENCODING="chunked"
    )
    assert answer.status_code == 411
    assert answer.json()["error"]["code"] == "length_required"


def test_a_chunked_page_request_answers_411(client):
    answer = client.post(
        "/login/", b"x=1", content_type="text/plain", HTTP_TRANSFER_ENCODING="chunked"
    )
    assert answer.status_code == 411
