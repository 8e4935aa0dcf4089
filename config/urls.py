"""Muster's URLs: admin, health check, API (with its schema and offline docs), pages."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerView

from api.handlers import api_aware_handler404, api_aware_handler500
from config.api_docs import OfflineRedocView, SchemaView
from config.health import healthz
from frontend.views.accounts import ThrottledLoginView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", include("api.urls")),
    path("api/schema/", SchemaView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", OfflineRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    # Before Django's auth URLs: the same login page, throttled.
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("frontend.urls")),
]

handler404 = api_aware_handler404
handler500 = api_aware_handler500
