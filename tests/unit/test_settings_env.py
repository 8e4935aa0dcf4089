"""Settings refuse to start without a fit secret key when DEBUG is off (issue 22, item 4)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_settings(extra_env: dict[str, str]) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    env.update(extra_env)
    return subprocess.run(
        [sys.executable, "-c", "import config.settings"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_missing_secret_key_with_debug_off_stops_start_up():
    result = run_settings({"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


STRONG_KEY = "k7#Qw9!zR2@mX5$vB8^nL1&pT4*jH6(cF3)dS0_gY" + "aEiOuWqZxCv"


def test_secret_key_given_with_debug_off_starts():
    result = run_settings({"DEBUG": "0", "SECRET_KEY": STRONG_KEY})
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("muster-embedded-development-key-not-for-production", "published development key"),
        ("django-insecure-" + STRONG_KEY, "published development key"),
        ("short-but-varied-key-1234", "at least 50 are needed"),
        ("ab" * 40, "different characters"),
    ],
)
def test_production_refuses_a_development_short_or_repetitive_key(key, reason):
    result = run_settings({"DEBUG": "0", "SECRET_KEY": key})
    assert result.returncode != 0
    assert "SECRET_KEY is unfit for production" in result.stderr
    assert reason in result.stderr


def test_debug_still_starts_with_the_development_key():
    assert run_settings({"DEBUG": "1"}).returncode == 0
