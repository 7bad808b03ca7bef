"""Code is never cut off silently: the editor wraps a line longer than its pane (↪ in the gutter,
Alt+Z toggles, the footer shows it), lesson and statement code blocks wrap with a ↪ mark, and the
lesson outline closes itself below 100 columns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apphelp import wait_until
from proserows import crop_cells
from rich.cells import cell_len
from screentext import screen_text
from textual.widgets import OptionList
from textual.widgets.markdown import MarkdownFence

from tutor.app.editor import CodeEditor
from tutor.app.prose import CONTINUATION
from tutor.linebreak import NUMBER_UNIT

ROOT = Path(__file__).resolve().parents[2]
LONG_LINE = "    # 注意:不要用 global,也不要用 int() 把计数转成 Python 整数——jit 里它是追踪值。"


def pane_rows(app, region) -> list[str]:
    """The screen's rows cut to `region`'s columns."""
    rows = screen_text(app).split("\n")[region.y : region.bottom]
    return [crop_cells(row, region.x, region.right) for row in rows]


def squeezed(text: str) -> str:
    return re.sub(r"[\s↪▎▊│┃]", "", text)


async def test_the_editor_wraps_long_lines_and_alt_z_toggles(make_app, home):
    (home / "work").mkdir(parents=True)
    (home / "work" / "6.1.py").write_text(
        f"def update_counter(count, increment):\n{LONG_LINE}\n    return count + 1, increment\n",
        encoding="utf-8",
    )
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        editor = app.screen.query_one("#editor", CodeEditor)
        await wait_until(pilot, lambda: "update_counter" in editor.text)
        editor.focus()
        await wait_until(pilot, lambda: editor.soft_wrap)
        await pilot.pause()
        region = editor.content_region
        rows = pane_rows(app, region)
        shown = squeezed("".join(rows))
        assert squeezed(LONG_LINE) in shown, "\n".join(rows)
        assert any("↪" in row for row in rows), "\n".join(rows)
        await pilot.press("alt+z")
        await wait_until(pilot, lambda: not editor.soft_wrap)
        await pilot.pause()
        rows = pane_rows(app, region)
        assert squeezed(LONG_LINE) not in squeezed("".join(rows))
        await pilot.resize_terminal(100, 36)  # another width: stays as chosen
        await pilot.pause()
        assert not editor.soft_wrap
        await pilot.press("alt+z")
        await wait_until(pilot, lambda: editor.soft_wrap)
        # the footer leads with next, help and the screen's keys; the editor's own keys (Alt+Z)
        # may not fit there, and the help lists them
        await pilot.press("f1")
        await wait_until(pilot, lambda: "Alt+Z" in screen_text(app) and "折行" in screen_text(app))


async def test_a_typed_long_line_wraps(make_app, home):
    (home / "work").mkdir(parents=True)
    (home / "work" / "6.1.py").write_text("x = 1\n", encoding="utf-8")
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        editor = app.screen.query_one("#editor", CodeEditor)
        await wait_until(pilot, lambda: editor.text.startswith("x = 1"))
        assert not editor.soft_wrap
        editor.focus()
        editor.move_cursor((0, 5))
        await pilot.press(*"  # " + "a" * 80)
        await wait_until(pilot, lambda: editor.soft_wrap)


@pytest.mark.parametrize("width", [60, 120])
async def test_statement_and_lesson_code_blocks_wrap_with_a_mark(home, monkeypatch, width):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("exercise", "6.1"), warm=False)
    async with app.run_test(size=(width, 40)) as pilot:
        scr = app.screen
        statement = scr.query_one("#statement")
        await wait_until(pilot, lambda: statement.source == scr.exercise.statement)
        if scr.tabbed:
            scr.show_pane("ex-left")
        await wait_until(pilot, lambda: len(statement.children) > 0)
        await pilot.pause()
        signature = scr.exercise.interface[0].signature
        fence = statement.query_one(MarkdownFence).query_one("#code-content")
        rows = pane_rows(app, fence.content_region)
        assert squeezed(signature) in squeezed("".join(rows)), "\n".join(rows)
        if cell_len(signature) > fence.content_region.width:  # continues after the mark
            assert any(row.lstrip().startswith(CONTINUATION.strip()) for row in rows), rows


async def test_the_outline_closes_below_100_columns(home, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("lesson", "6.0"), warm=False)
    async with app.run_test(size=(120, 36)) as pilot:
        outline = app.screen.query_one("#outline", OptionList)
        await wait_until(pilot, lambda: outline.option_count > 0)
        assert outline.display
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: not outline.display)
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert not outline.display  # closed stays closed until `o`
        await pilot.press("o")
        assert outline.display


def terminal_alt(letter: str):
    """The key event a terminal's Alt+letter becomes: xterm and tmux send ESC and the letter,
    which Textual reads as "alt+<letter>" carrying the printable letter (Pilot's press("alt+z")
    carries no character)."""
    from textual import events

    return events.Key(f"alt+{letter}", letter)


@pytest.mark.parametrize("where", ["exercise", "playground"])
async def test_alt_z_toggles_wrap_and_types_nothing(make_app, home, where):
    text = "def update_counter(count, increment):\n    return count + 1, increment\n"
    draft = home / ("work/6.1.py" if where == "exercise" else "playground/6.py")
    draft.parent.mkdir(parents=True)
    draft.write_text(text, encoding="utf-8")
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        if where == "playground":  # once the exercise is up: the playground opens over it
            await wait_until(pilot, lambda: app.screen.query_one(CodeEditor).text != "")
            await pilot.press("ctrl+l")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "PlaygroundScreen")
        editor = app.screen.query_one(CodeEditor)
        await wait_until(pilot, lambda: editor.text == text)
        editor.focus()
        await pilot.pause()
        for from_terminal in (True, False, True, False):
            before = editor.soft_wrap
            if from_terminal:
                app.post_message(terminal_alt("z"))
            else:
                await pilot.press("alt+z")
            await wait_until(pilot, lambda before=before: editor.soft_wrap != before)
        app.post_message(terminal_alt("x"))  # a key nobody binds types nothing either
        await pilot.pause()
        assert editor.text == text
    assert draft.read_text(encoding="utf-8") == text


CODE_NO_LINE_START = tuple("。,、;:?!)」』】》”’…")
LATIN_WORD = re.compile(r"[^\s\u2e80-\uffff]+")  # what only a space may end


def first_unit(row: str) -> str:
    """What a row must start with whole: Latin text up to a space, or a character with the
    closing marks that may not start a row after it."""
    opening = 0
    while opening < len(row) and row[opening] in "(「『【《〈“‘([{":  # cannot end a row: go along
        opening += 1
    word = LATIN_WORD.match(row, opening)
    n = word.end() if word else opening + 1
    if word and (unit := NUMBER_UNIT.match(row, n - 1)):  # 150 步 goes whole
        n = unit.end() + 1
    while n < len(row) and row[n] in CODE_NO_LINE_START:
        n += 1
    return row[:n]


def starter_lines() -> list[str]:
    """Every line of the real course's starters and solutions (Chinese comments among code)."""
    files = sorted((ROOT / "lessons").glob("*/exercises/*/starter.py"))
    files += sorted((ROOT / "lessons").glob("*/exercises/*/solution.py"))
    return [line for f in files for line in f.read_text(encoding="utf-8").split("\n")]


@pytest.mark.parametrize("width", [45, 80, 120])
def test_code_rows_break_where_chinese_may_break(width):
    from tutor.app.coderows import code_row_starts

    lines = [line for line in starter_lines() if "\t" not in line and cell_len(line) > width]
    assert lines or width > 100, "no starter line is long enough to wrap"
    for line in lines:
        bounds = [0, *code_row_starts(line, width), len(line)]
        rows = [line[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
        assert "".join(rows) == line
        for row, after in zip(rows, rows[1:], strict=False):
            assert cell_len(row.rstrip(" ")) <= width and cell_len(row) <= width + 1, rows
            assert not after.startswith(CODE_NO_LINE_START), rows  # no lone 。 row
            # a row ends only where the next one's start would not have fitted on it
            if after.strip():
                assert cell_len(row) + cell_len(first_unit(after)) > width, rows
        for token in LATIN_WORD.findall(line):  # a Latin word is cut only when it must be
            for word in re.findall(r"[A-Za-z0-9_]+", token):
                if cell_len(token) <= width and line.count(word) == 1:
                    assert any(word in row for row in rows), (word, rows)


@pytest.mark.parametrize("size", [(45, 30), (80, 24), (120, 36)])
async def test_the_6_1_starter_wraps_like_chinese_in_the_editor(home, monkeypatch, size):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp

    starter = (ROOT / "lessons/ch6/exercises/6.1/starter.py").read_text(encoding="utf-8")
    app = TutorApp(home=home, target=("exercise", "6.1"), warm=False)
    async with app.run_test(size=size) as pilot:
        editor = app.screen.query_one("#editor", CodeEditor)
        await wait_until(pilot, lambda: editor.text == starter)
        if app.screen.tabbed:
            app.screen.show_pane("ex-center")
        await wait_until(pilot, lambda: editor.soft_wrap and editor.content_region.width > 0)
        await pilot.pause()
        rows = pane_rows(app, editor.content_region)
        gutter = editor.gutter_width
        code = [row[gutter:] if len(row) > gutter else "" for row in rows]
        marked = [n for n, row in enumerate(rows) if "↪" in row[:gutter]]
        assert marked, "\n".join(rows)
        width = editor.wrap_width
        for n in marked:
            assert not code[n].startswith(CODE_NO_LINE_START), "\n".join(rows)
            if n and code[n].strip():  # the row above ends only where this one's start did not fit
                above = code[n - 1].rstrip()
                assert cell_len(above) + 1 + cell_len(first_unit(code[n].strip())) > width, (
                    "\n".join(rows)
                )
        shown = squeezed("".join(code))
        assert squeezed(starter.split("\n")[4]) in shown, "\n".join(rows)  # line 5 whole
