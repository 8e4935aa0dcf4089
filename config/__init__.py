"""Muster's project package: settings, URLs, WSGI/ASGI and the Celery app."""

import rules
from rules.engine_build import use_compiled_engine_from_environment

# Before anything imports the engine: MUSTER_COMPILED_ENGINE names its mypyc build, used
# when it was built from the current sources (rules/engine_build.py).
use_compiled_engine_from_environment(rules.__path__)

from config.celery import app as celery_app  # noqa: E402 - after the engine is chosen

__all__ = ("celery_app",)
