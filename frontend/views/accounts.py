"""Sign-up (sign-in and sign-out are Django's auth views under ``/accounts/``)."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from frontend.forms import SignUpForm


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign the newcomer in, then on to their rosters."""
    if request.user.is_authenticated:
        return redirect("roster-list")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("roster-list")
    return render(request, "registration/signup.html", {"form": form})
