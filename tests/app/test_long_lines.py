"""One long line (a pasted list of numbers, 100 000 characters) must not freeze the editor: its
rows are decided in work linear in its length, a keystroke re-decides only the rows around it,
drawing a row or moving the cursor does not depend on the line's length, and such a line is not
highlighted. Work is counted (function calls, as a profiler sees them), never timed:
scripts/bench_long_line.py measures the times."""

from __future__ import annotations

import random
import sys

import pytest
from apphelp import SIZE, wait_until
from rich.cells import cell_len

from tutor.app.coderows import code_row_starts, rows_from
from tutor.app.editor import HIGHLIGHT_MAX_LINE, CodeEditor
from tutor.linebreak import NO_LINE_START, line_starts


class OverBudget(Exception):
    pass


def calls(fn, *args, budget: int | None = None):
    """(fn(*args), the function calls it made, C functions included); OverBudget past `budget`."""
    count = 0

    def profile(_frame, event, _arg):
        nonlocal count
        if event in ("call", "c_call"):
            count += 1
            if budget is not None and count > budget:
                raise OverBudget(count)

    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        result = fn(*args)
    finally:
        sys.setprofile(before)
    return result, count


def numbers(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    items = ", ".join(str(round(rng.uniform(-100, 100), rng.randint(1, 6))) for _ in range(n))
    return ("data = [" + items)[:n]


def chinese(n: int) -> str:
    words = "# 学习率每 100 步减半,第 3 轮以后 jit 不再重新编译;loss 从 2.5 降到 0.01 秒内完成。"
    return (words * (n // len(words) + 1))[:n]


LINES = {
    "numbers": numbers,
    "chinese": chinese,
    "one word": lambda n: "x = '" + "Ab9+/" * (n // 5),
    "closing marks": lambda n: "s = '" + "。" * (n // 2) + ")" * (n // 2) + "'",
    "spaces": lambda n: "x = 1" + " " * (n // 2) + "y" * (n // 2),
}


@pytest.mark.parametrize("kind", LINES)
def test_rows_of_a_long_line_take_work_linear_in_its_length(kind):
    """Four times the line, at most about four times the work: a quadratic wrap (each row
    measuring the rest of the line) does sixteen times, and is stopped at eight."""
    make = LINES[kind]
    short, long_ = make(3_000), make(12_000)
    rows, work = calls(code_row_starts, short, 40)
    assert len(rows) > 50
    try:
        rows4, work4 = calls(code_row_starts, long_, 40, budget=8 * work)
    except OverBudget as over:
        pytest.fail(f"{kind}: 4× the line took more than {over} calls (n: {work})")
    assert len(rows4) > 3.5 * len(rows)
    assert work4 < 5 * work, (kind, work, work4)


@pytest.mark.parametrize("kind", ["numbers", "chinese"])
def test_a_keystroke_in_a_long_line_re_decides_only_the_rows_near_it(kind):
    """A key typed in a line of 20 000 characters costs less than wrapping 2 000 of them whole
    (a wrap that starts over each time costs ten times that)."""
    make = LINES[kind]
    _, tenth = calls(code_row_starts, make(2_000), 80)
    line = make(20_000)
    code_row_starts(line, 80)
    for at in (10, 10_000, 19_990):
        typed = line[:at] + "7" + line[at:]
        try:
            rows, _work = calls(code_row_starts, typed, 80, budget=tenth)
        except OverBudget:
            pytest.fail(f"{kind}: a key at {at} cost more than wrapping a tenth of the line")
        assert rows == rows_from(typed, 80, [], [])[0]
        line = typed


def reference_rows(line: str, width: int) -> list[int]:
    """The rows by their definition, each one measured afresh on the rest of the line
    (linebreak.line_starts' first break, unless that row is too long: then what fits, and the
    cursor's cell if a space is next). Quadratic: for short lines only."""
    from rich.cells import cell_len

    out, start = [], 0
    while cell_len(line[start:]) > width:
        cuts = line_starts(line[start:], width)
        cut = start + cuts[0] if cuts else len(line)
        if cell_len(line[start:cut]) > width + (line[cut - 1] == " "):
            used, cut = 0, start
            while used + cell_len(line[cut]) <= width:
                used += cell_len(line[cut])
                cut += 1
            cut += line[cut] == " "
            cut = max(cut, start + 1)
        out.append(cut)
        start = cut
    return out


PIECES = [*"abxz_0189 ()[]{}.,;:!?'\"=+-*/#", *"中文秒分步。,、;:?!)」(「“”—…"]
PIECES += ["ms", "MB", " 秒", "5 步", "KiB", "  ", "    ", "0.25, "]


def random_line(rng: random.Random, n: int) -> str:
    """Code and Chinese, no two closing marks in a row (see the test after this one)."""
    text = ""
    while len(text) < n:
        piece = rng.choice(PIECES)
        if not (text and piece[0] in NO_LINE_START and text[-1] in NO_LINE_START):
            text += piece
    return text[:n]


def test_rows_are_those_of_their_definition():
    rng = random.Random(36)
    for _ in range(1500):
        line = random_line(rng, rng.choice([10, 40, 150, 400]))
        width = rng.choice([3, 4, 8, 13, 40, 80])
        assert code_row_starts(line, width) == reference_rows(line, width), (line, width)


def test_edits_of_a_long_line_give_the_rows_of_the_whole_line():
    rng = random.Random(7)
    for _ in range(30):
        width, line = rng.choice([8, 37, 80]), random_line(rng, 4_000)
        code_row_starts(line, width)
        for _ in range(10):
            at = rng.randrange(len(line))
            cut = min(len(line), at + rng.choice([0, 1, 5, 60]))
            line = line[:at] + random_line(rng, rng.choice([0, 1, 2, 30])) + line[cut:]
            assert code_row_starts(line, width) == rows_from(line, width, [], [])[0]


def test_a_run_of_closing_marks_fills_its_rows():
    """A row never shrinks to one character to keep a closing mark off the next row's start
    when the whole row is closing marks (a ———— or …… rule, a string of dots)."""
    for line in ("# " + "—" * 300, "x = '" + "." * 300 + "'", "s = ')" + "。" * 200):
        bounds = [0, *code_row_starts(line, 40), len(line)]
        rows = [line[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
        assert all(cell_len(row) >= 38 for row in rows[1:-1]), rows
        assert "".join(rows) == line


async def editor_on(make_app, home, text: str):
    (home / "work").mkdir(parents=True, exist_ok=True)
    (home / "work" / "6.1.py").write_text(text, encoding="utf-8")
    return make_app(target=("exercise", "6.1"))


async def drawing_work(make_app, home, n: int) -> int:
    """Calls made to move the cursor once inside a long wrapped line and draw every row shown."""
    app = await editor_on(make_app, home, "def f():\n" + numbers(n) + "\n")
    async with app.run_test(size=SIZE) as pilot:
        editor = app.screen.query_one("#editor", CodeEditor)
        await wait_until(pilot, lambda: len(editor.text) > n and editor.soft_wrap)
        editor.focus()
        editor.move_cursor((1, n // 2))
        await pilot.pause()

        def move_and_draw():
            editor.move_cursor((1, n // 2 + 3))
            return [editor.render_line(y) for y in range(editor.size.height)]

        strips, work = calls(move_and_draw)
        assert any("↪" in strip.text for strip in strips)
        return work


async def test_moving_and_drawing_in_a_long_line_does_not_grow_with_it(make_app, home):
    """Textual divides the whole line into every row to draw any one of them, and again to
    place the cursor: thousands of rows on a long line, for each row drawn."""
    short = await drawing_work(make_app, home, 4_000)
    long_ = await drawing_work(make_app, home, 16_000)
    assert long_ < 1.3 * short, (short, long_)


async def test_a_draft_with_a_long_line_is_not_highlighted(make_app, home):
    app = await editor_on(make_app, home, "x = [" + "1, " * HIGHLIGHT_MAX_LINE + "]\n")
    async with app.run_test(size=SIZE) as pilot:
        editor = app.screen.query_one("#editor", CodeEditor)
        await wait_until(pilot, lambda: editor.text.startswith("x = [1, 1"))
        assert editor.language == "python" and not editor.is_syntax_aware
        status = app.screen.query_one("#editor-status")
        await wait_until(pilot, lambda: str(HIGHLIGHT_MAX_LINE) in str(status.render()))


async def test_pasting_a_long_line_turns_highlighting_off(make_app, home):
    app = await editor_on(make_app, home, "x = 1\n")
    async with app.run_test(size=SIZE) as pilot:
        editor = app.screen.query_one("#editor", CodeEditor)
        await wait_until(pilot, lambda: editor.is_syntax_aware)
        editor.move_cursor((0, 5))
        editor.insert(" + 1" * HIGHLIGHT_MAX_LINE)
        await pilot.pause()
        assert not editor.is_syntax_aware
        assert editor.cursor_location == (0, 5 + 4 * HIGHLIGHT_MAX_LINE)
