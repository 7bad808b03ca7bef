"""Pilot tests of every screen but the exercise workspace (test_exercise.py) and the lesson reader
(test_lesson_reader.py), and the main flows on the fixture course, with a fake runner (the real
runner is exercised in test_runs.py)."""

from __future__ import annotations

import pytest
from apphelp import SIZE, failed_result, passed_result, record, wait_until
from screentext import drawn_update, notices, renderable_text, screen_text


async def test_first_start_shows_welcome_then_chapter(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen" and app.screen.lesson_id is None
        assert "欢迎使用测试课程" in screen_text(app)
        await pilot.click("#welcome-start")
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen" and app.screen.lesson_id == "6.1"


async def test_course_map_statuses_filter_and_continue(make_app, home):
    from tutor.storage.store import Store

    store = Store(home)
    store.mark_read("6.1")
    record(store, passed_result())
    store.record_quiz_answer("6", "q1", "B", True)
    store.close()
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        text = screen_text(app)
        assert "✓ 课 6.1" in text and "✓ 练习 6.1" in text
        assert "得分 1/3" in text  # the quiz score on the map
        assert "2/5" in text  # overall: lesson 6.1 + exercise 6.1 done
        await pilot.press("f")  # filter: unfinished
        await pilot.pause()
        text = screen_text(app)
        assert "课 6.2" in text and "练习 6.1" not in text
        await pilot.press("c")  # continue: next unfinished = lesson 6.2
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen" and app.screen.lesson_id == "6.2"


async def test_a_restart_and_c_resume_at_the_first_unfinished_item_naming_what_they_pass(
    make_app, home
):
    """A jump ahead (here to the quiz) does not move "continue": a restart opens the first
    unfinished item in course order (exercise 6.1 once both pages are read), passing over the
    repair before it and saying so; `c` on the map goes to the same place."""
    from tutor.storage.store import Store

    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "QuizScreen")
    store = Store(home)
    store.mark_read("6.1")
    store.mark_read("6.2")
    store.close()
    app2 = make_app(target=None)
    async with app2.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app2.screen, "exercise_id", None) == "6.1")
        said = " ".join(str(n.message) for n in notices(app2))
        assert "6.2-fix1" in said and "跳过 1 项" in said
        await pilot.press("f2")
        await wait_until(pilot, lambda: type(app2.screen).__name__ == "HomeScreen")
        await pilot.press("c")
        await wait_until(pilot, lambda: getattr(app2.screen, "exercise_id", None) == "6.1")


async def test_unknown_target_falls_back_to_map(make_app):
    app = make_app(target=("exercise", "6.99"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"


async def test_moves_in_quick_succession_leave_the_app_running(make_app):
    """Each place sets its header's title as it mounts; a place replaced before that update ran
    once ended the app (the header's title widget was already gone)."""
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for kind, item in [("exercise", "6.1"), ("lesson", "6.2"), ("exercise", "6.2-fix1")] * 2:
            app.open_item(kind, item)  # the next move as soon as the place is the screen
            shown = {"exercise": "ExerciseScreen", "lesson": "LessonScreen"}[kind]
            await wait_until(pilot, lambda shown=shown: type(app.screen).__name__ == shown)
        await wait_until(pilot, lambda: getattr(app.screen, "exercise_id", None) == "6.2-fix1")
        assert app.is_running and app.return_code is None


async def test_quiz_choice_and_open(make_app):
    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")  # wrong
        await pilot.pause()
        text = screen_text(app)
        assert "不对" in text and "副作用只在追踪时执行" in text
        await pilot.press("]")
        await pilot.press("b")  # right
        await pilot.pause()
        assert "回答正确" in screen_text(app)
        await pilot.press("]")
        await pilot.pause()
        assert "先自己想一想" in screen_text(app)
        await pilot.press("y")  # cannot mark before revealing
        assert "q3" not in app.session.quiz_answers("6")
        await pilot.press("enter")
        await pilot.pause()
        assert "因为追踪只执行一次" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert app.session.quiz_score("6") == (2, 3)
        assert "得分 2/3" in screen_text(app)
        await pilot.press("f2")
        await pilot.pause()
        assert "得分 2/3" in screen_text(app)


async def test_progress_screen(make_app, home):
    from tutor.storage.store import Store

    store = Store(home)
    record(store, failed_result())
    record(store, passed_result())
    store.reveal_hint("6.1", 3)
    store.add_time("6.1", 125)
    store.close()
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert "学习进度" in text and "总进度" in text
        table = app.screen.query_one("#progress-table")
        row = [str(c) for c in table.get_row("6.1")]
        assert row[3] == "2" and row[4] == "1/3" and row[5] == "2 分 05 秒" and row[6]
        assert row[2] == "✓ 通过"


async def test_cheatsheet_search(make_app):
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        scr = app.screen
        assert type(scr).__name__ == "CheatSheetScreen"
        assert "随机数" in screen_text(app)
        await pilot.press("slash")
        await pilot.press(*"split")
        await pilot.pause()
        md = scr.query_one("#cheat").source
        assert "随机数" in md and "纯函数" not in md
        scr.query_one("#cheat-search").value = "没有这个词"
        await pilot.pause()
        assert "没有找到" in screen_text(app)


async def test_command_palette_jumps_by_id(make_app):
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"测验 6")
        # the palette searches in the background: Enter before the quiz is listed first would pick
        # nothing or another hit
        from textual.command import CommandList

        hits = app.screen.query_one(CommandList)
        await wait_until(
            pilot,
            lambda: hits.option_count > 0 and "测验" in str(hits.get_option_at_index(0).prompt),
        )
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "QuizScreen"


async def test_theme_toggle_is_saved(make_app):
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        assert app.theme == "textual-light"
        assert app.session.setting("theme") == "textual-light"


@pytest.mark.parametrize("target", [("exercise", "6.1"), ("lesson", "6.1"), ("quiz", "6")])
async def test_small_terminal(make_app, target):
    """At 80×24 each screen shows its own content and its keys; the exercise opens on its
    statement (never run), F6 (named by the pane it shows) brings an editor wide enough to type
    in, and its run key is in the footer."""
    app = make_app(target=target)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_text(app).split("\n")
        text = "\n".join(lines)
        footer = lines[23]
        if target[0] == "exercise":
            assert "必须能被" in text and "运行检查" in footer and "f6  代码" in footer
            await pilot.press("f6")
            editor = app.screen.query_one("#editor")
            await wait_until(pilot, lambda: editor.size.width >= 30 and app.focused is editor)
            assert "def update_counter" in screen_text(app)
        elif target[0] == "lesson":
            assert "什么是纯函数" in text and "下一个" in footer
            assert not app.screen.query_one("#outline").display  # no room for the outline
        else:
            assert "jit 函数里修改全局变量会怎样" in text and "返回" in footer


async def test_language_chosen_at_start_applies_to_keys(make_app):
    """Bindings are built from catalog keys when shown, so a language set after the app's
    modules were imported (as --lang does) reaches the footer and the help."""
    import tutor.app.exercise  # noqa: F401 - imported before the language is chosen
    from tutor.words.catalog import set_lang

    set_lang("en")
    try:
        app = make_app(target=("exercise", "6.1"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            footer = screen_text(app).split("\n")[SIZE[1] - 1]
            assert "run checks" in footer and "运行检查" not in footer
            await pilot.press("f1")
            await pilot.pause()
            help_text = renderable_text(app.screen.query_one("#help-table").content)
            assert "run checks" in help_text and "运行检查" not in help_text
    finally:
        set_lang("zh")


def test_the_app_process_never_imports_jax_nor_numpy_at_start():
    """In a fresh interpreter: build the app, draw its first frames on an exercise, leave."""
    import subprocess
    import sys
    import textwrap

    code = textwrap.dedent("""
        import asyncio, sys, tempfile
        from tutor.app.tutorapp import TutorApp

        async def main():
            app = TutorApp(home=tempfile.mkdtemp(), target=("exercise", "6.1"), warm=False)
            async with app.run_test(size=(120, 36)) as pilot:
                while type(app.screen).__name__ != "ExerciseScreen":  # the test's timeout bounds it
                    await pilot.pause()

        asyncio.run(main())
        print(sorted(m for m in ("jax", "numpy", "jaxlib") if m in sys.modules))
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


async def test_no_color_is_respected(make_app, monkeypatch):
    """With NO_COLOR the frames the app writes carry no colour (Textual's colour filter is on
    and removes every colour from what is drawn)."""
    from textual.color import Color

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(target=None)
    assert app.no_color and app.get_line_filters()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        strips = drawn_update(app).strips
        colored_before = colored_after = 0
        for strip in (strip for line in strips for strip in line):
            colored_before += any(
                seg.style and (seg.style.color or seg.style.bgcolor) for seg in strip
            )
            for f in app.get_line_filters():
                strip = strip.apply_filter(f, Color(0, 0, 0))
            for seg in strip:
                for color in (seg.style.color, seg.style.bgcolor) if seg.style else ():
                    if color is not None and not color.is_default:
                        r, g, b = color.get_truecolor()
                        colored_after += not (r == g == b)
        assert colored_before > 0 and colored_after == 0


def test_every_app_word_is_in_the_catalog():
    import re
    from pathlib import Path

    from tutor.words.catalog import words

    folder = Path(__file__).resolve().parents[2] / "tutor" / "app"
    used = set()
    for f in folder.glob("*.py"):
        used |= set(
            re.findall(r"""t\(\s*["'](app\.[a-z0-9_.]+)["']""", f.read_text(encoding="utf-8"))
        )
    used = {k for k in used if not k.endswith(".")}  # prefixes of keys built at run time
    used |= {f"app.kind.{k}" for k in ("lesson", "exercise", "repair", "quiz")}
    used |= {f"app.map.filter.{k}" for k in ("all", "todo", "failed", "done")}
    assert used, "no catalog keys found"
    missing = sorted(k for k in used if k not in words("zh") or k not in words("en"))
    assert not missing, missing
    for key in used:
        assert words("zh")[key] and words("en")[key], key
