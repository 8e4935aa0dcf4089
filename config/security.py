"""The Content-Security-Policy of Muster's pages.

Scripts come only from this origin (vendored htmx and ``muster.js``); the few inline event
handlers the templates use are allowed by their hash (``'unsafe-hashes'``), so an injected
``<script>`` or a new handler does not run. Styles may be inline (``style=`` attributes for
points bars and the clock page's ``<style>``; htmx adds its indicator style). No fonts,
frames or plugins from elsewhere: the pages work offline. ``/api/`` answers carry no
policy (JSON, and the API docs pages bring their own inline bootstrap scripts).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

# Every inline event handler in the templates, verbatim (tests/unit/test_csp.py checks the
# templates against this list, so adding a handler means adding it here).
INLINE_HANDLERS = (
    "window.print()",
    "this.select()",
    "return confirm('Delete this roster and its history?');",
)
EXEMPT_PREFIXES = ("/api/",)


def source_hash(source: str) -> str:
    """The CSP hash source (``'sha256-…'``) of an inline script or handler."""
    digest = hashlib.sha256(source.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def content_security_policy() -> str:
    """The policy header value for HTML pages."""
    handler_hashes = " ".join(source_hash(handler) for handler in INLINE_HANDLERS)
    directives = (
        "default-src 'self'",
        f"script-src 'self' 'unsafe-hashes' {handler_hashes}",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
    return "; ".join(directives)


CONTENT_SECURITY_POLICY = content_security_policy()


class ContentSecurityPolicyMiddleware:
    """Adds ``Content-Security-Policy`` to every page outside ``/api/``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(EXEMPT_PREFIXES):
            response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
