"""scripts/common.sh: ``ensure_apt`` waits for another apt/dpkg process instead of failing
on the dpkg lock, and ``supervise`` restarts a command that exits (issue 22 item 11,
issue 23 item 0)."""

import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bash(script: str, env: dict[str, str] | None = None, timeout: float = 60):
    return subprocess.run(
        ["bash", "-c", f"source scripts/common.sh; {script}"],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def fake_dpkg(tmp_path: Path, seconds: int) -> subprocess.Popen:
    """A process named ``dpkg`` (a copy of ``sleep``) that runs for ``seconds``, reaped as
    soon as it ends (a zombie keeps its name)."""
    dpkg = tmp_path / "dpkg"
    shutil.copy(shutil.which("sleep"), dpkg)
    process = subprocess.Popen([str(dpkg), str(seconds)])
    threading.Thread(target=process.wait, daemon=True).start()
    return process


def test_wait_for_apt_waits_while_dpkg_runs(tmp_path):
    holder = fake_dpkg(tmp_path, 4)
    try:
        started = time.monotonic()
        result = bash("wait_for_apt")
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.wait()
    assert result.returncode == 0, result.stderr
    assert "Waiting for another apt/dpkg process" in result.stdout
    assert waited >= 2


def test_wait_for_apt_gives_up_after_the_timeout(tmp_path):
    holder = fake_dpkg(tmp_path, 30)
    try:
        result = bash("wait_for_apt", {"MUSTER_APT_LOCK_TIMEOUT": "2"})
    finally:
        holder.kill()
        holder.wait()
    assert result.returncode == 1
    assert "giving up" in result.stderr


def test_supervise_restarts_a_command_that_exits(tmp_path):
    log = tmp_path / "supervise.log"
    runs = tmp_path / "runs"
    supervisor = subprocess.Popen(
        ["bash", "-c", f"source scripts/common.sh; supervise {log} sh -c 'echo x >> {runs}'"],
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and runs.exists() and len(runs.read_text()) < 6:
            time.sleep(0.2)
        while time.monotonic() < deadline and not runs.exists():
            time.sleep(0.2)
        time.sleep(2.5)
    finally:
        supervisor.terminate()
        supervisor.wait(timeout=10)
    assert len(runs.read_text().split()) >= 2
    assert "exited with status 0, restarting" in log.read_text()
