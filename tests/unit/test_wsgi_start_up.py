"""A gunicorn worker loads the URL configuration when it boots, not on its first request
(issue 25, "the API under load": the first client of each new worker used to wait about
1.3 s of CPU for the views and the PDF cards' fonts)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
import config.wsgi
print(all(name in sys.modules for name in ("config.urls", "frontend.cards_pdf", "api.views")))
"""


def test_importing_the_wsgi_application_loads_the_urlconf_and_its_views():
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"
