"""Domain errors escaping a page view answer their own status, never a 500
(``frontend.errors``, the pages' one mapping)."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from armybuilder.errors import ConflictError, NotFoundError
from campaigns.errors import CampaignForbidden
from frontend.errors import DomainErrorMiddleware
from rules.engine.systems.base import EngineError

pytestmark = pytest.mark.django_db


def answer(exc: Exception, **headers: str):
    request = RequestFactory().get("/rosters/1/", headers=headers)
    return DomainErrorMiddleware(lambda r: None).process_exception(request, exc)


def test_not_found_error_answers_django_404_page():
    assert answer(NotFoundError("roster.not_found", "No roster 1")).status_code == 404


def test_forbidden_error_answers_403():
    assert answer(CampaignForbidden("campaign.organiser", "Organisers only.")).status_code == 403


def test_conflict_error_answers_409_with_its_message():
    response = answer(ConflictError("roster.in_use", "Played in a campaign."))
    assert response.status_code == 409
    assert b"Played in a campaign." in response.content
    assert b"<html" in response.content.lower()


def test_htmx_request_gets_the_alert_fragment_only():
    response = answer(EngineError("mission.unknown", "Unknown mission."), HX_Request="true")
    assert response.status_code == 400
    assert response.content.decode().strip().startswith('<div class="alert error"')


def test_other_exceptions_are_left_to_django():
    assert answer(RuntimeError("boom")) is None


def test_unknown_roster_page_is_404(player_client):
    assert player_client.get("/rosters/999999/").status_code == 404
