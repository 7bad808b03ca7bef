"""The command palette shows lesson text as written (brackets are not markup) and finds an id as
written ("7.2" does not list 7.1-fix2); F1 lists the keys of the screen it was opened from first."""

from __future__ import annotations

import re
from pathlib import Path

from apphelp import wait_until
from proserows import crop_cells
from screentext import screen_text
from textual.content import Content

from tutor.words.catalog import t

ROOT = Path(__file__).resolve().parents[2]


def shown(hit) -> str:
    display = hit.match_display if hasattr(hit, "match_display") else hit.prompt
    return display.plain if isinstance(display, Content) else Content.from_markup(display).plain


def help_text(app) -> str:
    """The help box's rows only (the screen behind it shows through)."""
    box = app.screen.query_one("#help-box").region
    rows = screen_text(app).split("\n")[box.y : box.bottom]
    return "\n".join(crop_cells(row, box.x, box.right) for row in rows)


def real_app(home, monkeypatch, target):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp

    return TutorApp(home=home, target=target, warm=False)


async def test_palette_shows_brackets_and_finds_ids_as_written(home, monkeypatch):
    from tutor.app.palette import CourseCommands

    app = real_app(home, monkeypatch, ("lesson", "7.4b"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        provider = CourseCommands(app.screen)
        hits = [h async for h in provider.search("{mib[label]")]  # brackets are no markup
        assert any("{mib[label]" in shown(h) for h in hits), [shown(h) for h in hits]
        hits = [h async for h in provider.search("7.2")]
        listed = [shown(h) for h in hits]
        assert any("7.2a" in s for s in listed), listed
        assert not [s for s in listed if "7.1-fix2" in s and "7.2" not in s], listed


async def test_f1_lists_the_current_screens_keys_first(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.pause()
        text = help_text(app)
        here, overall = text.find(t("app.help.exercise")), text.find(t("app.help.global"))
        assert 0 <= here < overall, text
        await pilot.press("escape")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        await pilot.press("f2")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        await pilot.press("f1")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.pause()
        text = help_text(app)
        assert 0 <= text.find(t("app.help.map")) < text.find(t("app.help.global")), text


def section(text: str, title: str) -> str:
    """The rows of the help under `title`, up to the next section's title (a row with a title
    and nothing beside it)."""
    rows = text.split("\n")
    cells = [[c.strip() for c in row.split("│") if c.strip()] for row in rows]
    start = next(n for n, row in enumerate(cells) if row == [title])
    end = next((n for n in range(start + 1, len(rows)) if len(cells[n]) == 1), len(rows))
    return "\n".join(rows[start:end])


async def test_f1_lists_alt_z_with_the_exercise_and_the_playground(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 60)) as pilot:
        for title, name in (("app.help.exercise", "ExerciseScreen"), ("app.help.playground", "")):
            if not name:  # the playground, opened over the exercise
                await pilot.press("ctrl+l")
                name = "PlaygroundScreen"
            await wait_until(pilot, lambda name=name: type(app.screen).__name__ == name)
            await pilot.pause()
            await pilot.press("f1")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
            await pilot.pause()
            rows = section(help_text(app), t(title))
            assert "Alt+Z" in rows and t("app.key.wrap") in rows, rows
            await pilot.press("escape")


LATIN = re.compile(r"[A-Za-z0-9_]")


def uncut(snippet: str, prose: list[str]) -> bool:
    """`snippet` (… where it was cut) is a piece of one prose line that begins and ends between
    words: no Latin word is cut at either side."""
    core = snippet.removeprefix("…").removesuffix("…")
    for line in prose:
        at = line.find(core)
        if at < 0:
            continue
        end = at + len(core)
        before = at == 0 or not (LATIN.match(line[at - 1]) and LATIN.match(core[0]))
        after = end == len(line) or not (LATIN.match(line[end]) and LATIN.match(core[-1]))
        return before and after
    return False


async def test_palette_text_hits_show_the_words_found_in_prose_never_raw_code(home, monkeypatch):
    """Each full-text hit is a piece of the page's prose cut between words, with the words it
    matched, marked; a match only in an example's code is named by its word, with the prose that
    leads to the example."""
    from tutor.app.palette import CourseCommands
    from tutor.app.textindex import plain

    app = real_app(home, monkeypatch, ("lesson", "7.4b"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        provider = CourseCommands(app.screen)
        in_prose = t("app.cmd.content_hit", id="", title="", snippet="").split(":")[-2].strip(" ·")
        in_code = t("app.cmd.code_hit", id="", title="", word="", snippet="").split(":")[-2]
        in_code = in_code.strip(" ·")
        seen_code = False
        for query in ("7.2", "vmap", "donate_argnums", "双 where", "labels"):
            hits = [h async for h in provider.search(query)]
            found = [h for h in hits if f" · {in_prose}:" in h.text or f" · {in_code}" in h.text]
            assert found, (query, [h.text for h in hits])
            for hit in found:
                text = shown(hit)
                page = app.course.lesson(re.match(r"\S+ ([^:]+):", text).group(1))
                prose = [plain(x) for seg in page.segments for x in seg.prose.split("\n")]
                where, snippet = text.split(" · ", 1)[1].split(":", 1)
                if in_code in where:  # the code's word, then the prose before the example
                    seen_code = True
                    word = where.removeprefix(in_code).strip()
                    assert " " not in word and query.lower() in word.lower(), text
                else:  # (a word found only in an example's code cannot be shown in prose)
                    assert any(term in snippet.lower() for term in query.lower().split()), text
                assert not snippet or uncut(snippet, prose), text
                assert [s for s in hit.match_display.spans if s.style], f"not marked: {text}"
        assert seen_code  # 7.2 and labels occur in 7.4b's code only


async def test_ctrl_a_selects_all_in_the_exercise_editor_and_f1_says_so(make_app):
    # F7 switches the exercise's tabs, so Textual's F7 select-all is gone there (issue 35)
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 60)) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        editor = app.screen.query_one("#editor")
        await wait_until(pilot, lambda: editor.is_mounted and bool(editor.text))
        editor.focus()
        editor.move_cursor((1, 2))
        await pilot.press("ctrl+a")
        await wait_until(pilot, lambda: editor.selected_text == editor.text)
        await pilot.press("f1")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.pause()
        rows = section(help_text(app), t("app.help.exercise"))
        assert "Ctrl+A" in rows and t("app.key.select_all") in rows, rows
