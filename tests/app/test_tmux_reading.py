"""Reading in a real terminal at 80×24 (the 7.3 statement also at 120×36): lesson 6.0, lesson
7.2a and the 7.3 statement break Chinese like Chinese (no line that a paragraph continues is left
under 60 % of the text width when the next word would have fitted, no line starts with a closing
mark), and the 6.1 starter's line 12 (longer than the editor pane) is on the screen whole.
Skipped without tmux."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from proserows import NO_LINE_START, first_unit
from rich.cells import cell_len
from tmuxterm import REAL_TERMINAL, TmuxTerm, learner_env

from tutor.course.markdown import code_blocks
from tutor.words.catalog import t

pytestmark = REAL_TERMINAL

ROOT = Path(__file__).resolve().parents[2]
IDLE = t("app.ex.not_run")[:5]  # the results pane's first line, under the statement
# The terminal sizes: the narrowest for the lesson pages (widths 45/80/120 of the same pages are
# read in process by test_prose_wrap.py; here a real terminal's cell widths), and for the 7.3
# statement its two layouts (tabs under 100 columns, statement beside the editor from 100).
SIZES = [(80, 24), (120, 36)]
CJK = re.compile(r"[\u4e00-\u9fff]")
MARKER = re.compile(r"^(\d+\.\s|[•▪‣⭑◦]\s)")
# rows that are not a paragraph's: code, tables, runnable blocks (their bar █), repair links
NOT_PROSE = ("#", "│", "┃", "├", "└", "┌", "↪", "▶", "…", "█", "▌", t("app.key.repair"))


def env(home: Path) -> list[str]:
    return learner_env(home, ROOT)


def column(screen: str, left: int, right: int | None = None) -> list[str]:
    """The rows of the screen between cell columns `left` and `right`."""
    out = []
    for row in screen.split("\n"):
        cells, x = [], 0
        for ch in row:
            if x >= left and (right is None or x + cell_len(ch) <= right):
                cells.append(ch)
            x += cell_len(ch)
        out.append("".join(cells).rstrip().rstrip("▎▕▊│").rstrip())
    return out


def reading_problems(rows: list[str]) -> list[str]:
    """Short lines that the paragraph continues, and lines that start with a closing mark, among
    the prose rows (rows with Chinese text, not code, tables or marks)."""
    prose = [r if CJK.search(r) and not r.strip().startswith(NOT_PROSE) else "" for r in rows]
    indents = [len(r) - len(r.lstrip()) for r in prose if r]
    if not indents:
        return []
    left = min(indents)
    width = max(cell_len(r) for r in prose if r) - left
    found = []
    for n, row in enumerate(prose):
        if not row:
            continue
        text = row.strip()
        if text.startswith(NO_LINE_START):
            found.append(f"starts with a closing mark: {text!r}")
        if n + 1 >= len(prose) or not prose[n + 1]:
            continue
        nxt = prose[n + 1]
        marker = MARKER.match(text)
        starts_at = len(row) - len(row.lstrip()) + (len(marker.group()) if marker else 0)
        if len(nxt) - len(nxt.lstrip()) != starts_at or MARKER.match(nxt.strip()):
            continue  # not the same paragraph going on
        room = width - (starts_at - left)
        used = cell_len(row.rstrip()) - starts_at
        if used < 0.6 * room and used + 1 + cell_len(first_unit(nxt)) <= room:
            found.append(f"short line ({used}/{room}) continued: {text!r} / {nxt.strip()!r}")
    return found


def read_page(term: TmuxTerm, left: int, right: int | None, pages: int) -> list[str]:
    found = []
    screen = term.settled()
    for _ in range(pages):
        found += reading_problems(column(screen, left, right)[1:-1])
        term.keys("PageDown")
        screen = term.settled()
    return found


@pytest.mark.parametrize("size", SIZES[:1])
@pytest.mark.parametrize("lesson", ["6.0", "7.2a"])
def test_lesson_pages_read_like_chinese(tmp_path, size, lesson):
    with TmuxTerm(size, env(tmp_path / "home"), f"lesson {lesson}") as term:
        screen = term.wait_for(f"课 {lesson}", 30)
        edge = next((r for r in screen.split("\n")[2:] if "▕" in r), None)  # the outline's
        left = cell_len(edge[: edge.index("▕") + 1]) if edge else 0
        found = read_page(term, left, None, pages=4)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
def test_the_7_3_statement_reads_like_chinese(tmp_path, size):
    with TmuxTerm(size, env(tmp_path / "home"), "exercise 7.3") as term:
        screen = term.wait_for("运行检查", 30)
        if size[0] < 100:  # one pane with tabs: it opens on the statement
            screen = term.wait_for("牛顿法", 30)
            assert "▊▊" not in screen  # no editor beside it
            right = None
        else:
            screen = term.wait_for("牛顿法", 30)
            split = next(r for r in screen.split("\n") if "▊▊" in r)  # the editor's left edge
            right = cell_len(split[: split.index("▊▊")])
        rows = column(screen, 1, right)[2:-1]
        idle = [n for n, row in enumerate(rows) if IDLE in row]
        rows = rows[: idle[0]] if idle else rows  # the results pane below
        # the recurrence is a code block (not wrapped, not prose): its rows are left out
        code = (ROOT / "lessons/ch7/exercises/7.3/statement.md").read_text(encoding="utf-8")
        code_lines = {
            " ".join(line.split()) for block in code_blocks(code) for line in block.code.split("\n")
        }
        code_lines.discard("")  # a blank row still parts two paragraphs
        found = reading_problems([r for r in rows if " ".join(r.split()) not in code_lines])
    assert not found, "\n".join(found)


def test_the_6_1_starter_line_12_is_readable_whole(tmp_path):
    line12 = (ROOT / "lessons/ch6/exercises/6.1/starter.py").read_text().split("\n")[11]
    with TmuxTerm((120, 36), env(tmp_path / "home"), "exercise 6.1") as term:
        term.wait_for("运行检查", 30)
        for _attempt in range(3):  # the editor has the keys when next is Ctrl+N in the footer
            try:
                term.wait_for(" ^n ", 20)
                break
            except AssertionError:
                term.keys("F6")
        for _ in range(20):  # the cursor down (by rows: wrapped lines take two) past line 12
            term.keys("Down")
        screen = term.wait_for("NotImplementedError", 30)
    editor_rows = []
    for row in screen.split("\n"):
        if "▊▊" not in row:
            continue
        code = row[row.index("▊▊") + 2 :].rstrip().rstrip("▎")
        editor_rows.append(re.sub(r"^\s*(\d+|↪)\s", "", code))
    shown = re.sub(r"\s+", "", "".join(editor_rows))
    assert re.sub(r"\s+", "", line12) in shown, screen
