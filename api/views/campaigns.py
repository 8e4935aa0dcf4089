"""``/campaigns/`` and ``/games/``: campaigns, joining, rounds, results, standings, units,
the audit log. Campaign members see a campaign; everyone else gets 404."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Q
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.concurrency import expected_revision, with_etag
from api.exceptions import ApiNotFound
from api.serializers.campaigns import (
    AdvanceChoiceSerializer,
    AuditSerializer,
    CampaignCreateSerializer,
    CampaignSerializer,
    CampaignUpdateSerializer,
    DisputeSerializer,
    GameCreateSerializer,
    GameSerializer,
    JoinSerializer,
    OrganiserSerializer,
    PlaySerializer,
    ReasonSerializer,
    ResultSerializer,
    RosterUpdateSerializer,
    RoundCreateSerializer,
    RoundSerializer,
)
from armybuilder.selectors import roster_list
from campaigns.errors import CampaignError
from campaigns.lifecycle import OPEN_STATUSES
from campaigns.models import Campaign, Game, Participant
from campaigns.selectors import (
    audit_for_campaign,
    campaign_standings,
    campaigns_for_user,
    participant_absent_fighters,
    participant_budget,
    participant_pending_choices,
    participant_resources,
    participant_roster_version,
    participant_units,
)
from campaigns.services.campaigns import (
    campaign_add_organiser,
    campaign_create,
    campaign_update,
)
from campaigns.services.engine import game_play_with_engine
from campaigns.services.games import game_create
from campaigns.services.ledger import advance_choose
from campaigns.services.membership import campaign_join, participant_withdraw
from campaigns.services.results import (
    game_confirm,
    game_decide,
    game_dispute,
    game_report_result,
    game_reverse,
)
from campaigns.services.rosters import participant_roster_check, participant_roster_update
from campaigns.services.rounds import round_create

PARTICIPANT = r"participants/(?P<participant_id>\d+)"


def valid(serializer_class: type, request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class CampaignViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Campaigns you organise or play in."""

    serializer_class = CampaignSerializer
    filterset_fields = ("system", "status", "format")

    def get_queryset(self):
        return campaigns_for_user(user=self.request.user).prefetch_related("organisers")

    @extend_schema(request=CampaignCreateSerializer, responses={201: CampaignSerializer})
    def create(self, request: Request) -> Response:
        campaign = campaign_create(user=request.user, **valid(CampaignCreateSerializer, request))
        body = CampaignSerializer(campaign, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)

    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        """The campaign; its ``ETag`` is its revision (send it back as ``If-Match``)."""
        campaign = self.get_object()
        body = CampaignSerializer(campaign, context={"request": request}).data
        return with_etag(Response(body), campaign.revision)

    @extend_schema(request=CampaignUpdateSerializer, responses={200: CampaignSerializer})
    def partial_update(self, request: Request, pk: str | None = None) -> Response:
        """Organiser edits; ``If-Match`` or ``revision`` from a stale read answers 412 or
        409 and writes nothing."""
        changes = valid(CampaignUpdateSerializer, request)
        changes.pop("revision", None)
        campaign = campaign_update(
            campaign=self.get_object(),
            user=request.user,
            expected=expected_revision(request),
            **changes,
        )
        body = CampaignSerializer(campaign, context={"request": request}).data
        return with_etag(Response(body), campaign.revision)

    @extend_schema(request=OrganiserSerializer, responses={200: CampaignSerializer})
    @action(detail=True, methods=["post"])
    def organisers(self, request: Request, pk: str | None = None) -> Response:
        """Organiser: make another user an organiser too (by ``username``); a game an
        organiser plays is decided by another organiser (house rule organiser_own_games)."""
        data = valid(OrganiserSerializer, request)
        campaign = campaign_add_organiser(
            campaign=self.get_object(), user=request.user, username=data["username"]
        )
        body = CampaignSerializer(campaign, context={"request": request}).data
        return Response(body)

    @extend_schema(request=JoinSerializer, responses={201: None})
    @action(detail=False, methods=["post"])
    def join(self, request: Request) -> Response:
        """Join a campaign by its code with one of your rosters."""
        data = valid(JoinSerializer, request)
        roster = roster_list(owner=request.user).filter(pk=data["roster"]).first()
        if roster is None:
            raise CampaignError("roster.not_found", "No such roster.", "roster")
        participant = campaign_join(user=request.user, join_code=data["join_code"], roster=roster)
        return Response(
            {"participant": participant.pk, "campaign": participant.campaign_id},
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        responses={
            200: inline_serializer(
                "ParticipantRow",
                fields={
                    "id": serializers.IntegerField(),
                    "name": serializers.CharField(),
                    "status": serializers.CharField(),
                    "user_id": serializers.IntegerField(),
                    "roster_id": serializers.IntegerField(allow_null=True),
                },
                many=True,
            )
        }
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def participants(self, request: Request, pk: str | None = None) -> Response:
        campaign: Campaign = self.get_object()
        rows = campaign.participants.values("id", "name", "status", "user_id", "roster_id")
        return Response(list(rows))

    def _participant(self, participant_id: str | None) -> Participant:
        campaign: Campaign = self.get_object()
        participant = (
            campaign.participants.select_related("campaign", "roster").filter(pk=participant_id)
        ).first()
        if participant is None:
            raise ApiNotFound("not_found", "No such participant.")
        return participant

    @extend_schema(responses={200: None})
    @action(detail=True, methods=["get"], url_path=rf"{PARTICIPANT}/units")
    def units(
        self, request: Request, pk: str | None = None, participant_id: str | None = None
    ) -> Response:
        """A participant's units with state and experience history, their resources, the
        picks their advances wait for and the fighters sitting out their next game."""
        participant = self._participant(participant_id)
        return Response(
            {
                "participant": participant.pk,
                "resources": participant_resources(participant=participant),
                "units": participant_units(participant=participant),
                "pending_choices": participant_pending_choices(participant=participant),
                "sitting_out": [
                    {"unit": unit, "fighter": fighter}
                    for unit, fighter in participant_absent_fighters(participant=participant)
                ],
            }
        )

    @extend_schema(methods=["GET"], responses={200: OpenApiTypes.ANY})
    @extend_schema(methods=["POST"], request=AdvanceChoiceSerializer, responses={201: None})
    @action(detail=True, methods=["get", "post"], url_path=rf"{PARTICIPANT}/advances")
    def advances(
        self, request: Request, pk: str | None = None, participant_id: str | None = None
    ) -> Response:
        """Advances waiting for a pick; ``POST {"entry", "choice"}`` (the player or an
        organiser) records the pick."""
        participant = self._participant(participant_id)
        if request.method == "GET":
            return Response(participant_pending_choices(participant=participant))
        data = valid(AdvanceChoiceSerializer, request)
        line = advance_choose(
            participant=participant, entry=data["entry"], choice=data["choice"], actor=request.user
        )
        return Response(
            {"entry": data["entry"], "choice": line.data["choice"], "ledger_entry": line.pk},
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(methods=["GET"], responses={200: OpenApiTypes.OBJECT})
    @extend_schema(methods=["POST"], request=RosterUpdateSerializer, responses={201: None})
    @action(detail=True, methods=["get", "post"], url_path=rf"{PARTICIPANT}/roster")
    def campaign_roster(
        self, request: Request, pk: str | None = None, participant_id: str | None = None
    ) -> Response:
        """The campaign budget and what the campaign says of the participant's edited
        army-builder roster; ``POST`` (the player) makes it the campaign roster, 400 naming
        the field when it overspends the budget or breaks a rule."""
        participant = self._participant(participant_id)
        if request.method == "GET":
            version = participant_roster_version(participant=participant)
            body: dict[str, Any] = {
                "participant": participant.pk,
                "version": version.number if version else 0,
                "budget": participant_budget(participant=participant),
            }
            if participant.user_id == request.user.pk:
                check = participant_roster_check(participant=participant)
                check.pop("payload")
                body["proposed"] = check
            return Response(body)
        data = valid(RosterUpdateSerializer, request)
        version = participant_roster_update(
            participant=participant, actor=request.user, payload=data.get("payload")
        )
        return Response(
            {
                "participant": participant.pk,
                "version": version.number,
                "spent": version.spent,
                "cost": version.cost,
                "budget": participant_budget(participant=participant),
            },
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(request=None, responses={200: None})
    @action(detail=True, methods=["post"], url_path=rf"{PARTICIPANT}/withdraw")
    def withdraw(
        self, request: Request, pk: str | None = None, participant_id: str | None = None
    ) -> Response:
        """The player (or an organiser) withdraws them: no more pairings, results kept."""
        participant = participant_withdraw(
            participant=self._participant(participant_id), user=request.user
        )
        return Response({"participant": participant.pk, "status": participant.status})

    @extend_schema(methods=["GET"], responses={200: RoundSerializer(many=True)})
    @extend_schema(
        methods=["POST"], request=RoundCreateSerializer, responses={201: RoundSerializer}
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        """The rounds; ``POST`` (organiser) creates and pairs the next one."""
        campaign: Campaign = self.get_object()
        if request.method == "GET":
            return Response(
                RoundSerializer(campaign.rounds.prefetch_related("games"), many=True).data
            )
        data = valid(RoundCreateSerializer, request)
        manual = [tuple(p) for p in data.pop("pairings", [])] or None
        round_ = round_create(campaign=campaign, user=request.user, manual=manual, **data)
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: OpenApiTypes.ANY})
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """The league table with the campaign's tie-breaker chain."""
        return Response(campaign_standings(campaign=self.get_object()))

    @extend_schema(responses={200: AuditSerializer(many=True)})
    @action(detail=True, methods=["get"])
    def audit(self, request: Request, pk: str | None = None) -> Response:
        """Who did what and when, oldest first (paginated)."""
        page = self.paginate_queryset(audit_for_campaign(campaign=self.get_object()))
        return self.get_paginated_response(AuditSerializer(page, many=True).data)

    @extend_schema(request=GameCreateSerializer, responses={201: GameSerializer})
    @action(detail=True, methods=["post"], url_path="games")
    def create_game(self, request: Request, pk: str | None = None) -> Response:
        """Organiser: a game outside the pairings, possibly following earlier games."""
        campaign: Campaign = self.get_object()
        data = valid(GameCreateSerializer, request)
        people = {
            p.pk: p
            for p in campaign.participants.filter(
                pk__in=[data["participant_a"], data["participant_b"]]
            )
        }
        if data["participant_a"] not in people or data["participant_b"] not in people:
            raise CampaignError("game.participant", "Both players must be in the campaign.")
        follows = list(campaign.games.filter(pk__in=data["follows"]))
        game = game_create(
            campaign=campaign,
            user=request.user,
            participant_a=people[data["participant_a"]],
            participant_b=people[data["participant_b"]],
            mission=data["mission"],
            follows=follows,
        )
        body = GameSerializer(game, context=self.get_serializer_context()).data
        return Response(body, status=status.HTTP_201_CREATED)


class GameFilter(django_filters.FilterSet):
    """``?campaign=<id>`` filters by number, never looking the campaign up: an unknown
    campaign and another user's answer alike (an empty list)."""

    campaign = django_filters.NumberFilter(field_name="campaign_id", help_text="Campaign id.")

    class Meta:
        model = Game
        fields = ("campaign", "status")


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Games of your campaigns: report, confirm, dispute, decide, reverse, play."""

    serializer_class = GameSerializer
    filterset_class = GameFilter

    def get_queryset(self):
        user = self.request.user
        return (
            Game.objects.filter(Q(campaign__organisers=user) | Q(campaign__participants__user=user))
            .distinct()
            .select_related("round", "campaign", "chooser", "participant_a", "participant_b")
            .prefetch_related("follows", "campaign__organisers")
            .order_by("id")
        )

    def _answer(self, game: Game) -> Response:
        return Response(self.get_serializer(self.get_queryset().get(pk=game.pk)).data)

    @extend_schema(request=ResultSerializer, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def report(self, request: Request, pk: str | None = None) -> Response:
        data = valid(ResultSerializer, request)
        data.pop("note")
        return self._answer(game_report_result(game=self.get_object(), user=request.user, **data))

    @extend_schema(request=None, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        return self._answer(game_confirm(game=self.get_object(), user=request.user))

    @extend_schema(request=DisputeSerializer, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def dispute(self, request: Request, pk: str | None = None) -> Response:
        """The reporter's opponent contests the result, saying why (``reason`` required)."""
        reason = valid(DisputeSerializer, request)["reason"]
        return self._answer(game_dispute(game=self.get_object(), user=request.user, reason=reason))

    @extend_schema(request=ResultSerializer, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def decide(self, request: Request, pk: str | None = None) -> Response:
        return self._answer(
            game_decide(
                game=self.get_object(), user=request.user, **valid(ResultSerializer, request)
            )
        )

    @extend_schema(request=ReasonSerializer, responses={200: GameSerializer})
    @action(detail=True, methods=["post"])
    def reverse(self, request: Request, pk: str | None = None) -> Response:
        reason = valid(ReasonSerializer, request)["reason"]
        return self._answer(game_reverse(game=self.get_object(), user=request.user, reason=reason))

    @extend_schema(request=PlaySerializer, responses={202: GameSerializer})
    @action(detail=True, methods=["post"])
    def play(self, request: Request, pk: str | None = None) -> Response:
        """Let the engine play the game from both snapshots with a seed the server draws; the
        result follows, reported in the player's name for the opponent to confirm (an
        organiser's counts at once; the campaign's ``engine_result`` setting may say
        "final"). Asking again while it waits sends the finishing task again; 200 with the game
        when it already had its result."""
        valid(PlaySerializer, request)
        asked = self.get_object()
        game = game_play_with_engine(game=asked, user=request.user)
        body = self.get_serializer(self.get_queryset().get(pk=game.pk)).data
        accepted = asked.status in OPEN_STATUSES
        return Response(body, status=status.HTTP_202_ACCEPTED if accepted else status.HTTP_200_OK)
