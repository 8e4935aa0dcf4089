"""docker-compose.yml and the Dockerfile (issue 22 item 10): checked as files, since Docker
does not run on the test machines."""

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
APP_SERVICES = ("web", "worker", "beat")


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_postgres_health_is_checked_over_tcp(compose):
    test = " ".join(compose["services"]["postgres"]["healthcheck"]["test"])
    assert "pg_isready -h 127.0.0.1" in test


def test_migrate_retries_on_failure_and_waits_for_postgres(compose):
    migrate = compose["services"]["migrate"]
    assert migrate["restart"] == "on-failure"
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"


def test_one_image_is_built_once_and_reused(compose):
    services = compose["services"]
    built = [name for name, service in services.items() if "build" in service]
    assert built == ["migrate"]
    image = services["migrate"]["image"]
    for name in APP_SERVICES:
        assert services[name]["image"] == image
        assert "build" not in services[name]


def test_long_running_services_restart(compose):
    for name in (*APP_SERVICES, "postgres", "redis"):
        assert compose["services"][name]["restart"] == "unless-stopped", name


def test_app_services_get_csrf_origins_proxies_and_the_demo_switch(compose):
    for name in (*APP_SERVICES, "migrate"):
        env = compose["services"][name]["environment"]
        assert "CSRF_TRUSTED_ORIGINS" in env
        assert "NUM_PROXIES" in env
    migrate = compose["services"]["migrate"]
    assert "MUSTER_DEMO_USER" in migrate["environment"]
    assert "ensure_demo_user" in " ".join(migrate["command"])


def test_the_image_runs_as_a_non_root_user():
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users
    assert users[-1] not in ("root", "0")


def test_simulations_have_their_own_worker_pool(compose):
    """Issue 22 §6: bulk simulations on their own queue and pool (docker-compose and ./run),
    sized by MUSTER_SIMULATION_CONCURRENCY, and the battles worker never takes them."""
    services = compose["services"]
    pool = " ".join(services["worker-simulations"]["command"])
    assert "-Q simulations " in pool
    assert "${MUSTER_SIMULATION_CONCURRENCY" in pool
    assert services["worker-simulations"]["image"] == services["worker"]["image"]
    assert services["worker-simulations"]["restart"] == "unless-stopped"
    battles = services["worker"]["command"]
    assert "simulations" not in battles[battles.index("-Q") + 1].split(",")
    run = (ROOT / "run").read_text()
    assert "-Q simulations" in run
    assert '-c "${MUSTER_SIMULATION_CONCURRENCY:-1}"' in run


def test_the_image_plays_the_compiled_engine_it_builds():
    """Issue 25: a build stage compiles the engine (``python -m rules.engine_build``) from
    the same sources the image holds; the image copies the build where
    ``MUSTER_COMPILED_ENGINE`` names it and is not built unless that engine is the one
    imported (a stale stamp warns, and the warning is an error there); the compiler stays
    in the build stage."""
    text = (ROOT / "Dockerfile").read_text()
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    stages = code.split("\nFROM ")
    assert len(stages) == 3  # what comes before the first FROM, the build stage, the image
    build, image = stages[1], stages[2]
    assert build.split()[0] == image.split()[0] == "python:3.11-slim"
    assert build.splitlines()[0].endswith(" AS engine")
    assert "pip install --no-cache-dir -r requirements-engine-build.txt" in build
    assert "COPY rules/__init__.py rules/engine_build.py rules/" in build
    assert "COPY rules/engine rules/engine" in build
    built = re.search(r'python -m rules.engine_build > (\S+) && mv "\$\(cat \1\)" (\S+)', build)
    assert built
    assert "gcc" in build
    assert "gcc" not in image
    target = re.search(r"MUSTER_COMPILED_ENGINE=(\S+)", image).group(1)
    assert f"COPY --from=engine {built.group(2)} {target}" in image
    check = 'python -W error::RuntimeWarning -c "import config, rules.engine as e;'
    assert check in image
    assert image.index("COPY --from=engine") < image.index(check)


def test_the_engine_build_stage_pins_what_the_suite_type_checks_with():
    """The stage installs requirements-engine-build.txt alone (a dev pin changing does not
    redo the build); its pins are requirements-dev.txt's."""

    def pins(name: str) -> dict[str, str]:
        lines = (ROOT / name).read_text().splitlines()
        return dict(
            line.split("==", 1) for line in lines if "==" in line and not line.startswith("#")
        )

    engine, dev = pins("requirements-engine-build.txt"), pins("requirements-dev.txt")
    assert "mypy" in engine
    assert {name: dev.get(name) for name in engine} == engine


def test_the_image_leaves_out_caches_and_stray_engine_builds():
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    for pattern in ("var", ".mypy_cache", "rules/engine/**/*.so"):
        assert pattern in ignored


def test_the_web_server_runs_the_balanced_threaded_worker(compose):
    """docker-compose.yml, the Dockerfile and the README's stack serve with
    ``config.gunicorn_worker.BalancedThreadWorker`` (tests/integration/test_gunicorn_worker.py),
    a class gunicorn can import."""
    from gunicorn.workers.gthread import ThreadWorker

    from config.gunicorn_worker import BalancedThreadWorker

    name = "config.gunicorn_worker.BalancedThreadWorker"
    assert issubclass(BalancedThreadWorker, ThreadWorker)
    assert f"--worker-class={name}" in compose["services"]["web"]["command"]
    assert f'"--worker-class", "{name}"' in (ROOT / "Dockerfile").read_text()
    assert f"--worker-class {name}" in (ROOT / "README.md").read_text()
