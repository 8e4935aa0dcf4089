"""Where the CPU of one ``POST /api/v1/rosters/validate/`` goes, in process: Django's WSGI
handler is called directly with the bench's body and token (``bench/api_validate.py``, same
settings as its gunicorn run), and each stage is timed with ``time.process_time`` inside the
live request, so the figures carry the cache misses of a whole request (a stage timed alone
in a tight loop reads 2-3 times faster). Stages nest: a figure includes the ones below it.

    DATABASE_URL=... .venv/bin/python bench/profile_validate.py [--requests 1000]
        [--cprofile N [--dump FILE]]

``--cprofile N`` runs the same requests under cProfile instead and prints the N functions
with the most own time, then the N with the most cumulative time (the stage timers off).
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import secrets
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.api_validate import DEFAULT_DATABASE, prepare, roster_payload

spent: Counter[str] = Counter()


def timed(owner: object, name: str, label: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``spent[label]``."""
    original = getattr(owner, name)
    spent[label] += 0  # printed in the order registered

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start

    setattr(owner, name, wrapper)


def instrument() -> None:
    import django.core.handlers.base as handler_base
    import django.db.backends.utils as db_utils
    from django.template.response import SimpleTemplateResponse
    from rest_framework.views import APIView

    import api.authentication as authentication
    import api.parsers as parsers
    import api.validation_input as validation_input
    import api.views.rosters as rosters
    import core.postgresql.base as postgresql

    timed(APIView, "dispatch", "DRF dispatch")
    timed(rosters.RosterViewSet, "validate", "  view body")
    timed(parsers.JSONParser, "parse", "    JSON parser")
    timed(parsers, "json_input_problem", "      storability check")
    timed(rosters, "roster_input", "    input checks")
    timed(validation_input, "catalogue_lookup", "      catalogue stamps")
    timed(rosters.selectors, "context_validate", "    validator")
    timed(APIView, "initial", "  DRF initial")
    timed(authentication, "token_with_user", "    token query")
    timed(postgresql.DatabaseWrapper, "is_usable", "      health check")
    timed(APIView, "check_throttles", "    throttles")
    timed(APIView, "perform_content_negotiation", "    negotiation")
    timed(db_utils.CursorWrapper, "execute", "SQL execute (all)")
    timed(handler_base.BaseHandler, "resolve_request", "URL resolving")
    timed(SimpleTemplateResponse, "render", "rendering")


def profile_calls(request, requests: int, top: int, dump: str = "") -> None:
    """cProfile (CPU time, not wall time: the database round trips do not count) over
    ``requests`` requests after 100 warm ones: the top functions."""
    import cProfile
    import pstats

    for _ in range(100):
        request()
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for _ in range(requests):
        request()
    profiler.disable()
    stats = pstats.Stats(profiler)
    if dump:
        stats.dump_stats(dump)
    calls = sum(row[1] for row in stats.stats.values())
    print(f"{requests} requests, {calls / requests:,.0f} Python calls each")
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--cprofile", type=int, default=0, metavar="N")
    parser.add_argument("--dump", default="", help="with --cprofile: save the pstats here")
    args = parser.parse_args()
    os.environ.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DATABASE_CONN_MAX_AGE": "600",
            "MUSTER_API_THROTTLE_USER": "1000000/minute",
            "LOG_LEVEL": "WARNING",
        }
    )
    token = prepare(os.environ.get("DATABASE_URL") or DEFAULT_DATABASE)
    body = json.dumps(roster_payload(30)).encode()
    from django.core.wsgi import get_wsgi_application

    application = get_wsgi_application()
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/api/v1/rosters/validate/",
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_AUTHORIZATION": f"Token {token}",
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
    }

    def request() -> None:
        status: list[str] = []
        answer = b"".join(
            application({**environ, "wsgi.input": io.BytesIO(body)}, lambda s, *_: status.append(s))
        )
        if not status[0].startswith("200"):
            raise RuntimeError(f"{status[0]}: {answer[:300]!r}")

    if args.cprofile:
        profile_calls(request, args.requests, args.cprofile, args.dump)
        return
    instrument()
    for _ in range(100):
        request()
    for label in spent:
        spent[label] = 0
    start = time.process_time()
    for _ in range(args.requests):
        request()
    total = time.process_time() - start
    load = os.getloadavg()
    print(f"{args.requests} requests, {total * 1000 / args.requests:.3f} ms CPU each (in process);")
    print(f"  load average {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}")
    for label, seconds in spent.items():
        print(f"  {label:28s} {seconds * 1000 / args.requests:.3f} ms")


if __name__ == "__main__":
    main()
