"""The instance's Ed25519 key, which signs list verifications so anyone can check a list
offline with the published public key (``GET /api/v1/verify/key/``).

The private key comes from ``MUSTER_SIGNING_KEY`` (the 32-byte seed, base64) when set, else
from the key file ``MUSTER_SIGNING_KEY_FILE`` (default ``var/signing-key.ed25519``), created
on first use with a fresh random seed and mode 0600. It is not derived from ``SECRET_KEY``:
a leaked or development ``SECRET_KEY`` lets nobody forge a list, and rotating one does not
invalidate the other. The ``key_id`` is the first 16 hex digits of the SHA-256 of the public
key, so a token names the key that signed it.
"""

from __future__ import annotations

import base64
import hashlib
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings

SEED_BYTES = 32


def b64url(data: bytes) -> str:
    """URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """The bytes of URL-safe base64 with or without padding (ValueError if malformed)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True, slots=True)
class InstanceKey:
    """The instance's signing key and what it publishes of it."""

    private: Ed25519PrivateKey
    public: Ed25519PublicKey
    public_raw: bytes
    key_id: str


def _seed_from_file(path: Path) -> bytes:
    """The seed in ``path``, written first (0600, never overwritten) when there is none."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return b64url_decode(path.read_text().strip())
    with os.fdopen(descriptor, "w") as handle:
        handle.write(b64url(os.urandom(SEED_BYTES)) + "\n")
    return b64url_decode(path.read_text().strip())


@cache
def _load(env_seed: str, key_file: str) -> InstanceKey:
    seed = b64url_decode(env_seed.strip()) if env_seed else _seed_from_file(Path(key_file))
    if len(seed) != SEED_BYTES:
        raise ValueError(f"The signing key must be {SEED_BYTES} bytes (base64), got {len(seed)}")
    private = Ed25519PrivateKey.from_private_bytes(seed)
    public = private.public_key()
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return InstanceKey(private, public, raw, hashlib.sha256(raw).hexdigest()[:16])


def instance_key() -> InstanceKey:
    """The instance's key as the settings name it (loaded once per setting)."""
    return _load(settings.MUSTER_SIGNING_KEY, str(settings.MUSTER_SIGNING_KEY_FILE))


def sign(message: bytes) -> bytes:
    """The instance's Ed25519 signature of ``message``."""
    return instance_key().private.sign(message)


def signature_valid(message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is the instance key's signature of ``message``."""
    try:
        instance_key().public.verify(signature, message)
    except InvalidSignature:
        return False
    return True


def key_id_matches(key_id: object) -> bool:
    """Whether ``key_id`` names the instance's current key."""
    return key_id == instance_key().key_id


def public_key_document() -> dict[str, str]:
    """What a checker needs to verify a token offline: the instance, the algorithm, the key
    id and the raw public key (base64url) and its PEM."""
    key = instance_key()
    pem = key.public.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode("ascii")
    return {
        "instance": settings.MUSTER_INSTANCE_NAME,
        "algorithm": "Ed25519",
        "key_id": key.key_id,
        "public_key": b64url(key.public_raw),
        "public_key_pem": pem,
    }
