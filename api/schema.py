"""OpenAPI generation: every operation documents the error format for its 4xx answers."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers


class ErrorDetailSerializer(serializers.Serializer):
    """The body of an error: stable code, message for people, messages per field path."""

    code = serializers.CharField()
    message = serializers.CharField()
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


class ErrorSerializer(serializers.Serializer):
    """``{"error": {"code", "message", "fields"}}``, the answer to every 4xx."""

    error = ErrorDetailSerializer()


ERROR_STATUSES: dict[str, str] = {
    "400": "Malformed JSON, wrong types, unknown slugs or numbers out of range.",
    "401": "Missing or invalid credentials.",
    "403": "Authenticated but not allowed (for example a missing CSRF token).",
    "404": "Not found, or not yours.",
    "405": "Method not allowed.",
    "406": "The Accept header asks for a format the endpoint does not produce.",
    "413": "The request body is larger than the server accepts.",
    "415": "The request body is not JSON.",
    "429": "Too many requests; retry later.",
}
# Writes may also conflict with the object's current state (a clock not running, a roster
# still played in a campaign, a game already confirmed…).
WRITE_ERROR_STATUSES: dict[str, str] = {
    "409": "Conflicts with the current state of the object.",
}
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class MusterAutoSchema(AutoSchema):
    """drf-spectacular's schema with the shared error responses added to each operation."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        statuses = dict(ERROR_STATUSES)
        if self.method.upper() not in SAFE_METHODS:
            statuses.update(WRITE_ERROR_STATUSES)
        for code, description in statuses.items():
            if code not in responses:
                response = self._get_response_for_code(ErrorSerializer, code, direction=direction)
                response["description"] = description
                responses[code] = response
        return responses
