"""Unpack uploaded BattleScribe files within limits: ``.gst``/``.cat``/``.ros`` as they are,
``.gstz``/``.catz``/``.rosz`` and ``.zip`` archives member by member.

Every limit is checked before the bytes it protects are read: each file and each member at
most ``MAX_FILE_BYTES`` (20 MB, the issue's bound), an archive at most ``MAX_MEMBERS``
members and ``MAX_FILE_BYTES`` unpacked in all, and no member inflating more than
``MAX_RATIO`` times its packed size (a zip bomb is refused after reading at most one chunk
past the bound, never inflated whole).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

from armybuilder.battlescribe.errors import BattleScribeRefused

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_MEMBERS = 64
MAX_RATIO = 100
CHUNK = 64 * 1024
PLAIN = (".gst", ".cat", ".ros")
ZIPPED = {".gstz": ".gst", ".catz": ".cat", ".rosz": ".ros", ".zip": ""}


@dataclass(frozen=True, slots=True)
class DataFile:
    """One XML file to read: its name (``army.catz/army.cat`` inside an archive)."""

    name: str
    data: bytes


def _suffix(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot >= 0 else ""


def _inflate(archive: zipfile.ZipFile, member: zipfile.ZipInfo, where: str, budget: int) -> bytes:
    bound = min(budget, MAX_FILE_BYTES, max(member.compress_size, 1) * MAX_RATIO)
    out = bytearray()
    with archive.open(member) as stream:
        while chunk := stream.read(CHUNK):
            out += chunk
            if len(out) > bound:
                raise BattleScribeRefused(
                    "battlescribe.zip_bomb",
                    where,
                    f"inflates past {bound} bytes (at most {MAX_FILE_BYTES} bytes and "
                    f"{MAX_RATIO} times its packed size are accepted)",
                )
    return bytes(out)


def _unzip(name: str, data: bytes, inner: str) -> list[DataFile]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise BattleScribeRefused("battlescribe.zip_invalid", name, "not a zip archive") from None
    members = [m for m in archive.infolist() if not m.is_dir()]
    if len(members) > MAX_MEMBERS:
        raise BattleScribeRefused(
            "battlescribe.zip_members", name, f"{len(members)} members; at most {MAX_MEMBERS}"
        )
    files: list[DataFile] = []
    budget = MAX_FILE_BYTES
    for member in members:
        where = f"{name}/{member.filename}"
        suffix = _suffix(member.filename)
        if suffix not in PLAIN or (inner and suffix != inner):
            raise BattleScribeRefused(
                "battlescribe.file_type",
                where,
                f"not a {inner or ' / '.join(PLAIN)} file",
            )
        try:
            body = _inflate(archive, member, where, budget)
        except (zipfile.BadZipFile, OSError, NotImplementedError) as error:
            raise BattleScribeRefused("battlescribe.zip_invalid", where, str(error)) from None
        budget -= len(body)
        files.append(DataFile(where, body))
    if not files:
        raise BattleScribeRefused("battlescribe.zip_empty", name, "the archive holds no file")
    return files


def unpack(uploads: list[tuple[str, bytes]]) -> list[DataFile]:
    """The XML files of the uploads, in upload order (archives expanded in place)."""
    files: list[DataFile] = []
    for name, data in uploads:
        if len(data) > MAX_FILE_BYTES:
            raise BattleScribeRefused(
                "battlescribe.too_large",
                name,
                f"{len(data)} bytes; at most {MAX_FILE_BYTES} are accepted",
            )
        suffix = _suffix(name)
        if suffix in PLAIN:
            files.append(DataFile(name, data))
        elif suffix in ZIPPED:
            files.extend(_unzip(name, data, ZIPPED[suffix]))
        else:
            raise BattleScribeRefused(
                "battlescribe.file_type",
                name,
                "not a BattleScribe file (.gst, .cat, .ros, .gstz, .catz, .rosz or .zip)",
            )
    return files
