"""``/api/v1/``: one DefaultRouter for the viewsets plus the plain views.

Add a resource by registering its viewset on ``router`` (battles, simulations…) or by
adding to ``urlpatterns`` before the final catch-all (unknown paths answer the JSON 404);
``config/urls.py`` mounts this module under ``/api/v1/``.
"""

from __future__ import annotations

from django.urls import include, path, re_path
from rest_framework.routers import DefaultRouter

from api.handlers import api_unknown_path
from api.views.auth import RegisterView, TokenDetailView, TokenListView, TokenView
from api.views.battles import BattleViewSet, SimulationViewSet
from api.views.battlescribe import (
    BattleScribeImportView,
    BattleScribePreviewView,
    BattleScribeRosterExportView,
    BattleScribeRosterImportView,
)
from api.views.calc import AttackOddsView
from api.views.campaign_catalogues import CampaignCatalogueViewSet
from api.views.campaigns import CampaignViewSet, GameViewSet
from api.views.catalogue import FactionViewSet, GameSystemViewSet, UnitTypeViewSet
from api.views.clocks import ClockViewSet
from api.views.gcs import GcsExportView, GcsImportView, GcsSaveView
from api.views.rosters import PublicKeyView, RosterViewSet, SharedRosterView, VerifyView
from api.views.rules_variants import RosterRulesView, RulesVariantViewSet
from api.views.user_catalogues import CatalogueViewSet
from api.views.warband import WarbandViewSet

app_name = "api"

router = DefaultRouter(trailing_slash=True)
router.register("systems", GameSystemViewSet, basename="system")
router.register("factions", FactionViewSet, basename="faction")
router.register("units", UnitTypeViewSet, basename="unit")
router.register("catalogues", CatalogueViewSet, basename="catalogue")
router.register("rules-variants", RulesVariantViewSet, basename="rules-variant")
router.register("rosters", RosterViewSet, basename="roster")
router.register("battles", BattleViewSet, basename="battle")
router.register("simulations", SimulationViewSet, basename="simulation")
router.register("campaigns", CampaignViewSet, basename="campaign")
router.register(
    r"campaigns/(?P<campaign_pk>[0-9]+)/catalogues",
    CampaignCatalogueViewSet,
    basename="campaign-catalogue",
)
router.register(
    r"campaigns/(?P<campaign_pk>[0-9]+)/participants/(?P<participant_pk>[0-9]+)/warband",
    WarbandViewSet,
    basename="campaign-warband",
)
router.register("games", GameViewSet, basename="game")
router.register("clocks", ClockViewSet, basename="clock")

urlpatterns = [
    path("auth/register/", RegisterView.as_view(), name="auth-register"),
    path("auth/token/", TokenView.as_view(), name="auth-token"),
    path("auth/tokens/", TokenListView.as_view(), name="auth-tokens"),
    path("auth/tokens/<str:token_id>/", TokenDetailView.as_view(), name="auth-token-detail"),
    path("battlescribe/preview/", BattleScribePreviewView.as_view(), name="battlescribe-preview"),
    path("battlescribe/imports/", BattleScribeImportView.as_view(), name="battlescribe-import"),
    path(
        "battlescribe/rosters/",
        BattleScribeRosterImportView.as_view(),
        name="battlescribe-roster-import",
    ),
    path(
        "battlescribe/rosters/<int:pk>/",
        BattleScribeRosterExportView.as_view(),
        name="battlescribe-roster-export",
    ),
    path("calc/attacks/", AttackOddsView.as_view(), name="calc-attacks"),
    path("gcs/imports/", GcsImportView.as_view(), name="gcs-import"),
    path("gcs/saves/", GcsSaveView.as_view(), name="gcs-save"),
    path("gcs/exports/", GcsExportView.as_view(), name="gcs-export"),
    path("rosters/<int:pk>/rules/", RosterRulesView.as_view(), name="roster-rules"),
    path("shared/<str:token>/", SharedRosterView.as_view(), name="shared-roster"),
    path("verify/", VerifyView.as_view(), name="verify"),
    path("verify/key/", PublicKeyView.as_view(), name="verify-key"),
    path("", include(router.urls)),
    # Last: every other path answers the JSON 404 (a known one without its slash redirects).
    re_path(r"^(?P<path>.*)$", api_unknown_path, name="unknown"),
]
