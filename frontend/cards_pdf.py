"""The unit cards as a PDF (fpdf2, pure Python): the same cards as the print page, two
columns on a page that fits both A4 and US Letter (A4's width, Letter's height, 12 mm
margins), a card never split across pages, then the rules glossary.

fpdf2's core fonts (Helvetica) hold Latin-1 only, so the few typographic marks outside it
(″, —, →, curly quotes) are written as their ASCII look-alikes; no font file is needed.
"""

from __future__ import annotations

from typing import Any

from fpdf import FPDF

PAGE_MM = (210.0, 279.4)  # A4 width × Letter height: prints uncut on either paper
MARGIN_MM = 12.0
GAP_MM = 5.0
LINE_MM = 4.2
ASCII_FOR = {"″": '"', "—": "-", "–": "-", "→": "->", "’": "'", "‘": "'", "“": '"', "”": '"'}


def latin1(text: object) -> str:
    """``text`` in the core fonts' Latin-1, typographic marks replaced, anything else '?'."""
    value = "".join(ASCII_FOR.get(ch, ch) for ch in str(text))
    return value.encode("latin-1", "replace").decode("latin-1")


def _card_lines(card: dict[str, Any], points_name: str) -> list[tuple[str, str]]:
    """A card as ``(style, text)`` lines: "B" the title, "" body text, "S" the stat line."""
    if "stats" not in card:
        return [("B", card["name"]), ("", "Unknown unit: not in the catalogue")]
    title = f"{card['size']}x {card['name']}   {card['points']} {points_name}"
    lines = [("B", title)]
    if card["name"] != card["unit_name"]:
        lines.append(("I", f"{card['unit_name']} - {card['category']}"))
    else:
        lines.append(("I", card["category"]))
    lines.append(("S", "  ".join(f"{key} {value}" for key, value in card["stats"])))
    derived = card.get("derived") or {}
    if derived.get("stats"):
        lines.append(("S", "  ".join(f"{key} {value}" for key, value in derived["stats"])))
    for text in derived.get("defences") or []:
        lines.append(("", text))
    if derived.get("skills"):
        lines.append(("", "Skills: " + ", ".join(derived["skills"])))
    for weapon in card["weapons"]:
        tail = f" - {weapon['text']}" if weapon["text"] else ""
        lines.append(("", f"{weapon['count']}x {weapon['name']}{tail}"))
    if card["options"]:
        lines.append(("", "Options: " + ", ".join(card["options"])))
    if card["rules"]:
        lines.append(("", "Rules: " + ", ".join(card["rules"])))
    return lines


class CardsPDF(FPDF):
    """A page of cards in two columns with a running header."""

    def __init__(self, title: str) -> None:
        super().__init__(unit="mm", format=PAGE_MM)
        self.title_text = latin1(title)
        self.set_margins(MARGIN_MM, MARGIN_MM, MARGIN_MM)
        self.set_auto_page_break(auto=False)
        self.set_title(self.title_text)
        self.set_creator("Muster")

    def header(self) -> None:
        self.set_font("Helvetica", "B", 12)
        self.cell(0, 6, self.title_text, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-MARGIN_MM + 2)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 4, f"Page {self.page_no()}", align="R")


def _style(pdf: FPDF, style: str) -> None:
    if style == "B":
        pdf.set_font("Helvetica", "B", 10)
    elif style == "I":
        pdf.set_font("Helvetica", "I", 8)
    elif style == "S":
        pdf.set_font("Courier", "B", 8.5)
    else:
        pdf.set_font("Helvetica", "", 8.5)


def wrap(pdf: FPDF, text: str, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` mm in the current font
    (a word longer than a line stands alone); greedy, as a card needs no justification and
    fpdf2's own ``multi_cell`` costs ten times more."""
    lines: list[str] = []
    current = ""
    for word in latin1(text).split():
        trial = f"{current} {word}" if current else word
        if current and pdf.get_string_width(trial) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return [*lines, current] if current or not lines else lines


def _laid_out(pdf: FPDF, lines: list[tuple[str, str]], width: float) -> list[tuple[str, str]]:
    """Each ``(style, text)`` line wrapped to ``width`` mm in its style."""
    rows = []
    for style, text in lines:
        _style(pdf, style)
        rows.extend((style, row) for row in wrap(pdf, text, width))
    return rows


def _write(pdf: FPDF, rows: list[tuple[str, str]], x: float) -> None:
    for style, row in rows:
        _style(pdf, style)
        pdf.set_x(x)
        pdf.cell(0, LINE_MM, row, new_x="LMARGIN", new_y="NEXT")


def cards_pdf(data: dict[str, Any], cards: list[dict[str, Any]], glossary: list[dict]) -> bytes:
    """The roster's unit cards and rules glossary as PDF bytes."""
    header = (
        f"{data['name']} - {data['system']['name']} - {data['faction']['name']} - "
        f"{data['points']}/{data['points_limit']} {data['points_name']}"
    )
    pdf = CardsPDF(header)
    pdf.add_page()
    column_w = (PAGE_MM[0] - 2 * MARGIN_MM - GAP_MM) / 2
    bottom = PAGE_MM[1] - MARGIN_MM - 4
    top = pdf.get_y()
    ys = [top, top]
    for card in cards:
        rows = _laid_out(pdf, _card_lines(card, data["points_name"]), column_w - 4)
        height = LINE_MM * len(rows) + 4
        column = 0 if ys[0] <= ys[1] else 1
        if ys[column] + height > bottom:
            column = 1 - column
            if ys[column] + height > bottom:
                pdf.add_page()
                top = pdf.get_y()
                ys, column = [top, top], 0
        x, y = MARGIN_MM + column * (column_w + GAP_MM), ys[column]
        pdf.rect(x, y, column_w, height)
        pdf.set_y(y + 2)
        _write(pdf, rows, x + 2)
        ys[column] = y + height + GAP_MM
    if glossary:
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 11)
        pdf.cell(0, 6, "Special rules", new_x="LMARGIN", new_y="NEXT")
        full = PAGE_MM[0] - 2 * MARGIN_MM
        for rule in glossary:
            rows = _laid_out(pdf, [("B", rule["name"]), ("", rule["text"])], full)
            if pdf.get_y() + LINE_MM * len(rows) > bottom:
                pdf.add_page()
            _write(pdf, rows, MARGIN_MM)
            pdf.ln(1)
    return bytes(pdf.output())
