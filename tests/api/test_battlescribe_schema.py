"""The OpenAPI schema documents the BattleScribe endpoints: their multipart uploads, the
report, import and roster answers, and the 400 of a refused file (docs/api.md
"BattleScribe")."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_schema_documents_the_battlescribe_endpoints(api_client):
    schema = api_client.get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    answers = {
        "/api/v1/battlescribe/preview/": ("200", "BattleScribeReport"),
        "/api/v1/battlescribe/imports/": ("201", "BattleScribeImport"),
        "/api/v1/battlescribe/rosters/": ("201", "BattleScribeRoster"),
    }
    for path, (status, component) in answers.items():
        post = paths[path]["post"]
        assert "multipart/form-data" in post["requestBody"]["content"]
        body = post["responses"][status]["content"]["application/json"]["schema"]
        assert body["$ref"].endswith(f"/{component}")
        assert "battlescribe.<problem>" in post["responses"]["400"]["description"]
    export = paths["/api/v1/battlescribe/rosters/{id}/"]["get"]["responses"]["200"]["content"]
    assert set(export) == {"application/xml", "application/zip"}
    components = schema["components"]["schemas"]
    assert set(components["BattleScribeUnmapped"]["properties"]) == {
        "file",
        "id",
        "path",
        "element",
        "reason",
    }
    assert "forces" in components["BattleScribeRoster"]["properties"]
