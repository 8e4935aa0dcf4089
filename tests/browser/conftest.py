"""Browser tests: Playwright's sync API driving Debian's Chromium against pytest-django's
live server. Each test saves screenshots under ``$MUSTER_TEST_OUTPUT/browser`` (or its
``tmp_path`` when the variable is unset), never at a fixed path another run would share."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import connection, transaction

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the test
# body would otherwise be refused as "async unsafe".
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from armybuilder.models import GameSystem
from armybuilder.services.catalogues import catalogues_load

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
#: How long a page action may take: the session's first page (templates, static files) took
#: more than 10 s on a loaded two-core machine.
PAGE_TIMEOUT_MS = 20_000
#: The screens the table pages are tried on: a 390 × 844 phone held upright and a desktop.
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

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


@pytest.fixture(scope="session")
def catalogue_rows(django_db_setup, django_db_blocker) -> dict[str, tuple[list[str], list]]:
    """The sample catalogues' rows, read once: every table of the army builder between two
    tests holds only the catalogues (the session loads them, a transactional test flushes
    them with everything else; loaded again here when one did). Column names and rows."""
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        if not GameSystem.objects.exists():
            catalogues_load()
        rows = {}
        for model in apps.get_app_config("armybuilder").get_models(include_auto_created=True):
            table = connection.ops.quote_name(model._meta.db_table)
            cursor.execute(f"SELECT * FROM {table}")  # noqa: S608 (a model's own table)
            found = cursor.fetchall()
            if found:
                rows[table] = ([c.name for c in cursor.description], found)
        return rows


@pytest.fixture
def catalogues(transactional_db, catalogue_rows) -> None:
    """The sample catalogues in a database the previous browser test flushed: their rows
    written back as they were read (a few hundred rows in one transaction), not loaded from
    the YAML files again, which costs seconds a test; the sequences then follow the rows."""
    if GameSystem.objects.exists():
        return
    with transaction.atomic(), connection.cursor() as cursor:
        for table, (columns, rows) in catalogue_rows.items():
            names = ", ".join(connection.ops.quote_name(c) for c in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)  # noqa: S608
        models = apps.get_app_config("armybuilder").get_models(include_auto_created=True)
        for sql in connection.ops.sequence_reset_sql(no_style(), list(models)):
            cursor.execute(sql)


@pytest.fixture
def open_page(browser: Browser, live_server) -> Iterator[Callable[..., Page]]:
    """Open pages in fresh browser contexts of the live server, closed after the test:
    ``open_page(viewport, script="", touch=False)``, with an optional init script."""
    contexts = []

    def make(viewport: dict[str, int], script: str = "", *, touch: bool = False) -> Page:
        context = browser.new_context(base_url=live_server.url, viewport=viewport, has_touch=touch)
        if script:
            context.add_init_script(script)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def new_page(open_page) -> Callable[[], Page]:
    """Open desktop pages in fresh browser contexts (one per signed-in user)."""
    return lambda: open_page(DESKTOP)


@pytest.fixture
def page(new_page) -> Page:
    return new_page()


@pytest.fixture
def sized_page(open_page) -> Callable[..., Page]:
    """Open a page in a fresh context of the given viewport (a touch screen below 900 px),
    with an optional init script."""
    return lambda viewport, script="": open_page(viewport, script, touch=viewport["width"] < 900)


@pytest.fixture
def screenshot(request, tmp_path) -> Callable[..., Path]:
    """Save a screenshot of a page (the whole page unless ``full_page=False``: then what
    the screen shows) or of one element, named after the test and a label."""
    root = os.environ.get("MUSTER_TEST_OUTPUT")
    folder = Path(root) / "browser" if root else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    test = re.sub(r"[^A-Za-z0-9_-]+", "-", request.node.name)

    def save(target: Page | Locator, label: str, *, full_page: bool = True) -> Path:
        path = folder / f"{test}-{label}.png"
        if isinstance(target, Page):
            target.screenshot(path=str(path), full_page=full_page)
        else:
            target.screenshot(path=str(path))
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


def join_by_link(page: Page, username: str, link: str, *, field: str, code: str, button: str):
    """Sign in as ``username``, open an invite ``link``, see it fill ``field`` with ``code``
    and press the join ``button``."""
    sign_in(page, username)
    page.goto(link)
    expect(page.get_by_label(field)).to_have_value(code)
    page.get_by_role("button", name=button).click()
