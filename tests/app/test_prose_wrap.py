"""Chinese prose in every Markdown view of the real course (lesson pages, a statement, hints, an
explanation, the quiz, the cheat sheet, the outline) at 45, 80 and 120 columns: lines are full
unless the paragraph ends there, no line starts with a closing mark, Latin words stay whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import wait_until
from proserows import NO_LINE_START, prose_problems
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.content import Content

from tutor.app.prose import ProseContent, code_breaks
from tutor.linebreak import line_starts
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

ROOT = Path(__file__).resolve().parents[2]
WIDTHS = [45, 80, 120]


@pytest.fixture
def real_app(home, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp

    def factory(target, runner=None):
        return TutorApp(home=home, target=target, runner=runner, warm=False)

    return factory


async def read_through(pilot, scroller, root) -> list[str]:
    """The rule breaks of the prose under `root`, screen by screen down `scroller`."""
    found: list[str] = []
    scroller.scroll_home(animate=False)
    while True:
        await pilot.pause()
        found += prose_problems(pilot.app, root)
        if scroller.scroll_y >= scroller.max_scroll_y:
            return found
        scroller.scroll_to(y=scroller.scroll_y + scroller.size.height - 2, animate=False)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lesson", ["6.0", "7.2a"])
async def test_lesson_pages(real_app, width, lesson):
    app = real_app(("lesson", lesson))
    async with app.run_test(size=(width, 60)) as pilot:
        scr = app.screen
        await wait_until(pilot, lambda: scr.complete, timeout=30)
        page = scr.query_one("#page", VerticalScroll)
        found = await read_through(pilot, page, page)
        assert not found, "\n".join(found)


@pytest.mark.parametrize("width", WIDTHS)
async def test_statement_and_hints(real_app, width):
    app = real_app(("exercise", "7.3"))
    async with app.run_test(size=(width, 60)) as pilot:
        scr = app.screen
        statement = scr.query_one("#statement")
        await wait_until(pilot, lambda: statement.source == scr.exercise.statement)
        if scr.tabbed:
            scr.show_pane("ex-left")
        await wait_until(pilot, lambda: len(statement.children) > 0)
        box = statement.parent
        found = await read_through(pilot, box, statement)
        for _ in scr.exercise.hints:
            await pilot.press("ctrl+t")
        hints = scr.query_one("#hints")
        await wait_until(pilot, lambda: f"/{len(scr.exercise.hints)}" in hints.source)
        await wait_until(pilot, lambda: hints.children and hints.region.width > 0)
        found += await read_through(pilot, hints.parent, hints)
        assert not found, "\n".join(found)


@pytest.mark.parametrize("width", WIDTHS)
async def test_explanation_after_a_pass(real_app, fake_runner, width):
    app = real_app(("exercise", "6.1"), runner=fake_runner)
    checks = app.course.exercise("6.1").check_ids
    fake_runner.push(
        RunResult(
            exercise="6.1",
            status=Status.PASSED,
            duration_s=0.1,
            checks=[CheckOutcome(id=c, name=c, status=CheckStatus.PASSED) for c in checks],
        )
    )
    async with app.run_test(size=(width, 60)) as pilot:
        scr = app.screen
        await pilot.pause()
        await pilot.press("ctrl+r")
        explanation = scr.query_one("#explanation")
        await wait_until(pilot, lambda: explanation.source.strip() != "", timeout=10)
        await pilot.click("#--content-tab-tab-explanation")
        await wait_until(pilot, lambda: explanation.children and explanation.region.width > 0)
        found = await read_through(pilot, explanation.parent, explanation)
        assert not found, "\n".join(found)


@pytest.mark.parametrize("width", WIDTHS)
async def test_quiz_and_cheat_sheet(real_app, width):
    app = real_app(("quiz", "7"))
    async with app.run_test(size=(width, 60)) as pilot:
        scr = app.screen
        prompt = scr.query_one("#quiz-prompt")
        await wait_until(pilot, lambda: prompt.children)
        body = scr.query_one("#quiz-body", VerticalScroll)
        found = await read_through(pilot, body, body)
        await pilot.press("a")
        explanation = scr.query_one("#quiz-explanation")
        await wait_until(pilot, lambda: explanation.children)
        found += await read_through(pilot, body, body)
        await pilot.press("f4")
        await wait_until(pilot, lambda: app.screen is not scr and app.screen.query("#cheat"))
        cheat = app.screen.query_one("#cheat")
        await wait_until(pilot, lambda: cheat.children)
        found += await read_through(pilot, app.screen.query_one("#cheat-page"), cheat)
        assert not found, "\n".join(found)


def option_rows(rows: list[str], prompts: list[str]) -> list[list[str]]:
    """The drawn rows of an option list cut into its options: an option takes rows until their
    text, spaces aside, is its prompt."""
    out, at = [], 0
    for prompt in prompts:
        want, got, mine = "".join(prompt.split()), "", []
        while got != want:
            assert at < len(rows) and want.startswith(got), (prompt, rows[at:])
            got += "".join(rows[at].split())
            mine.append(rows[at])
            at += 1
        out.append(mine)
    return out


async def test_outline_titles_wrap_like_prose(real_app):
    app = real_app(("lesson", "6.0"))
    async with app.run_test(size=(120, 40)) as pilot:
        outline = app.screen.query_one("#outline")
        await wait_until(pilot, lambda: outline.option_count > 0)
        await pilot.pause()
        width = outline.scrollable_content_region.width
        # a prompt is a wrapped Text (cjkwrap: no 1–3-character last line) or the Text itself
        prompts = [
            Content.from_text(getattr(o.prompt, "text", o.prompt)).plain for o in outline.options
        ]
        drawn = [outline.render_line(y).text.rstrip() for y in range(outline.size.height)]
        drawn = [r for r in drawn if r.strip()]
        options = option_rows(drawn, prompts)
        assert len(options) == outline.option_count > 3
        assert any(len(rows) > 1 for rows in options)  # some title does wrap at this width
        for rows in options:
            for a, b in zip(rows, rows[1:], strict=False):
                assert cell_len(a) >= 0.6 * width, rows
                assert not b.strip().startswith(NO_LINE_START), rows


def rows_of(text: str, code: str, width: int) -> list[str]:
    at = text.index(code)
    starts = line_starts(text, width, [(at, at + len(code))])
    return [text[a:b] for a, b in zip([0, *starts], [*starts, len(text)], strict=True)]


def test_inline_code_moves_whole_when_the_line_stays_full():
    text = "这一段话先写满了一行里的大半 step(state, batch) 得到新状态"
    for width in range(30, 40):
        assert any(
            "step(state, batch)" in row for row in rows_of(text, "step(state, batch)", width)
        )


def test_inline_code_breaks_at_its_space_rather_than_leave_a_short_line():
    rows = rows_of("先调用 step(state, batch) 得到新状态", "step(state, batch)", 20)
    assert rows[0].rstrip() == "先调用 step(state,", rows
    assert rows_of("这样写 abcdefghijklmnopqrstuvwxyz 就行", "abcdefghijklmnopqrstuvwxyz", 10)


def test_prose_content_rows_fit_and_rewrap_per_width():
    from textual.content import Span
    from textual.style import Style
    from textual.visual import RenderOptions

    plain = "JAX 的变换(jit、grad、vmap)都假定函数是纯的:同样的输入给出同样的输出。"
    content = ProseContent(Content(plain, [Span(13, 17, ".code_inline")]))
    # drawn as a widget draws it (Textual's Visual protocol); the widget would give the inline
    # code's class its colours, which do not move a break
    options = RenderOptions(get_style=lambda s: Style() if isinstance(s, str) else s, rules={})
    for width in (12, 20, 33):
        rows = [strip.text for strip in content.render_strips(width, None, Style(), options)]
        assert "".join(rows).replace(" ", "") == plain.replace(" ", "")
        assert all(cell_len(r) <= width for r in rows)
        assert not any(r.startswith(NO_LINE_START) for r in rows[1:])
        assert content.get_height({}, width) == len(rows)


def test_code_breaks_keep_every_character():
    line = "    total = update_counter(count, increment)  # 这一行很长,需要折到下一行才能读完整"
    for width in (20, 31, 45):
        cuts = code_breaks(line, width)
        pieces = [line[a:b] for a, b in zip([0, *cuts], [*cuts, len(line)], strict=True)]
        assert "".join(pieces) == line
        assert cell_len(pieces[0]) <= width
        assert all(cell_len(p) <= width - 2 for p in pieces[1:])
