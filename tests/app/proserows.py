"""Reading prose off a Pilot screen, block by block, and the rules Chinese text must follow there:
a line that is continued by the next line of its paragraph fills at least 60 % of the width, no
line starts with a closing mark, and no Latin word (or inline code that fits) is cut."""

from __future__ import annotations

import re

from rich.cells import cell_len
from screentext import screen_text
from textual.widgets import Markdown

from tutor.linebreak import CJK_CONTEXT_PUNCT  # Chinese text here writes these marks as its own

NO_LINE_START = tuple("。,、;:)」』】》")
WORD = re.compile(r"[^\s\u2e80-\uffff]+")  # what no line break may split: Latin text up to a space
FULL_ENOUGH = 0.6
# The Markdown blocks that hold running text, as CSS type selectors (which match subclasses too:
# MarkdownH1 is a MarkdownHeader); Textual does not export these classes.
PROSE = "MarkdownParagraph, MarkdownHeader, MarkdownTD, MarkdownTH, MarkdownTableCellContents"
NARROWEST = 16  # a table column narrower than this cannot hold a sentence: lines are as they fit


def crop_cells(row: str, x0: int, x1: int) -> str:
    """The characters of `row` between cell columns x0 and x1 (a wide character is 2 cells)."""
    out, x = [], 0
    for ch in row:
        w = cell_len(ch)
        if x >= x0 and x + w <= x1:
            out.append(ch)
        x += w
    return "".join(out)


def prose_blocks(root) -> list:
    mds = [root] if isinstance(root, Markdown) else list(root.query(Markdown).results(Markdown))
    return [b for md in mds for b in md.query(PROSE)]


def visible_rows(app, widget) -> tuple[list[str], bool, int]:
    """The rows of `widget` on the screen now, whether its last row is among them, and its text
    width in cells."""
    try:
        geo = app.screen.find_widget(widget)
    except Exception:
        return [], False, 0
    content = widget.content_region
    visible = content.intersection(geo.clip)
    if not visible.height or not visible.width:
        return [], False, content.width
    screen = screen_text(app).split("\n")
    rows = [
        crop_cells(screen[y], content.x, content.right).rstrip()
        for y in range(visible.y, visible.bottom)
    ]
    return rows, visible.bottom >= content.bottom, content.width


def first_unit(row: str) -> str:
    """What the line `row` starts with that no rule lets a line break inside: a Chinese character
    with the closing marks after it, or a run of Latin text up to a space or a Chinese
    character (a long identifier moves to the next line whole, so the line before it is short)."""
    text = row.strip()
    if not text:
        return ""
    if cell_len(text[0]) == 2:
        n = 1
        while n < len(text) and text[n] in "".join(NO_LINE_START):
            n += 1
        return text[:n]
    n = 0
    while n < len(text) and text[n] != " " and cell_len(text[n]) == 1:
        n += 1
    return text[:n]


def problems(rows: list[str], last_shown: bool, width: int, plain: str) -> list[str]:
    """What breaks the rules in one block's rows (`plain`: the block's text)."""
    found = []
    rows = list(rows)
    while rows and not rows[-1].strip():
        rows.pop()  # the block's own blank bottom (padding) is not a line of text
        last_shown = True
    while rows and not rows[0].strip():
        rows.pop(0)  # nor its blank top (a table header sits at the bottom of its cell)
    for n, row in enumerate(rows):
        text = row.strip()
        if n and text.startswith(NO_LINE_START):
            found.append(f"starts with a closing mark: {text!r}")
        if n + 1 < len(rows) or not last_shown:
            if (
                width >= NARROWEST
                and n + 1 < len(rows)
                and cell_len(row.rstrip()) < FULL_ENOUGH * width
                and cell_len(row.rstrip()) + 1 + cell_len(first_unit(rows[n + 1])) <= width
            ):
                found.append(f"short line ({cell_len(row.rstrip())}/{width}) continued: {text!r}")
        if n + 1 < len(rows):
            nxt = rows[n + 1].strip()
            tail, head = WORD.search(text[::-1]), WORD.match(nxt)
            if (
                text
                and nxt
                and tail
                and head
                and tail.start() == 0
                and text[-1] not in CJK_CONTEXT_PUNCT
            ):
                last = text[len(text) - tail.end() :]
                word = last + head.group()
                if (
                    word in plain
                    and cell_len(word) <= width
                    and f"{last} {head.group()}" not in plain
                ):
                    found.append(f"word cut: {text!r} / {nxt!r}")
    return found


def prose_problems(app, root) -> list[str]:
    """Every rule broken by the prose blocks under `root` that are on the screen now."""
    found = []
    for block in prose_blocks(root):
        plain = getattr(block.visual, "plain", "")
        if "\n" in plain:
            continue  # hard line breaks: short lines are wanted
        rows, last_shown, width = visible_rows(app, block)
        if len(rows) < 2:
            continue
        found += [f"{type(block).__name__}: {p}" for p in problems(rows, last_shown, width, plain)]
    return found
