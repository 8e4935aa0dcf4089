"""``/rosters/``: a player's rosters (owner only; another user's roster answers 404),
validation without saving, export, import, revisions, duplicate, share link, verification.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.concurrency import expected_revision, with_etag
from api.exceptions import ApiError
from api.serializers.rosters import (
    CatalogueChangesSerializer,
    DuplicateSerializer,
    ImportSerializer,
    PublicKeySerializer,
    RestoreSerializer,
    RosterInputSerializer,
    RosterRevisionSerializer,
    RosterSerializer,
    ShareSerializer,
    ValidationReportSerializer,
    VerificationSerializer,
    VerifyRequestSerializer,
    VerifyResultSerializer,
    payload_from,
    roster_data,
    units_data,
    validation_data,
)
from api.serializers.rules_variants import RosterValidateInputSerializer, requested_variant
from api.validation_input import roster_input
from armybuilder import selectors
from armybuilder.models import Roster
from armybuilder.services.history import (
    roster_accept_catalogue,
    roster_redo,
    roster_restore,
    roster_undo,
)
from armybuilder.services.rosters import (
    roster_create,
    roster_delete,
    roster_duplicate,
    roster_replace,
)
from armybuilder.services.sharing import roster_share, roster_unshare
from armybuilder.services.units import roster_duplicate_unit
from armybuilder.services.verification import (
    roster_export_signed_json,
    roster_export_signed_text,
    roster_verification,
    verification_check,
)
from armybuilder.signing import public_key_document
from armybuilder.text_selectors import roster_payload_from_text
from campaigns.catalogue_pins import roster_campaign_pins

EXPORT_FORMATS = ("text", "json")


def render_roster(roster: Roster) -> dict[str, Any]:
    """The roster with points and validation computed now."""
    return roster_data(roster, selectors.roster_validate(roster=roster))


def create_from(attrs: dict[str, Any], *, owner: Any, action: str | None = None) -> Roster:
    """Create a roster from validated input (RosterInputSerializer)."""
    kwargs: dict[str, Any] = {}
    if action:
        kwargs["action"] = action
    payload = payload_from(attrs)
    return roster_create(
        owner=owner,
        system=payload["system"],
        faction=payload["faction"],
        name=payload["name"],
        points_limit=payload["points_limit"],
        allies=payload["allies"],
        units=[{k: v for k, v in u.items() if k != "id"} for u in payload["units"]],
        **kwargs,
    )


LEGAL_CHOICES = (("true", "true"), ("false", "false"), ("1", "1"), ("0", "0"))


class RosterFilter(django_filters.FilterSet):
    """Filters of the roster list; a value ``legal`` does not know answers 400 naming it."""

    system = django_filters.CharFilter(field_name="system__slug", help_text="System slug.")
    faction = django_filters.CharFilter(field_name="faction__slug", help_text="Faction slug.")
    legal = django_filters.TypedChoiceFilter(
        field_name="is_valid",
        choices=LEGAL_CHOICES,
        coerce=lambda value: value in ("true", "1"),
        help_text="true: only legal rosters; false: only illegal ones.",
    )

    class Meta:
        model = Roster
        fields = ("system", "faction", "legal")


ROSTER_ID = OpenApiParameter("id", int, OpenApiParameter.PATH)


class RosterViewSet(viewsets.GenericViewSet):
    """The signed-in player's rosters."""

    serializer_class = RosterSerializer
    filterset_class = RosterFilter
    ordering_fields = ("name", "updated_at", "created_at", "points")
    ordering = ("-updated_at", "id")
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self) -> QuerySet[Roster]:
        if getattr(self, "swagger_fake_view", False):
            return Roster.objects.none()
        return selectors.roster_list(owner=self.request.user)

    def get_permissions(self):
        if self.action == "validate":
            return [permissions.AllowAny()]
        return super().get_permissions()

    @extend_schema(tags=["rosters"], responses={200: RosterSerializer(many=True)})
    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response([render_roster(r) for r in page])

    @extend_schema(
        tags=["rosters"], request=RosterInputSerializer, responses={201: RosterSerializer}
    )
    def create(self, request: Request) -> Response:
        serializer = RosterInputSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        roster = create_from(serializer.validated_data, owner=request.user)
        return Response(render_roster(roster), status=status.HTTP_201_CREATED)

    @extend_schema(tags=["rosters"], parameters=[ROSTER_ID], responses={200: RosterSerializer})
    def retrieve(self, request: Request, pk: str) -> Response:
        """The roster; its ``ETag`` is its revision (send it back as ``If-Match``)."""
        roster = self.get_object()
        return with_etag(Response(render_roster(roster)), roster.revision)

    @extend_schema(
        tags=["rosters"],
        parameters=[ROSTER_ID],
        request=RosterInputSerializer,
        responses={200: RosterSerializer},
    )
    def update(self, request: Request, pk: str) -> Response:
        """Replace the roster; ``If-Match`` or ``revision`` from a stale read answers
        412 or 409 and writes nothing."""
        return self.write(request, self.get_object(), request.data, partial=False)

    @extend_schema(
        tags=["rosters"],
        parameters=[ROSTER_ID],
        request=RosterInputSerializer(partial=True),
        responses={200: RosterSerializer},
    )
    def partial_update(self, request: Request, pk: str) -> Response:
        """Change the given fields only, merged onto the roster as it is under its row lock
        (so concurrent PATCHes of different fields both land)."""
        roster = self.get_object()
        if not isinstance(request.data, dict):
            raise exceptions.ValidationError(["Expected a JSON object."])
        current = {
            "name": roster.name,
            "system": roster.system.slug,
            "faction": roster.faction.slug,
        }
        return self.write(request, roster, {**current, **request.data}, partial=True)

    def write(self, request: Request, roster: Roster, data: Any, *, partial: bool) -> Response:
        """Apply a payload to a stored roster: one transaction, one revision (none when
        nothing changed), entries repeating a stored ``id`` keep it; with ``partial`` the
        fields absent from the request keep their stored values."""
        expected = expected_revision(request)
        in_use = {roster.faction.slug, *roster.ally_slugs()}
        serializer = RosterInputSerializer(
            data=data, context={"request": request, "allowed": in_use}
        )
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        fixed = {"system": roster.system.slug, "faction": roster.faction.slug}
        for key, value in fixed.items():
            if attrs[key] != value:
                raise ApiError(
                    "roster.fixed",
                    f"A roster's {key} cannot change; create a new roster instead.",
                    fields={key: [f"Must stay '{value}'."]},
                )

        def given(key: str, value: Any) -> Any:
            return value if not partial or key in request.data else None

        roster_replace(
            roster=roster,
            actor=request.user,
            name=given("name", attrs["name"]),
            points_limit=given("points_limit", attrs.get("points_limit")),
            allies=given("allies", list(attrs["allies"])),
            units=given("units", [dict(entry) for entry in attrs["units"]]),
            expected=expected,
        )
        stored = selectors.roster_get(roster_id=roster.pk)
        return with_etag(Response(render_roster(stored)), stored.revision)

    @extend_schema(tags=["rosters"], parameters=[ROSTER_ID], responses={204: None})
    def destroy(self, request: Request, pk: str) -> Response:
        """Delete the roster and its history; 409 ``roster.in_use`` while a campaign plays
        it (withdraw from the campaign first)."""
        roster_delete(roster=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        tags=["rosters"],
        request=RosterValidateInputSerializer,
        responses={200: ValidationReportSerializer},
    )
    @action(detail=False, methods=["post"])
    def validate(self, request: Request) -> Response:
        """Price and validate a payload without saving anything (input checked by the plain
        functions ``RosterInputSerializer`` delegates to: same rules, errors and paths),
        against the rules variant ``rules_variant`` names when it names one."""
        attrs = roster_input(request.data, user=request.user)
        variant = requested_variant(request.data, user=request.user, system=attrs["system"])
        payload = payload_from(attrs)
        context = selectors.catalogue_context(
            payload=payload,
            system=attrs["system_obj"],
            primary=attrs["faction_obj"],
            variant=variant,
        )
        result = selectors.context_validate(context)
        return Response(
            {
                "points": result.points,
                "points_limit": result.points_limit,
                "points_name": result.points_name,
                "units": units_data(payload, result),
                "validation": validation_data(result),
            }
        )

    @extend_schema(
        tags=["rosters"],
        parameters=[
            ROSTER_ID,
            OpenApiParameter("format", str, enum=[*EXPORT_FORMATS], default="json"),
        ],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "text/plain"): OpenApiTypes.STR,
        },
    )
    @action(detail=True, methods=["get"])
    def export(self, request: Request, pk: str) -> Response | HttpResponse:
        """The roster as plain text or our JSON interchange format (both import back)."""
        export_format = request.query_params.get("format", "json")
        if export_format not in EXPORT_FORMATS:
            raise exceptions.ValidationError({"format": ["Choose text or json."]})
        roster = self.get_object()
        if export_format == "text":
            text = roster_export_signed_text(roster=roster)
            return HttpResponse(text, content_type="text/plain; charset=utf-8")
        return Response(roster_export_signed_json(roster=roster))

    @extend_schema(tags=["rosters"], request=ImportSerializer, responses={201: RosterSerializer})
    @action(detail=False, methods=["post"], url_path="import")
    def import_roster(self, request: Request) -> Response:
        """A new roster from our JSON or text export (slugs checked like a create)."""
        serializer = ImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        if attrs["format"] == "text":
            data = roster_payload_from_text(text=attrs["text"], user=request.user)
            prefix = "text"
        else:
            data = attrs["roster"]
            prefix = "roster"
        data = {**data, "units": strip_ids(data.get("units"))}
        if attrs.get("name"):
            data["name"] = attrs["name"]
        data.setdefault("name", "Imported roster")
        roster_input = RosterInputSerializer(data=data, context={"request": request})
        if not roster_input.is_valid():
            raise exceptions.ValidationError({prefix: roster_input.errors})
        roster = create_from(roster_input.validated_data, owner=request.user, action="imported")
        return Response(render_roster(roster), status=status.HTTP_201_CREATED)

    @extend_schema(
        tags=["rosters"],
        parameters=[ROSTER_ID],
        responses={200: RosterRevisionSerializer(many=True)},
    )
    @action(detail=True, methods=["get"], filterset_class=None, ordering_fields=None)
    def revisions(self, request: Request, pk: str) -> Response:
        """The roster's history, newest first."""
        revisions = selectors.roster_revision_list(roster=self.get_object()).select_related(
            "created_by"
        )
        page = self.paginate_queryset(revisions)
        return self.get_paginated_response(RosterRevisionSerializer(page, many=True).data)

    @extend_schema(
        tags=["rosters"],
        parameters=[ROSTER_ID],
        request=RestoreSerializer,
        responses={200: RosterSerializer},
    )
    @action(detail=True, methods=["post"])
    def restore(self, request: Request, pk: str) -> Response:
        """Restore an earlier revision (itself a new revision)."""
        roster = self.get_object()
        serializer = RestoreSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        roster_restore(
            roster=roster, number=serializer.validated_data["revision"], actor=request.user
        )
        return Response(render_roster(selectors.roster_get(roster_id=roster.pk)))

    @extend_schema(
        tags=["rosters"], parameters=[ROSTER_ID], request=None, responses={200: RosterSerializer}
    )
    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: str) -> Response:
        """Step back one edit (a new revision; 400 ``roster.nothing_to_undo`` at the start)."""
        roster = self.get_object()
        roster_undo(roster=roster, actor=request.user)
        return Response(render_roster(selectors.roster_get(roster_id=roster.pk)))

    @extend_schema(
        tags=["rosters"], parameters=[ROSTER_ID], request=None, responses={200: RosterSerializer}
    )
    @action(detail=True, methods=["post"])
    def redo(self, request: Request, pk: str) -> Response:
        """Step forward one undone edit (400 ``roster.nothing_to_redo`` when none is left)."""
        roster = self.get_object()
        roster_redo(roster=roster, actor=request.user)
        return Response(render_roster(selectors.roster_get(roster_id=roster.pk)))

    @extend_schema(
        tags=["rosters"],
        parameters=[ROSTER_ID],
        request=DuplicateSerializer,
        responses={201: RosterSerializer},
    )
    @action(detail=True, methods=["post"])
    def duplicate(self, request: Request, pk: str) -> Response:
        """A copy of the roster, owned by you, with its own history."""
        roster = self.get_object()
        serializer = DuplicateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        copy = roster_duplicate(
            roster=roster, owner=request.user, name=serializer.validated_data.get("name")
        )
        return Response(render_roster(copy), status=status.HTTP_201_CREATED)

    @extend_schema(
        tags=["rosters"],
        parameters=[ROSTER_ID],
        request=None,
        responses={200: ShareSerializer, 204: None},
    )
    @action(detail=True, methods=["post", "delete"])
    def share(self, request: Request, pk: str) -> Response:
        """POST: a read-only link for anyone who holds it; DELETE: stop sharing."""
        roster = self.get_object()
        if request.method == "DELETE":
            roster_unshare(roster=roster)
            return Response(status=status.HTTP_204_NO_CONTENT)
        token = roster_share(roster=roster)
        url = request.build_absolute_uri(reverse("api:shared-roster", args=[token]))
        return Response({"token": token, "url": url})

    @extend_schema(
        tags=["rosters"], parameters=[ROSTER_ID], responses={200: CatalogueChangesSerializer}
    )
    @action(detail=True, methods=["get"], url_path="catalogue-changes")
    def catalogue_changes(self, request: Request, pk: str) -> Response:
        """What newer catalogue revisions changed for the roster since its last revision
        (points per unit, new violations); ``changed`` false when nothing did. A roster
        playing in a campaign reads the revisions the campaign pins."""
        roster = self.get_object()
        pinned = roster_campaign_pins(roster=roster)
        changes = selectors.roster_catalogue_changes(roster=roster, pinned=pinned)
        return Response(changes.as_dict())

    @extend_schema(
        tags=["rosters"], parameters=[ROSTER_ID], request=None, responses={200: RosterSerializer}
    )
    @action(detail=True, methods=["post"], url_path="accept-catalogue")
    def accept_catalogue(self, request: Request, pk: str) -> Response:
        """Price the roster against the current catalogue revisions from now on (a new
        revision)."""
        roster = self.get_object()
        roster_accept_catalogue(roster=roster, actor=request.user)
        return Response(render_roster(selectors.roster_get(roster_id=roster.pk)))

    @extend_schema(
        tags=["rosters"],
        parameters=[ROSTER_ID, OpenApiParameter("unit_id", str, OpenApiParameter.PATH)],
        request=None,
        responses={201: RosterSerializer},
    )
    @action(
        detail=True,
        methods=["post"],
        url_path=r"units/(?P<unit_id>[A-Za-z0-9_-]{1,20})/duplicate",
        url_name="unit-duplicate",
    )
    def duplicate_unit(self, request: Request, pk: str, unit_id: str) -> Response:
        """Copy one unit entry (size, options, name) right after it with a new ``id``; answers
        the roster. An unknown ``unit_id`` answers 404 ``roster.unit_not_found``."""
        roster = self.get_object()
        roster_duplicate_unit(roster=roster, unit_id=unit_id, actor=request.user)
        return Response(
            render_roster(selectors.roster_get(roster_id=roster.pk)),
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        tags=["rosters"], parameters=[ROSTER_ID], responses={200: VerificationSerializer}
    )
    @action(detail=True, methods=["get"])
    def verification(self, request: Request, pk: str) -> Response:
        """A signed statement of the roster (hash, catalogue revisions, validation)."""
        verification = roster_verification(roster=self.get_object())
        return Response({"token": verification.token, "data": verification.data})


def strip_ids(units: Any) -> Any:
    """Imported entries get new ids; anything not a list is left for the serializer."""
    if not isinstance(units, list):
        return units
    return [{k: v for k, v in u.items() if k != "id"} if isinstance(u, dict) else u for u in units]


class SharedRosterView(APIView):
    """``GET /shared/{token}/``: a shared roster, readable by anyone holding the link."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=["rosters"], responses={200: RosterSerializer})
    def get(self, request: Request, token: str) -> Response:
        return Response(render_roster(selectors.roster_get_shared(token=token)))


class VerifyView(APIView):
    """``POST /verify/``: check a list verification token and, with ``list``, whether that
    list is the one signed and was legal at the signed catalogue revisions; anyone may call
    it."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        tags=["rosters"],
        request=VerifyRequestSerializer,
        responses={200: VerifyResultSerializer, 400: OpenApiResponse(description="Bad token.")},
    )
    def post(self, request: Request) -> Response:
        serializer = VerifyRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        check = verification_check(
            token=serializer.validated_data["token"],
            shown_list=serializer.validated_data.get("list"),
        )
        return Response(check.as_dict())


class PublicKeyView(APIView):
    """``GET /verify/key/``: the instance's Ed25519 public key, to check tokens offline."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=["rosters"], responses={200: PublicKeySerializer})
    def get(self, request: Request) -> Response:
        return Response(public_key_document())
