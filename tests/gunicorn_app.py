"""A WSGI application for the gunicorn worker tests: answers its worker's pid after sleeping
``?sleep=<seconds>``."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from urllib.parse import parse_qs


def application(environ: dict, start_response: Callable) -> Iterable[bytes]:
    delay = float(parse_qs(environ.get("QUERY_STRING", "")).get("sleep", ["0"])[0])
    time.sleep(delay)
    body = str(os.getpid()).encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]
