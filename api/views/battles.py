"""``/battles/`` and ``/simulations/``: queue work for the engine, read its results."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.exceptions import ApiConflict, ApiError
from api.serializers.battles import (
    BattleEventSerializer,
    BattleRequestSerializer,
    BattleSerializer,
    BattleSummarySerializer,
    ReplaySerializer,
    SimulationRequestSerializer,
    SimulationSerializer,
)
from api.throttles import ExpensiveWriteThrottleMixin
from rules.job_control import job_limit_check, simulation_cancel
from rules.models import Battle, Simulation
from rules.selectors import battles_for_user, rosters_for_battle, simulations_for_user
from rules.services import battle_create, battle_replay, simulation_create


def battle_inputs(request: Request, serializer_class: type) -> dict[str, Any]:
    """Validated input plus both rosters' snapshots, or a 400 naming the field."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = dict(serializer.validated_data)
    (roster_a, snapshot_a), (roster_b, snapshot_b) = rosters_for_battle(
        user=request.user, roster_ids=data.pop("rosters")
    )
    return {
        **data,
        "requested_by": request.user,
        "roster_a": roster_a,
        "roster_b": roster_b,
        "snapshot_a": snapshot_a,
        "snapshot_b": snapshot_b,
    }


class BattleViewSet(
    ExpensiveWriteThrottleMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Battles you asked for. ``POST`` queues one and answers 202 with its URL; the list
    leaves out each battle's report (read it on the battle). Queuing and replaying share
    the ``battles`` throttle; at most ``MUSTER_MAX_ACTIVE_BATTLES`` queued or running at
    once (429)."""

    serializer_class = BattleSerializer
    filterset_fields = ("system", "status", "mission")
    ordering_fields = ("created_at", "finished_at", "id")
    throttle_scope = "battles"
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Battle.objects.none()
        battles = battles_for_user(user=self.request.user)
        return battles.defer("report") if self.action == "list" else battles

    def get_serializer_class(self):
        return BattleSummarySerializer if self.action == "list" else BattleSerializer

    @extend_schema(responses={200: BattleSummarySerializer(many=True)})
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(request=BattleRequestSerializer, responses={202: BattleSerializer})
    def create(self, request: Request) -> Response:
        inputs = battle_inputs(request, BattleRequestSerializer)
        with transaction.atomic():
            job_limit_check(user=request.user, kind=Battle)
            battle = battle_create(**inputs)
        battle.refresh_from_db()
        body = BattleSerializer(battle, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})

    @extend_schema(
        responses={200: BattleEventSerializer(many=True)},
        parameters=[
            OpenApiParameter("turn", int, description="only this turn"),
            OpenApiParameter("phase", str, description="only this phase"),
            OpenApiParameter("side", str, description="only this side (a or b)"),
        ],
    )
    @action(detail=True, methods=["get"], filter_backends=[])
    def log(self, request: Request, pk: str | None = None) -> Response:
        """The battle's event log, paginated and filterable by turn, phase and side."""
        battle: Battle = self.get_object()
        events = (battle.report or {}).get("events", [])
        turn = request.query_params.get("turn")
        if turn is not None:
            if not turn.lstrip("-").isdigit():
                raise ApiError(
                    "invalid",
                    "turn must be a whole number.",
                    fields={"turn": ["A valid integer is required."]},
                )
            events = [e for e in events if e["turn"] == int(turn)]
        for key in ("phase", "side"):
            value = request.query_params.get(key)
            if value:
                events = [e for e in events if e[key] == value]
        page = self.paginate_queryset(events)
        return self.get_paginated_response(BattleEventSerializer(page, many=True).data)

    @extend_schema(request=None, responses={200: ReplaySerializer})
    @action(detail=True, methods=["post"])
    def replay(self, request: Request, pk: str | None = None) -> Response:
        """Play the battle again from its stored seed and snapshots; compare the hashes."""
        battle: Battle = self.get_object()
        if not battle.report_hash:
            raise ApiConflict("battle.not_resolved", "Only a resolved battle can be replayed.")
        return Response(ReplaySerializer(battle_replay(battle=battle)).data)


class SimulationViewSet(
    ExpensiveWriteThrottleMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Simulations you asked for. ``POST`` queues one and answers 202; poll ``progress``;
    ``POST …/cancel/`` stops it. Queuing is limited by the ``simulations`` throttle and by
    ``MUSTER_MAX_ACTIVE_SIMULATIONS`` queued or running at once (429)."""

    serializer_class = SimulationSerializer
    filterset_fields = ("system", "status")
    ordering_fields = ("created_at", "id")
    throttle_scope = "simulations"
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Simulation.objects.none()
        return simulations_for_user(user=self.request.user)

    @extend_schema(request=SimulationRequestSerializer, responses={202: SimulationSerializer})
    def create(self, request: Request) -> Response:
        inputs = battle_inputs(request, SimulationRequestSerializer)
        with transaction.atomic():
            job_limit_check(user=request.user, kind=Simulation)
            simulation = simulation_create(**inputs)
        simulation = Simulation.objects.get(pk=simulation.pk)
        body = SimulationSerializer(simulation, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})

    @extend_schema(request=None, responses={200: SimulationSerializer})
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, pk: str | None = None) -> Response:
        """Cancel a queued or running simulation (409 once it is finished): its remaining
        chunks do nothing and no result is stored."""
        simulation = simulation_cancel(simulation=self.get_object())
        return Response(SimulationSerializer(simulation, context={"request": request}).data)
