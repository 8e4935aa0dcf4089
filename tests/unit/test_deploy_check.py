"""``manage.py check --deploy`` finds no security issue with the production environment the
README documents (issue 22 item 9). (Schema warnings of drf-spectacular belong to the views
and are not deployment settings, hence ``--tag security``.)"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The README's "Production environment" block, verbatim in meaning.
PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "Jx8#qL2!vR9@mZ4$wT7^nB1&kH6*pF3(cD0)sG5_yA-eUoW3rT",
    "ALLOWED_HOSTS": "muster.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://muster.example.org",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
    "SESSION_COOKIE_SECURE": "1",
    "CSRF_COOKIE_SECURE": "1",
    "NUM_PROXIES": "1",
}


def deploy_check(extra: dict[str, str]) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SECURE_", "DEBUG"))}
    env.update(extra)
    return subprocess.run(
        [
            *(sys.executable, "manage.py", "check", "--deploy", "--tag", "security"),
            *("--fail-level", "WARNING"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_documented_production_environment_passes_the_deploy_check():
    result = deploy_check(PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_without_the_https_settings_the_deploy_check_warns():
    bare = {k: v for k, v in PRODUCTION_ENV.items() if not k.startswith("SECURE_")}
    result = deploy_check(bare)
    assert result.returncode != 0
    assert "security.W004" in result.stderr + result.stdout


def test_readme_documents_every_production_variable():
    readme = (ROOT / "README.md").read_text()
    for name in PRODUCTION_ENV:
        assert f"`{name}`" in readme, name
