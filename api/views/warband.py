"""``/campaigns/{id}/participants/{pid}/warband/``: the warband between games — its
treasury, captives, trading (and, for systems that have them, hired swords). Campaign
members read it (404 for anyone else); the player (or an organiser) acts."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.exceptions import ApiNotFound
from api.serializers.warband import (
    CaptiveSerializer,
    ExchangeSerializer,
    HiredSwordSerializer,
    RansomSerializer,
    SearchSerializer,
    TradeSerializer,
)
from campaigns.captives import participant_captives
from campaigns.models import Participant, WarbandAction
from campaigns.selectors import campaign_get, participant_budget
from campaigns.services.captives import (
    captive_offer_exchange,
    captive_pay_ransom,
    captive_release,
    captive_sell,
    captive_set_ransom,
)
from campaigns.services.hired_swords import (
    hired_sword_dismiss,
    hired_sword_hire,
    hired_sword_upkeep,
    participant_hired_swords,
)
from campaigns.services.trading import trade_buy, trade_search, trade_sell, trading_state
from campaigns.treasury import has_rules, system_rules

TAGS = ["campaigns"]


def action_data(line: WarbandAction) -> dict[str, Any]:
    """A warband action as the API answers it."""
    return {
        "id": line.pk,
        "kind": line.kind,
        "gold": line.gold,
        "unit": line.unit_key,
        "item": line.item,
        "captive": line.target_id,
        "after_game": line.after_id,
        "data": line.data,
    }


class WarbandViewSet(viewsets.GenericViewSet):
    """One participant's warband between games."""

    pagination_class = None
    filter_backends: list = []
    # each action has its own input serializer: OPTIONS answers without a serializer's form
    metadata_class = None

    def get_queryset(self):
        return WarbandAction.objects.none()

    def participant(self, campaign_pk: str, participant_pk: str) -> Participant:
        """The participant of a campaign the caller may see (404 otherwise)."""
        campaign = campaign_get(campaign_id=int(campaign_pk), user=self.request.user)
        found = (
            campaign.participants.select_related("campaign", "roster")
            .filter(pk=int(participant_pk))
            .first()
        )
        if found is None:
            raise ApiNotFound("not_found", "No such participant.")
        return found

    def _input(self, serializer_class: type) -> dict[str, Any]:
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)

    def _done(self, line: WarbandAction, participant: Participant) -> Response:
        return Response(
            {"action": action_data(line), "treasury": participant_budget(participant=participant)},
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(tags=TAGS, responses={200: OpenApiTypes.OBJECT})
    def list(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """The treasury, the captives (the warband's held elsewhere, and those it holds),
        the trading step and the hired swords (null where the system has none) and the
        actions so far."""
        participant = self.participant(campaign_pk, participant_pk)
        return Response(
            {
                "participant": participant.pk,
                "treasury": participant_budget(participant=participant),
                "captives": participant_captives(participant=participant),
                "trading": (
                    trading_state(participant=participant)
                    if has_rules(participant, "trading")
                    else None
                ),
                "hired_swords": (
                    {
                        "catalogue": [
                            h.as_dict() for h in system_rules(participant, "hired_swords").entries
                        ],
                        "hires": participant_hired_swords(participant=participant),
                    }
                    if has_rules(participant, "hired_swords")
                    else None
                ),
                "actions": [action_data(a) for a in participant.warband_actions.order_by("id")],
            }
        )

    @extend_schema(tags=TAGS, request=RansomSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="captives/ransom")
    def ransom(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """The captor names the ransom for a captive it holds."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(RansomSerializer),
        )
        line = captive_set_ransom(
            captor=participant, captive=data["captive"], price=data["price"], actor=request.user
        )
        return self._done(line, participant)

    @extend_schema(tags=TAGS, request=CaptiveSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="captives/pay")
    def pay(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """The captive's warband pays the ransom asked: he comes back."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(CaptiveSerializer),
        )
        line = captive_pay_ransom(
            participant=participant, captive=data["captive"], actor=request.user
        )
        return self._done(line, participant)

    @extend_schema(tags=TAGS, request=CaptiveSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="captives/sell")
    def sell_captive(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """The captor sells a captive to the slavers (a seeded price)."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(CaptiveSerializer),
        )
        line = captive_sell(captor=participant, captive=data["captive"], actor=request.user)
        return self._done(line, participant)

    @extend_schema(tags=TAGS, request=CaptiveSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="captives/release")
    def release(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """The captor lets a captive go."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(CaptiveSerializer),
        )
        line = captive_release(captor=participant, captive=data["captive"], actor=request.user)
        return self._done(line, participant)

    @extend_schema(tags=TAGS, request=ExchangeSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="captives/exchange")
    def exchange(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """The captor offers a captive for one of its own heroes the other warband holds;
        both go home when the other captor offers the reverse."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(ExchangeSerializer),
        )
        line = captive_offer_exchange(
            captor=participant,
            captive=data["captive"],
            for_captive=data["for_captive"],
            actor=request.user,
        )
        return self._done(line, participant)

    @extend_schema(tags=TAGS, request=SearchSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="trading/search")
    def search(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """A hero who stood in the last game rolls 2D6 for a rare item (once per game)."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(SearchSerializer),
        )
        line = trade_search(
            participant=participant, hero=data["hero"], item=data["item"], actor=request.user
        )
        return self._done(line, participant)

    @extend_schema(tags=TAGS, request=TradeSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="trading/buy")
    def buy(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """Buy an item for a roster entry at its listed price (a rare one once found)."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(TradeSerializer),
        )
        version = trade_buy(
            participant=participant, unit=data["unit"], item=data["item"], actor=request.user
        )
        return Response(
            {
                "version": version.number,
                "spent": version.spent,
                "treasury": participant_budget(participant=participant),
            },
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(tags=TAGS, request=TradeSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="trading/sell")
    def sell(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """Sell an item a roster entry carries for half its listed price."""
        participant, data = (
            self.participant(campaign_pk, participant_pk),
            self._input(TradeSerializer),
        )
        line = trade_sell(
            participant=participant, unit=data["unit"], item=data["item"], actor=request.user
        )
        return self._done(line, participant)

    def _hired(self, service: Any, campaign_pk: str, participant_pk: str) -> Response:
        participant = self.participant(campaign_pk, participant_pk)
        data = self._input(HiredSwordSerializer)
        line = service(participant=participant, slug=data["hired_sword"], actor=self.request.user)
        return self._done(line, participant)

    @extend_schema(tags=TAGS, request=HiredSwordSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="hired-swords/hire")
    def hire(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """Hire a hired sword for its fee (one of each type)."""
        return self._hired(hired_sword_hire, campaign_pk, participant_pk)

    @extend_schema(tags=TAGS, request=HiredSwordSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="hired-swords/upkeep")
    def upkeep(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """Pay the upkeep due after a game he fought, or he leaves before the next."""
        return self._hired(hired_sword_upkeep, campaign_pk, participant_pk)

    @extend_schema(tags=TAGS, request=HiredSwordSerializer, responses={201: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="hired-swords/dismiss")
    def dismiss(self, request: Request, campaign_pk: str, participant_pk: str) -> Response:
        """Let a hired sword go."""
        return self._hired(hired_sword_dismiss, campaign_pk, participant_pk)
