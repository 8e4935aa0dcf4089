"""Helpers of the BattleScribe API tests: the original fixture files and upload calls."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "battlescribe"
MASSBATTLE = ("ember-realms.gst", "ember-armoury.cat", "emberhold.cat")
SKIRMISH = ("gutter-war.gst", "lamplighters.cat", "rat-catchers.cat")
GRIMDARK = ("void-crusade.gst", "star-wardens.cat")


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def files(*named: tuple[str, bytes] | str) -> list[SimpleUploadedFile]:
    """Upload objects of fixture names or (name, bytes) pairs."""
    out = []
    for item in named:
        name, data = (item, fixture(item)) if isinstance(item, str) else item
        out.append(SimpleUploadedFile(name, data, content_type="application/octet-stream"))
    return out


def post_files(client, path: str, system: str, uploads, key: str = "files"):
    return client.post(path, {"system": system, key: uploads}, format="multipart")


def preview(client, system: str, *named):
    return post_files(client, "/api/v1/battlescribe/preview/", system, files(*named))


def accept(client, system: str, *named):
    return post_files(client, "/api/v1/battlescribe/imports/", system, files(*named))
