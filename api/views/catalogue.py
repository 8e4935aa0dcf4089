"""``/systems/``, ``/factions/``, ``/units/``: the site's sample catalogues, readable by
anyone, by slug (users' catalogues: ``/catalogues/``, api/views/user_catalogues.py)."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, permissions, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from api.concurrency import with_etag
from api.serializers.catalogue import (
    FactionSerializer,
    GameSystemSerializer,
    UnitTypeSerializer,
)
from armybuilder.models import Faction, GameSystem, UnitType

SLUG_PATTERN = r"[A-Za-z0-9_\-]+"


class SlugLookupMixin:
    """Detail by slug; where a slug repeats across systems or factions the filters
    (``?system=``, ``?faction=``) choose, and otherwise the first in catalogue order."""

    lookup_field = "slug"
    lookup_value_regex = SLUG_PATTERN

    def get_object(self):
        queryset = self.filter_queryset(self.get_queryset())
        found = queryset.filter(slug=self.kwargs["slug"]).first()
        if found is None:
            raise exceptions.NotFound()
        return found


@extend_schema_view(
    list=extend_schema(tags=["catalogue"]), retrieve=extend_schema(tags=["catalogue"])
)
class GameSystemViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    """The game systems whose catalogues are loaded."""

    permission_classes = [permissions.AllowAny]
    serializer_class = GameSystemSerializer
    queryset = GameSystem.objects.all()
    ordering_fields = ("slug", "name")
    ordering = ("slug",)


class FactionFilter(django_filters.FilterSet):
    system = django_filters.CharFilter(field_name="system__slug", help_text="System slug.")
    alignment = django_filters.CharFilter()

    class Meta:
        model = Faction
        fields = ("system", "alignment")


@extend_schema_view(
    list=extend_schema(tags=["catalogue"]), retrieve=extend_schema(tags=["catalogue"])
)
class FactionViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    """Factions; ``?system=<slug>`` narrows to one system."""

    permission_classes = [permissions.AllowAny]
    serializer_class = FactionSerializer
    filterset_class = FactionFilter
    ordering_fields = ("slug", "name")
    ordering = ("system__slug", "slug")

    def get_queryset(self) -> QuerySet[Faction]:
        return Faction.objects.filter(owner__isnull=True).select_related("system")

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """The faction's catalogue; its ``ETag`` is the catalogue revision (read-only here:
        the loader refuses a changed file whose revision was not raised)."""
        faction = self.get_object()
        return with_etag(Response(self.get_serializer(faction).data), faction.revision)


class UnitTypeFilter(django_filters.FilterSet):
    system = django_filters.CharFilter(field_name="faction__system__slug", help_text="System slug.")
    faction = django_filters.CharFilter(field_name="faction__slug", help_text="Faction slug.")
    category = django_filters.CharFilter(
        lookup_expr="iexact", help_text="Category in the system's own words (any case)."
    )
    unit_type = django_filters.CharFilter()

    class Meta:
        model = UnitType
        fields = ("system", "faction", "category", "unit_type")


@extend_schema_view(
    list=extend_schema(tags=["catalogue"]),
    retrieve=extend_schema(
        tags=["catalogue"],
        parameters=[OpenApiParameter("slug", str, OpenApiParameter.PATH, pattern=SLUG_PATTERN)],
    ),
)
class UnitTypeViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    """Unit types with profile and options; ``?faction=``, ``?category=``, ``?system=``."""

    permission_classes = [permissions.AllowAny]
    serializer_class = UnitTypeSerializer
    filterset_class = UnitTypeFilter
    ordering_fields = ("slug", "name", "cost", "category")
    ordering = ("faction__system__slug", "faction__slug", "position")

    def get_queryset(self) -> QuerySet[UnitType]:
        return UnitType.objects.select_related("faction__system").prefetch_related("options")
