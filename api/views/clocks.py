"""``/clocks/``: shared game clocks for timed games (seed 003 §11). The creator, the
players of the linked campaign game and whoever joined with the share code may read and
press a clock; everyone else gets 404. A campaign game has one clock."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.serializers.clocks import (
    ClockCreateSerializer,
    ClockJoinSerializer,
    ClockReportSerializer,
    ClockSerializer,
    ClockStartSerializer,
    ClockSwitchSerializer,
)
from campaigns.models import Game
from campaigns.services.clocks import clock_report_to_campaign, game_clock_create
from rules import clocks
from rules.errors import ClockNotFound
from rules.models import GameClock


def valid(serializer_class: type, request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class ClockViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Game clocks. ``GET`` reads the times from the server's clock (the list: yours, your
    campaign games' and those you joined, newest first); the actions press it."""

    serializer_class = ClockSerializer
    queryset = GameClock.objects.none()

    def get_queryset(self):
        return (
            clocks.clocks_for_user(user=self.request.user)
            .select_related("game")
            .order_by("-created_at", "-id")
        )

    def _answer(self, clock: GameClock, code: int = status.HTTP_200_OK) -> Response:
        return Response(ClockSerializer(clock, context={"request": self.request}).data, code)

    @extend_schema(request=ClockCreateSerializer, responses={201: ClockSerializer})
    def create(self, request: Request) -> Response:
        data = valid(ClockCreateSerializer, request)
        game = None
        if data.get("game"):
            game = (
                Game.objects.select_related("participant_a", "participant_b")
                .filter(pk=data["game"])
                .first()
            )
            if game is None:
                raise ClockNotFound("clock.game_not_found", "No such game.", "game")
        if game is None:
            clock = clocks.clock_create(
                user=request.user, mode=data["mode"], limit_ms=data["limit_ms"]
            )
        else:
            clock = game_clock_create(
                user=request.user, game=game, mode=data["mode"], limit_ms=data["limit_ms"]
            )
        body = self._answer(clock, status.HTTP_201_CREATED)
        body["Location"] = body.data["url"]
        return body

    @extend_schema(request=ClockJoinSerializer, responses={200: ClockSerializer})
    @action(detail=False, methods=["post"])
    def join(self, request: Request) -> Response:
        """Join a clock with its share code: it is listed and pressable for you from now."""
        data = valid(ClockJoinSerializer, request)
        return self._answer(clocks.clock_join(user=request.user, code=data["code"]))

    @extend_schema(request=ClockStartSerializer, responses={200: ClockSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str | None = None) -> Response:
        """Start the side deploying or playing first."""
        data = valid(ClockStartSerializer, request)
        return self._answer(clocks.clock_start(clock=self.get_object(), side=data["side"]))

    @extend_schema(request=ClockSwitchSerializer, responses={200: ClockSerializer})
    @action(detail=True, methods=["post"])
    def switch(self, request: Request, pk: str | None = None) -> Response:
        """End the running side's turn and start the other's."""
        data = valid(ClockSwitchSerializer, request)
        clock = clocks.clock_switch(clock=self.get_object(), side=data.get("side"))
        return self._answer(clock)

    @extend_schema(request=None, responses={200: ClockSerializer})
    @action(detail=True, methods=["post"])
    def pause(self, request: Request, pk: str | None = None) -> Response:
        """Stop the clock (a player steps away, a rule is checked)."""
        return self._answer(clocks.clock_pause(clock=self.get_object()))

    @extend_schema(request=None, responses={200: ClockSerializer})
    @action(detail=True, methods=["post"])
    def resume(self, request: Request, pk: str | None = None) -> Response:
        """Restart the paused clock for the side that was running."""
        return self._answer(clocks.clock_resume(clock=self.get_object()))

    @extend_schema(request=ClockReportSerializer, responses={200: ClockSerializer})
    @action(detail=True, methods=["post"])
    def report(self, request: Request, pk: str | None = None) -> Response:
        """Report the linked campaign game: the flagged side loses, its army routed."""
        data = valid(ClockReportSerializer, request)
        clock = self.get_object()
        clock_report_to_campaign(clock=clock, user=request.user, scores=data.get("scores"))
        clock.refresh_from_db()
        return self._answer(clock)
