"""The pages' Content-Security-Policy (issue 22 item 9): every inline handler the templates
use is allowed by hash, no template has an inline ``<script>`` the policy would block, and
the pages load with the header set."""

import re
from pathlib import Path

import pytest

from config.security import CONTENT_SECURITY_POLICY, INLINE_HANDLERS, source_hash

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "frontend" / "templates").rglob("*.html"))
HANDLER = re.compile(r"\son[a-z]+=\"([^\"]*)\"")
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)


def test_every_inline_handler_in_the_templates_is_allowed():
    found = {match for path in TEMPLATES for match in HANDLER.findall(path.read_text())}
    assert found, "the templates use a few inline handlers"
    assert found <= set(INLINE_HANDLERS), found - set(INLINE_HANDLERS)
    for handler in INLINE_HANDLERS:
        assert source_hash(handler) in CONTENT_SECURITY_POLICY


def test_no_template_has_an_inline_script_block():
    offenders = [path.name for path in TEMPLATES if INLINE_SCRIPT.search(path.read_text())]
    assert offenders == []


def test_policy_allows_only_this_origin_for_scripts_and_blocks_framing():
    directives = dict(part.strip().split(" ", 1) for part in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["script-src"].startswith("'self' 'unsafe-hashes'")
    assert "'unsafe-inline'" not in directives["script-src"]
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/"])
def test_pages_load_with_the_policy(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_signed_in_pages_load_with_the_policy(client, django_user_model):
    user = django_user_model.objects.create_user(username="csp", password="x-horse-9-battery")
    client.force_login(user)
    response = client.get("/rosters/")
    assert response.status_code == 200
    assert "Content-Security-Policy" in response


def test_api_answers_carry_no_page_policy(client):
    assert "Content-Security-Policy" not in client.get("/api/v1/systems/")
