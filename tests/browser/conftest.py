"""Browser tests: Playwright's sync API driving Debian's Chromium against pytest-django's
live server. Each test saves screenshots under ``$MUSTER_TEST_OUTPUT/browser`` (or its
``tmp_path`` when the variable is unset)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the test
# body would otherwise be refused as "async unsafe".
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = os.environ.get("MUSTER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PASSWORD = "Qx7!plumbus-9"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (./test installs it with apt)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


@pytest.fixture
def catalogues(transactional_db) -> None:
    call_command("load_catalogues", verbosity=0)


@pytest.fixture
def new_page(browser: Browser, live_server) -> Iterator[Callable[[], Page]]:
    """Open pages in fresh browser contexts (one per signed-in user)."""
    contexts = []

    def make() -> Page:
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": 1280, "height": 900}
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page) -> Page:
    return new_page()


@pytest.fixture
def screenshot(request, tmp_path) -> Callable[[Page, str], Path]:
    """Save a full-page screenshot named after the test and a label."""
    root = os.environ.get("MUSTER_TEST_OUTPUT")
    folder = Path(root) / "browser" if root else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    test = re.sub(r"[^A-Za-z0-9_-]+", "-", request.node.name)

    def save(page: Page, label: str) -> Path:
        path = folder / f"{test}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


def make_player(username: str):
    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def sign_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/rosters/")
