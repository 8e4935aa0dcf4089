"""docs/api.md: every curl of the walk-through, replayed in order, answers without error."""

import json
import re
import shlex
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
BASH_BLOCK = re.compile(r"```bash\n(.*?)```", re.DOTALL)


def curl_commands(markdown: str) -> list[str]:
    """The curl commands of the walk-through's bash blocks (continuation lines joined)."""
    commands = []
    for block in BASH_BLOCK.findall(markdown):
        for line in block.replace("\\\n", " ").splitlines():
            if line.strip().startswith("curl "):
                commands.append(line.strip())
    return commands


def parse_curl(command: str, variables: dict[str, str]) -> dict:
    """Method, path, query, headers and body of one curl command."""
    for name, value in variables.items():
        command = command.replace(f"${name}", value)
    words = shlex.split(command)[1:]
    request = {"method": "GET", "headers": {}, "body": None, "url": None}
    index = 0
    while index < len(words):
        word = words[index]
        if word == "-X":
            request["method"] = words[index + 1]
            index += 2
        elif word == "-H":
            name, value = words[index + 1].split(":", 1)
            request["headers"][name.strip()] = value.strip()
            index += 2
        elif word == "-d":
            request["body"] = words[index + 1]
            if request["method"] == "GET":
                request["method"] = "POST"
            index += 2
        elif word.startswith("-"):
            index += 1
        else:
            request["url"] = word
            index += 1
    return request


def test_walkthrough_has_the_promised_steps():
    commands = curl_commands(DOC.read_text())
    joined = "\n".join(commands)
    for step in ("auth/register/", "auth/token/", "rosters/validate/", "export/", "calc/attacks/"):
        assert step in joined


def test_every_curl_in_the_walkthrough_succeeds(catalogues):
    client = APIClient()
    variables: dict[str, str] = {}
    commands = curl_commands(DOC.read_text())
    assert len(commands) >= 12
    for command in commands:
        request = parse_curl(command, variables)
        assert "$" not in (request["url"] or ""), f"unresolved variable in {command}"
        url = urlsplit(request["url"])
        extra = {}
        if "Authorization" in request["headers"]:
            extra["HTTP_AUTHORIZATION"] = request["headers"]["Authorization"]
        if request["body"] is not None:
            json.loads(request["body"])  # the documented body is valid JSON
        response = client.generic(
            request["method"],
            f"{url.path}?{url.query}" if url.query else url.path,
            data=request["body"] or "",
            content_type=request["headers"].get("Content-Type", "application/json"),
            **extra,
        )
        assert response.status_code < 400, (command, response.content[:500])
        if url.path.endswith("/auth/token/"):
            variables["TOKEN"] = response.json()["token"]
        if url.path == "/api/v1/rosters/" and request["method"] == "POST":
            variables["ROSTER_ID"] = str(response.json()["id"])
            assert response.json()["validation"]["legal"] is True
        if url.path.endswith("/verification/"):
            variables["VERIFY_TOKEN"] = response.json()["token"]
        if url.path.endswith("/calc/attacks/"):
            assert "unsaved_wounds" in response.json()["expected"]
