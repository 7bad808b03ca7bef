"""The exercise screen at 80×24 and 120×36 (issue 35): it opens on the statement before any run
and on the results after one; F7 reaches every tab and `d` the diff, each named in the footer;
the first Ctrl+G after a pass shows the solution tab; the context tab says nothing about the
draft; Ctrl+Home/End go to the ends of the document; `e` leaves the cursor after the example;
the palette lists a page once; the outline leaves no line of one to three characters."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import failed_result, passed_result, record, run_to_verdict, wait_until
from screentext import screen_text

from tutor.words.catalog import t

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(80, 24), (120, 36)]
SIZE_IDS = ["80x24", "120x36"]
LEFT_TABS = ["tab-hints", "tab-context", "tab-history", "tab-solution", "tab-statement"]


@pytest.fixture
def lang_env(monkeypatch):
    from tutor.words.catalog import set_lang

    def use(lang: str) -> None:
        monkeypatch.setenv("JAXTUTOR_LANG", lang)
        set_lang(lang)

    yield use
    set_lang("zh")


def bar(app) -> dict[str, str]:
    from tutor.app.keybar import KeyBar

    return dict(app.screen.query_one(KeyBar).items)


def shown_on_screen(app, widget) -> bool:
    region = widget.region
    return region.height > 0 and region.y < app.size.height - 1 and widget.display


async def _exercise(pilot, app):
    await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
    scr = app.screen
    await wait_until(pilot, lambda: scr.is_mounted and scr.results.tabs_ready and bool(bar(app)))
    return scr


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_it_opens_on_the_statement_then_on_the_results(make_app, home, size):
    from tutor.storage.store import Store

    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=size) as pilot:
        scr = await _exercise(pilot, app)
        await wait_until(pilot, lambda: "必须能被" in screen_text(app))  # statement only
    store = Store(home)
    record(store, failed_result())
    store.close()
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=size) as pilot:
        scr = await _exercise(pilot, app)
        await wait_until(pilot, lambda: "数值正确" in screen_text(app))  # the checks of the run
        assert scr.query_one("#ex-right").region.height > 0


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_f7_reaches_every_tab_and_d_the_diff(make_app, home, lang_env, lang, size):
    from tutor.storage.store import Store

    lang_env(lang)
    store = Store(home)
    record(store, failed_result())
    store.close()
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=size) as pilot:
        scr = await _exercise(pilot, app)
        scr.show_pane("ex-center")
        scr.query_one("#editor").focus()
        left = scr.query_one("#ex-left")
        for tab in LEFT_TABS:  # from the editor: the statement column's tabs, one by one
            words = t("app.key.tab_to", name=t("app.ex." + tab.removeprefix("tab-")))
            await wait_until(pilot, lambda words=words: bar(app).get("f7") == words)
            await pilot.press("f7")
            await wait_until(pilot, lambda tab=tab: left.active == tab)
            pane = left.get_pane(tab)
            await wait_until(pilot, lambda pane=pane: shown_on_screen(app, pane))
        scr.focus_pane("ex-right")
        scr.show_pane("ex-right")
        results = scr.query_one("#ex-results")
        words = t("app.key.tab_to", name=t("app.ex.output"))
        await wait_until(pilot, lambda: bar(app).get("f7") == words)
        await pilot.press("f7")
        await wait_until(pilot, lambda: results.active == "tab-output")
        await pilot.press("f7")
        await wait_until(pilot, lambda: results.active == "tab-results")
        await pilot.press("f7")  # the output again: the diff is out of sight, `d` brings it
        await wait_until(pilot, lambda: results.active == "tab-output")
        await wait_until(pilot, lambda: bar(app).get("d") == t("app.key.diff"))
        diff = scr.query_one("#diff")
        await pilot.press("d")
        await wait_until(pilot, lambda: app.focused is diff and results.active == "tab-results")
        await wait_until(pilot, lambda: "2.5" in screen_text(app))  # the actual value, in view
        assert shown_on_screen(app, diff)


@pytest.mark.parametrize("size", [(80, 24), (99, 30)], ids=["80x24", "99x30"])
async def test_the_first_ctrl_g_after_a_pass_shows_the_solution(make_app, fake_runner, size):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=size) as pilot:
        scr = await _exercise(pilot, app)
        await run_to_verdict(pilot)
        await pilot.press("ctrl+g")
        left = scr.query_one("#ex-left")
        solution = scr.query_one("#solution")
        await wait_until(pilot, lambda: left.active == "tab-solution")
        await wait_until(pilot, lambda: shown_on_screen(app, solution))
        first = scr.exercise.solution.strip().split("\n")[0].strip()
        await wait_until(pilot, lambda: first in screen_text(app))
        assert left.active == "tab-solution"


async def test_the_context_tab_says_nothing_about_the_draft(home, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.editor import HIGHLIGHT_MAX_LINES
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("exercise", "6.1"), warm=False)
    async with app.run_test(size=SIZES[1]) as pilot:
        scr = await _exercise(pilot, app)
        assert scr.query_one("#editor").document.line_count < HIGHLIGHT_MAX_LINES
        context = scr.query_one("#context")
        scr.query_one("#ex-left").active = "tab-context"
        await wait_until(pilot, lambda: context.document.line_count > HIGHLIGHT_MAX_LINES)
        await pilot.pause()
        status = str(scr.query_one("#editor-status").render())
        said = t("app.ex.highlight_off", lines=HIGHLIGHT_MAX_LINES, chars=1, line=1)
        assert said.split("1")[0][:12] not in status, status


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_ctrl_home_and_end_go_to_the_ends_of_the_document(make_app, size):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=size) as pilot:
        scr = await _exercise(pilot, app)
        scr.show_pane("ex-center")
        editor = scr.query_one("#editor")
        editor.load_text("a = 1\nb = 2\n\nc = 3  # the end\n")
        editor.focus()
        editor.move_cursor((1, 3))
        await pilot.press("ctrl+end")
        await wait_until(pilot, lambda: editor.cursor_location == editor.document.end)
        await pilot.press("ctrl+home")
        await wait_until(pilot, lambda: editor.cursor_location == (0, 0))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_e_leaves_the_cursor_after_the_example(make_app, size):
    from apphelp import select_block

    from tutor.app.runblock import RunBlock

    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "complete", False))
        block = list(app.screen.query(RunBlock).results(RunBlock))[0]
        await select_block(pilot, block)
        await pilot.press("e")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "PlaygroundScreen")
        editor = app.screen.query_one("#pg-editor")
        code = block.block.code.rstrip("\n")
        await wait_until(pilot, lambda: code in editor.text)
        end = editor.text.index(code) + len(code) + 1
        assert editor.cursor_location == (editor.text[:end].count("\n"), 0)


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_palette_lists_a_page_once(home, monkeypatch, lang_env, lang):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    lang_env(lang)
    from tutor.app.palette import CourseCommands
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("lesson", "6.1"), warm=False)
    async with app.run_test(size=SIZES[1]) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.1")
        title = app.course.lesson("6.1").title
        entry = t("app.cmd.open_lesson", id="6.1", title=title)
        provider = CourseCommands(app.screen)
        for query in ("6.1", title):
            hits = [h.text async for h in provider.search(query)]
            assert entry in hits, (query, hits)
            again = [h for h in hits if h != entry and h.startswith(entry)]
            assert not [h for h in again if h.endswith(title)], (query, again)


def _lines(prompt, width: int) -> list[str]:
    import io

    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(prompt)
    return console.export_text().rstrip("\n").split("\n")


def cuttable(lines: list[str]) -> bool:
    """Could a narrower wrap avoid the short last line? Only if the last piece of the line before
    (a character of Chinese, else a word) and the last line fit on a line narrower than that line
    before. (When a long name such as `donate_argnums` ends it, only cutting the name would.)"""
    from rich.cells import cell_len

    before, last = lines[-2].rstrip(), lines[-1].strip()
    piece = before[-1] if cell_len(before[-1]) == 2 else before.split()[-1]
    gap = 0 if cell_len(before[-1]) == 2 else 1
    return cell_len(piece) + gap + cell_len(last) < cell_len(before)


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_outline_leaves_no_orphan_of_three_characters(home, monkeypatch, lang_env, lang):
    """Every outline entry of every page, drawn the way the outline draws its entries at its
    width (28 columns at any terminal size; measured on page 6.1)."""
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    lang_env(lang)
    from textual.widgets import OptionList

    from tutor.app.pagesplit import outline_entries, outline_prompt, page_parts, split_sections
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("lesson", "6.1"), warm=False)
    async with app.run_test(size=SIZES[1]) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.1")
        await wait_until(pilot, lambda: app.screen.complete)
        outline = app.screen.query_one("#outline", OptionList)
        await wait_until(pilot, lambda: outline.option_count > 0)
        width = outline.scrollable_content_region.width - 2  # an option's padding
        parts = split_sections(page_parts(app.course.lesson("6.1").segments))
        drawn = [_lines(outline.get_option_at_index(n).prompt, width) for n in range(3)]
        made = [
            _lines(outline_prompt(level, text), width)
            for _, _, level, text in outline_entries(parts)[:3]
        ]
        assert drawn == made  # the outline draws what outline_prompt makes
        orphans = []
        for chapter in app.course.chapters:
            for lesson in chapter.lessons:
                parts = split_sections(page_parts(lesson.segments))
                for _, _, level, text in outline_entries(parts):
                    lines = _lines(outline_prompt(level, text), width)
                    if len(lines) > 1 and len(lines[-1].strip()) < 4 and cuttable(lines):
                        orphans.append((lesson.id, lines))
        assert not orphans, orphans
