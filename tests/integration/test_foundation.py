"""Settings, database vendor, health check and the custom user model."""

import os

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

pytestmark = pytest.mark.django_db


def test_database_vendor_follows_database_url():
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == expected


def test_suite_runs_on_postgresql_when_the_test_command_runs_it():
    if os.environ.get("MUSTER_REQUIRE_POSTGRES") != "1":
        pytest.skip("only the test command demands PostgreSQL")
    assert connection.vendor == "postgresql"


def test_custom_user_model_is_in_use():
    assert settings.AUTH_USER_MODEL == "accounts.User"
    assert get_user_model()._meta.app_label == "accounts"


def test_healthz_reports_database_and_eager_broker(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "broker": "eager",
        "cache": "local",
        "worker": "eager",
    }


def test_healthz_answers_503_when_broker_is_unreachable(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    from config.celery import app

    previous = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"
    try:
        response = client.get("/healthz")
    finally:
        app.conf.broker_url = previous
    assert response.status_code == 503
    assert response.json()["broker"].startswith("error")


def test_tasks_run_eagerly_without_a_broker():
    from rules.tasks import ping_task

    assert ping_task.delay("x").get(timeout=1) == "pong:x"
