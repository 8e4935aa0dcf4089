"""``POST /calc/attacks/``: exact odds of one attack sequence, by game system (its ``odds``
capability)."""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.exceptions import ApiError
from api.serializers.calc import (
    CALC_SERIALIZERS,
    ODDS,
    AttackOddsSerializer,
    CalcSystemSerializer,
    calc_serializer_for,
)
from api.throttles import ExpensiveWriteThrottleMixin
from rules.engine.systems.base import EngineError


def engine_field(code: str, request_data: dict[str, Any]) -> str | None:
    """The request field an EngineError code names: ``odds.target.toughness`` →
    ``target.toughness``, ``odds.ap_invalid`` → ``ap``, ``odds.defence_missing`` →
    ``defence`` (a missing field is named even though the request lacks it, and so is a
    field the system's calculator declares: ``odds.strength`` → ``strength``),
    ``attacker.WS`` → itself."""
    path = code.removeprefix("odds.")
    missing = path.endswith("_missing")
    for suffix in ("_missing", "_invalid"):
        path = path.removesuffix(suffix)
    root = re.split(r"[.\[]", path, maxsplit=1)[0]
    if root == "system":
        return None
    declared = {spec.name for spec in ODDS[request_data["system"]].fields}
    return path if missing or root in request_data or path in declared else None


def plain(data: Any) -> Any:
    """Validated data as plain dicts and lists (the engine takes JSON-like input)."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(item) for item in data]
    return data


def attack_odds(request_data: dict[str, Any]) -> dict[str, Any]:
    """Run the system's calculator on a validated request; EngineError answers 400 with
    the field it names."""
    try:
        result = ODDS[request_data["system"]].calculate(request_data)
    except EngineError as error:
        field = engine_field(error.code, request_data)
        raise ApiError(
            error.code if field is None else "invalid",
            error.message,
            fields={field: [error.message]} if field else {},
        ) from error
    return {"system": request_data["system"], **result.as_dict()}


CALC_REQUEST = PolymorphicProxySerializer(
    component_name="AttackOddsRequest",
    serializers=CALC_SERIALIZERS,
    resource_type_field_name="system",
)


class AttackOddsView(ExpensiveWriteThrottleMixin, APIView):
    """Exact odds of one attack sequence; anyone may call it (``calc`` throttle).

    Grimdark's ``expected`` is each exact mean rounded half-to-even to 6 decimals (the
    fractions themselves in ``detail.expected_exact``), its ``distributions`` rounded to 12
    decimals. A key the system does not declare, a number sent as a string, a value out of
    its declared range (grimdark: at most 200 attacks and 200 models) or a combination the
    engine refuses answers 400 naming the field."""

    permission_classes = [permissions.AllowAny]
    throttle_scope = "calc"

    @extend_schema(request=CALC_REQUEST, responses={200: AttackOddsSerializer}, tags=["calc"])
    def post(self, request: Request) -> Response:
        head = CalcSystemSerializer(data=request.data)
        head.is_valid(raise_exception=True)
        serializer = calc_serializer_for(head.validated_data["system"])(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(attack_odds(plain(serializer.validated_data)))
