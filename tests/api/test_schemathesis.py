"""Property-based check of every documented operation against the live OpenAPI schema:
generated valid and invalid requests (authenticated) never cause a server error, and every
answer matches the schema (status code, content type, body; errors in the error format).

Bounded: ``MUSTER_SCHEMATHESIS_EXAMPLES`` examples per operation and mode (default 15), no
shrinking, deterministic seed; the whole module stays well under 90 s.
"""

import os

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.api.conftest import make_user

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("MUSTER_SCHEMATHESIS_EXAMPLES", "15"))

schema = schemathesis.openapi.from_wsgi(
    "/api/schema/?format=json", get_wsgi_application(), headers={"Accept": "application/json"}
)
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
    max_examples=EXAMPLES,
    deterministic=True,
    no_shrink=True,
    allow_x00=True,
)


@pytest.fixture
def token(catalogues) -> str:
    user = make_user("fuzzer")
    return Token.objects.create(user=user).key


@pytest.fixture(autouse=True)
def _keep_test_connection_open():
    """The in-process WSGI app must not close the test transaction's connection (Django's
    test client disconnects the same handlers)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_api_never_errors_and_matches_its_schema(case, token):
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=[
            schemathesis.checks.not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
    )
