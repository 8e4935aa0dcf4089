"""WSGI entry point (gunicorn config.wsgi).

The URL configuration (and every view module it imports, the PDF cards' fonts among them) is
loaded here, when a worker boots, instead of on the worker's first request: otherwise the
first client of each new gunicorn worker waits about a second and a half of CPU for it
(docs/api.md, "Speed").
"""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 (imports the URLconf and its views now)
