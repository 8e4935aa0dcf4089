"""The home page: what Muster does, with the way into the demo."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from armybuilder.selectors import system_list


def home(request: HttpRequest) -> HttpResponse:
    """What Muster does and how to try it (the demo account of ``./run``)."""
    return render(request, "frontend/home.html", {"systems": list(system_list())})
