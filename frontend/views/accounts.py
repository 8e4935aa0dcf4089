"""Sign-up and a throttled sign-in (sign-out and password change are Django's auth views
under ``/accounts/``)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.login_throttle import login_blocked, login_failed
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


class ThrottledLoginView(LoginView):
    """Django's login page; too many failed attempts from one client answer 429 with the
    reason on the page, without checking the password (accounts/login_throttle.py)."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if login_blocked(request):
            minutes = max(1, settings.LOGIN_FAILURE_WINDOW // 60)
            context = self.get_context_data(
                form=self.get_form_class()(request),
                throttled=f"Too many failed sign-ins from your address. "
                f"Try again in {minutes} minutes.",
            )
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: object) -> HttpResponse:
        login_failed(self.request)
        return super().form_invalid(form)
