"""Celery tasks of the rules app: thin wrappers around services (ids in, service call)."""

from celery import shared_task


@shared_task(name="rules.ping")
def ping_task(value: str) -> str:
    """A trivial task proving a worker runs and stores results: returns ``pong:<value>``."""
    return f"pong:{value}"
