"""Unknown ``/api/v1/`` paths answer the JSON ``not_found`` error, also with ``DEBUG`` on
(``./run``'s default), where Django would otherwise answer its HTML debug page."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[True, False], ids=["debug", "production"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/no-such-thing/"),
        ("get", "/api/v1/no-such-thing"),
        ("post", "/api/v1/rosters/1/no-such-action/"),
        ("delete", "/api/v1/battles/not-a-number/"),
        ("get", "/api/v1/rosters/abc/"),
    ],
)
def test_unknown_api_path_answers_json_404(owner_client, debug, method, path):
    response = getattr(owner_client, method)(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "error": {"code": "not_found", "message": "Not found.", "fields": {}}
    }


def test_known_endpoint_without_slash_redirects_a_get(owner_client, debug):
    response = owner_client.get("/api/v1/rosters?page=2")
    assert response.status_code == 301
    assert response["Location"] == "/api/v1/rosters/?page=2"


def test_known_endpoint_without_slash_names_it_for_a_post(owner_client, debug):
    response = owner_client.post("/api/v1/rosters", {}, format="json")
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found"
    assert "/api/v1/rosters/" in error["message"]


def test_pages_outside_the_api_keep_djangos_404(client, debug):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")
