"""One error format for every 4xx, body size limit, unknown URLs, schema and offline docs."""

import json

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


def assert_error_format(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert set(error) == {"code", "message", "fields"}
    assert isinstance(error["message"], str)
    assert error["message"]
    assert isinstance(error["fields"], dict)
    if code is not None:
        assert error["code"] == code
    return error


def test_malformed_json_answers_400_parse_error(api_client):
    response = api_client.post(
        "/api/v1/auth/token/", data="{not json", content_type="application/json"
    )
    assert_error_format(response, 400, "parse_error")


def test_deeply_nested_json_answers_400_not_500(api_client):
    body = "[" * 100_000 + "]" * 100_000
    response = api_client.post("/api/v1/calc/attacks/", data=body, content_type="application/json")
    assert_error_format(response, 400, "parse_error")


def test_nan_is_not_json(api_client):
    response = api_client.post(
        "/api/v1/calc/attacks/", data='{"attacks": NaN}', content_type="application/json"
    )
    assert_error_format(response, 400, "parse_error")


def test_non_object_body_answers_400(api_client):
    response = api_client.post("/api/v1/calc/attacks/", data=[1, 2], format="json")
    assert_error_format(response, 400, "invalid")


def test_form_body_answers_415(api_client):
    response = api_client.post("/api/v1/auth/token/", data={"username": "x"}, format="multipart")
    assert_error_format(response, 415, "unsupported_media_type")


def test_five_megabyte_body_answers_413_in_error_format(api_client):
    body = json.dumps({"username": "x" * (5 * 1024 * 1024), "password": "y"})
    response = api_client.post("/api/v1/auth/token/", data=body, content_type="application/json")
    error = assert_error_format(response, 413, "request_too_large")
    assert "1048576" in error["message"]


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=100)
def test_body_limit_follows_the_setting(api_client):
    response = api_client.post(
        "/api/v1/auth/token/", {"username": "u" * 200, "password": "p"}, format="json"
    )
    assert_error_format(response, 413, "request_too_large")


def test_unknown_api_url_answers_404_in_error_format(api_client):
    assert_error_format(api_client.get("/api/v1/no-such-thing/"), 404, "not_found")


def test_wrong_method_answers_405_in_error_format(api_client):
    assert_error_format(api_client.get("/api/v1/auth/token/"), 405, "method_not_allowed")


def test_anonymous_write_to_protected_endpoint_answers_401(api_client):
    assert_error_format(api_client.get("/api/v1/rosters/"), 401, "not_authenticated")


def test_schema_is_openapi_3_and_documents_the_error_format(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    assert "/api/v1/calc/attacks/" in schema["paths"]
    responses = schema["paths"]["/api/v1/calc/attacks/"]["post"]["responses"]
    assert responses["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    assert "Error" in schema["components"]["schemas"]


def test_docs_page_uses_local_static_files_only(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "cdn.jsdelivr" not in html
    assert "unpkg.com" not in html
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html


def test_docs_static_files_are_served_locally(client):
    response = client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    assert response.status_code == 200
    assert b"SwaggerUI" in b"".join(response.streaming_content)


def test_redoc_page_uses_local_static_files_only(client):
    response = client.get("/api/redoc/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "cdn.jsdelivr" not in html
    assert "/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js" in html


def test_throttling_answers_429_in_error_format(api_client, monkeypatch):
    from rest_framework.throttling import AnonRateThrottle

    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "2/minute"})
    for _ in range(2):
        api_client.post("/api/v1/calc/attacks/", {}, format="json")
    error = assert_error_format(
        api_client.post("/api/v1/calc/attacks/", {}, format="json"), 429, "throttled"
    )
    assert "throttled" in error["message"].lower()
