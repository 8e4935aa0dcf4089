"""Unit cards on paper and the dark theme (issue 24), on a desktop and a 390 × 844 phone: the
cards page lays every unit's card with its stat line, weapons and points, two a row on
paper that fits A4 and Letter with no card split, its PDF downloads and parses with the
unit names, and the pages follow the system's dark setting."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from armybuilder.rosterdata import load_sample_roster
from armybuilder.services.exchange import roster_import
from tests.browser.conftest import make_player, sign_in
from tests.support import pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A4_CONTENT_PX = (210 - 24) / 25.4 * 96  # the narrower paper's width less 12 mm margins


def luminance(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def open_cards(page: Page, roster_pk: int) -> None:
    sign_in(page, "ostrel")
    page.goto(f"/rosters/{roster_pk}/print/")
    page.get_by_role("link", name="Unit cards").click()
    expect(page.locator(".unit-card").first).to_be_visible()


def test_unit_cards_print_two_a_row_within_a4_and_letter_and_download_as_pdf(
    page: Page, catalogues, screenshot, tmp_path
):
    owner = make_player("ostrel")
    roster = roster_import(
        owner=owner, data=load_sample_roster("grimdark", "iron-wardens-strike-force")
    )
    open_cards(page, roster.pk)
    cards = page.locator(".unit-card")
    assert cards.count() == len(roster.payload["units"])
    first = cards.first
    expect(first.get_by_role("table", name=re.compile("^Profile of"))).to_be_visible()
    expect(page.get_by_text("7× Bolter").first).to_be_visible()
    expect(page.get_by_text("Lone Commander").first).to_be_visible()
    screenshot(page, "cards-desktop")

    page.emulate_media(media="print")
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    lefts = sorted({round(b["x"]) for b in boxes})
    assert len(lefts) == 2, lefts  # two cards a row
    assert max(b["x"] + b["width"] for b in boxes) - min(lefts) <= A4_CONTENT_PX + 1
    assert page.locator(".site-header").is_hidden()
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper, prefer_css_page_size=False)
        assert pdf.startswith(b"%PDF")
    screenshot(page, "cards-print")
    page.emulate_media(media="screen")

    with page.expect_download() as download:
        page.get_by_role("link", name="Download PDF").click()
    saved = tmp_path / "cards.pdf"
    download.value.save_as(saved)
    assert download.value.suggested_filename.endswith("cards.pdf")
    shown = pdf_text(Path(saved).read_bytes())
    for unit in roster.payload["units"]:
        assert (unit.get("name") or "") in shown


def test_unit_cards_fit_a_phone(browser: Browser, live_server, catalogues, screenshot):
    owner = make_player("ostrel")
    roster = roster_import(owner=owner, data=load_sample_roster("massbattle", "gravemire-tide"))
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True
    )
    try:
        page = context.new_page()
        open_cards(page, roster.pk)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        text = page.locator(".cards-page").inner_text()
        assert "crushing-strength" not in text
        assert "Crushing Strength (1)" in text
        screenshot(page, "cards-phone")
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [(1280, 900), (390, 844)])
def test_the_pages_follow_a_dark_system_setting(
    browser: Browser, live_server, catalogues, screenshot, viewport
):
    owner = make_player("ostrel")
    roster = roster_import(owner=owner, data=load_sample_roster("skirmish", "night-watch"))
    width, height = viewport
    for scheme, dark in (("light", False), ("dark", True)):
        context = browser.new_context(
            base_url=live_server.url,
            viewport={"width": width, "height": height},
            color_scheme=scheme,
        )
        try:
            page = context.new_page()
            sign_in(page, "ostrel")
            page.goto(f"/rosters/{roster.pk}/print/")
            body = page.evaluate("getComputedStyle(document.body).backgroundColor")
            ink = page.evaluate("getComputedStyle(document.querySelector('h1')).color")
            assert (luminance(body) < 0.1) is dark, body
            light, deep = sorted((luminance(body), luminance(ink)), reverse=True)
            assert (light + 0.05) / (deep + 0.05) >= 4.5
            screenshot(page, scheme)
        finally:
            context.close()
