"""Pilot tests of every screen and the main flows, on the fixture course, with a fake runner (the
real runner is exercised in test_runs.py)."""

from __future__ import annotations

import os
import sys
import time

import pytest
from screentext import screen_text

from tutor.result import CheckOutcome, CheckStatus, ErrorInfo, RunResult, Status

SIZE = (120, 36)


async def wait_until(pilot, cond, timeout: float = 10.0, step: float = 0.05):
    start = time.monotonic()
    while not cond():
        if time.monotonic() - start > timeout:
            raise AssertionError("condition not reached in time")
        await pilot.pause(step)


def failed_result() -> RunResult:
    return RunResult(exercise="6.1", status=Status.FAILED, duration_s=0.2, checks=[
        CheckOutcome(id="eager", name="直接调用", status=CheckStatus.PASSED, duration_s=0.01),
        CheckOutcome(id="values", name="数值正确", status=CheckStatus.FAILED, duration_s=0.02,
                     message="计数没有按 1 递增", detail={
                         "kind": "allclose", "what": "计数", "rtol": 1e-5, "atol": 1e-8,
                         "expected": [1.0, 2.0, 3.0], "actual": [1.0, 2.5, 3.0], "max_abs_err": 0.5,
                         "mismatched": 1, "total": 3, "first_mismatches": [[[1], 2.0, 2.5]]}),
    ], stdout="learner says hi\n")


def passed_result() -> RunResult:
    return RunResult(exercise="6.1", status=Status.PASSED, duration_s=0.1, checks=[
        CheckOutcome(id="eager", name="直接调用", status=CheckStatus.PASSED, duration_s=0.01)])


def error_result() -> RunResult:
    return RunResult(exercise="6.1", status=Status.ERROR, duration_s=0.1,
                     error=ErrorInfo(type="NameError", message="name 'oops' is not defined", line=3,
                                     traceback='  File "6.1.py", line 3\n    oops\n'))


# ---------------------------------------------------------------- start-up and the course map


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
    from tutor.store import Store

    store = Store(home)
    store.mark_read("6.1")
    store.record_attempt(passed_result())
    store.record_quiz_answer("6", "q1", "B", True)
    store.close()
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        text = screen_text(app)
        assert "✓ 课 6.1" in text and "✓ 练习 6.1" in text
        assert "得分 1/3" in text                       # the quiz score on the map
        assert "2/5" in text                            # overall: lesson 6.1 + exercise 6.1 done
        await pilot.press("f")                          # filter: unfinished
        await pilot.pause()
        text = screen_text(app)
        assert "课 6.2" in text and "练习 6.1" not in text
        await pilot.press("c")                          # continue: next unfinished = lesson 6.2
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen" and app.screen.lesson_id == "6.2"


async def test_resume_after_restart(make_app):
    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "QuizScreen"
    app2 = make_app(target=None)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app2.screen).__name__ == "QuizScreen" and app2.screen.chapter_id == "6"


async def test_unknown_target_falls_back_to_map(make_app):
    app = make_app(target=("exercise", "6.99"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"


# ---------------------------------------------------------------- lesson reader


async def test_lesson_reader_links_outline_prev_next(make_app, home):
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        text = screen_text(app)
        assert "什么是纯函数" in text and "▶ 运行" in text
        outline = scr.query_one("#outline")
        assert outline.option_count == 3              # title + 2 sections
        outline.highlighted = 2
        outline.action_select()
        await pilot.pause()
        assert app.store.lessons_read() == {"6.1"}
        md = scr.query(".page-md").first()
        md.post_message(md.LinkClicked(md, "exercise:6.1"))
        await pilot.pause()
        assert type(app.screen).__name__ == "ExerciseScreen"
        app.open_item("lesson", "6.2")
        await pilot.pause()
        await pilot.press("p")                          # previous item in course order
        await pilot.pause()
        assert app.screen.lesson_id == "6.1"
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.lesson_id == "6.2"
        await pilot.press("n")                          # 6.2 → its exercise 6.1
        await pilot.pause()
        assert type(app.screen).__name__ == "ExerciseScreen"


async def test_lesson_runnable_block_output_and_chart(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.1#1", status=Status.PASSED, stdout="你好,纯函数\n", charts=[
        {"type": "line", "title": "平方", "xlabel": "", "ylabel": "", "logy": False, "logx": False,
         "series": [{"name": "y", "x": [0, 1, 2, 3], "y": [1, 4, 9, 16]}]}]), output="你好,纯函数\n")
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        block = app.screen.query_one(".run-block")
        await wait_until(pilot, lambda: block.result is not None)
        await pilot.pause()
        assert "你好,纯函数" in str(block.query_one(".run-output").render())
        from tutor.app.charts import ChartView

        assert len(block.query(ChartView)) == 1
        assert fake_runner.jobs[0].kind == "snippet" and fake_runner.jobs[0].context is None


# ---------------------------------------------------------------- exercise workspace


async def test_editor_highlighting_is_active(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        assert editor.language == "python" and editor.is_syntax_aware
        assert editor.highlighting_active
        assert any(name for line in editor._highlights.values() for *_, name in line)
        assert editor.show_line_numbers and editor.tab_behavior == "indent"


async def test_autosave_undo_and_external_change(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")
        draft = home / "work" / "6.1.py"
        editor.move_cursor(editor.document.end)
        await pilot.press("x", "=", "1")
        await wait_until(pilot, lambda: draft.read_text(encoding="utf-8").endswith("x=1"), timeout=1.5)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not editor.text.endswith("x=1")
        await pilot.press("ctrl+y")
        assert editor.text.endswith("x=1")
        # a change made outside the app is noticed and offered for reload
        time.sleep(0.01)
        draft.write_text("# changed elsewhere\n", encoding="utf-8")
        os.utime(draft, (time.time() + 5, time.time() + 5))
        await wait_until(pilot, lambda: scr.external_text is not None, timeout=3)
        assert "Ctrl+L" in str(scr.query_one("#editor-status").render())
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert editor.text == "# changed elsewhere\n"


async def test_wrong_solution_shows_diff(make_app, fake_runner, home):
    fake_runner.push(failed_result(), output="learner says hi\n")
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.last_result is not None)
        await pilot.pause()
        text = screen_text(app)
        assert "未通过" in text and "1/2" in text
        assert "期望" in text and "实际" in text and "2.5" in text
        assert "容差" in text and "最大绝对误差" in text
        assert "learner says hi" in scr.query_one("#output").lines[0]
        assert app.store.exercise_status("6.1") == "failed"
        assert fake_runner.jobs[0].file == str(home / "work" / "6.1.py")


async def test_error_moves_editor_to_line(make_app, fake_runner):
    fake_runner.push(error_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("f5")
        await wait_until(pilot, lambda: scr.last_result is not None)
        editor = scr.query_one("#editor")
        assert editor.error_line == 3 and editor.cursor_location[0] == 2
        assert "第 3 行出错" in screen_text(app)


async def test_pass_updates_progress_and_next(make_app, fake_runner):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        assert not scr.query_one("#solution").display
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.last_result is not None)
        await pilot.pause()
        assert app.store.exercise_status("6.1") == "passed"
        assert scr.query_one("#solution").display          # unlocked by the pass
        assert "讲解" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert type(app.screen).__name__ == "ProgressScreen" and "通过" in text


async def test_long_run_cancel_keeps_ui_live(make_app, fake_runner):
    fake_runner.push(passed_result(), delay=30)
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert scr.running
        await pilot.press("a", "b")                       # typing continues during the run
        assert "ab" in editor.text
        await pilot.press("escape")
        await wait_until(pilot, lambda: not scr.running, timeout=2)
        assert scr.last_result.status == Status.CANCELLED
        assert app.store.attempts("6.1")[-1].status == "cancelled"


async def test_hints_one_at_a_time(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        total = len(scr.exercise.hints)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.store.hints_revealed("6.1") == 1
        assert "提示 1/" in scr.query_one("#hints").source and "提示 2/" not in scr.query_one("#hints").source
        for _ in range(total + 1):
            await pilot.press("ctrl+t")
        assert app.store.hints_revealed("6.1") == total


async def test_statement_and_hints_filled_after_first_frame(make_app):
    """The statement and the hints pane are rendered just after the first frame (start-up speed);
    the hints pane also fills at once when its tab is opened first."""
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr = app.screen
        await wait_until(pilot, lambda: scr.query_one("#statement").source == scr.exercise.statement)
        await wait_until(pilot, lambda: scr.query_one("#hints").source.strip() != "")
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr = app.screen
        scr.query_one("#ex-left").active = "tab-hints"
        await pilot.pause()
        assert scr.query_one("#hints").source.strip()


def test_gc_is_restored_after_the_app(make_app):
    """The app holds the cyclic GC off until its first frame, then freezes what start-up
    allocated; when it ends, the collector is back as it was."""
    import asyncio
    import gc

    assert gc.isenabled()
    app = make_app(target=("exercise", "6.1"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await wait_until(pilot, lambda: app._gc_frozen)
            assert gc.isenabled() and gc.get_freeze_count() > 0

    asyncio.run(go())
    assert gc.isenabled() and gc.get_freeze_count() == 0


async def test_give_up_needs_confirmation(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("n")
        await pilot.pause()
        assert not app.store.solution_unlocked("6.1") and not scr.query_one("#solution").display
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.store.solution_unlocked("6.1") and app.store.stats("6.1").gave_up
        assert scr.query_one("#solution").display and scr.query_one("#solution").text == scr.exercise.solution


async def test_reset_to_starter(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")
        editor.load_text("junk\n")
        await pilot.press("ctrl+s")
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert editor.text == scr.exercise.starter
        assert (home / "work" / "6.1.py").read_text(encoding="utf-8") == scr.exercise.starter
        assert list((home / "work" / "backup").glob("6.1.*.py"))


async def test_context_and_history_tabs(make_app, fake_runner):
    fake_runner.push(failed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        ctx = scr.query_one("#context")
        scr.query_one("#ex-left").active = "tab-context"
        await pilot.pause()
        assert ctx.read_only and "import" in ctx.text and ctx.is_syntax_aware
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.last_result is not None)
        assert scr.query_one("#history").row_count == 1


# ---------------------------------------------------------------- quiz, progress, cheat sheet, help


async def test_quiz_choice_and_open(make_app):
    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")                            # wrong
        await pilot.pause()
        text = screen_text(app)
        assert "不对" in text and "副作用只在追踪时执行" in text
        await pilot.press("]")
        await pilot.press("b")                            # right
        await pilot.pause()
        assert "回答正确" in screen_text(app)
        await pilot.press("]")
        await pilot.pause()
        assert "先自己想一想" in screen_text(app)
        await pilot.press("y")                            # cannot mark before revealing
        assert "q3" not in app.store.quiz_answers("6")
        await pilot.press("enter")
        await pilot.pause()
        assert "因为追踪只执行一次" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert app.store.quiz_score("6") == (2, 3)
        assert "得分 2/3" in screen_text(app)
        await pilot.press("f2")
        await pilot.pause()
        assert "得分 2/3" in screen_text(app)


async def test_progress_screen(make_app, home):
    from tutor.store import Store

    store = Store(home)
    store.record_attempt(failed_result())
    store.record_attempt(passed_result())
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
        assert row[4] == "2" and row[5] == "1/3" and row[6] == "2m05s" and row[7]


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


async def test_help_lists_every_key(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        from tutor.app.helpscreen import binding_sections, key_label

        table = app.screen._table()
        keys = [str(c) for c in table.columns[0]._cells]
        for _, bindings in binding_sections():
            for b in bindings:
                if not b.action.startswith("choose("):
                    assert key_label(b.key) in keys
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "ExerciseScreen"


async def test_command_palette_jumps_by_id(make_app):
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"quiz 6" if False else "测验 6")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "QuizScreen"


async def test_theme_toggle_is_saved(make_app):
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        assert app.theme == "textual-light"
        assert app.store.get_setting("theme") == "textual-light"


@pytest.mark.parametrize("target", [("exercise", "6.1"), ("lesson", "6.1"), ("quiz", "6")])
async def test_small_terminal(make_app, target):
    app = make_app(target=target)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen_text(app).count("\n") >= 23
        if target[0] == "exercise":
            assert app.screen.query_one("#editor").size.width >= 30


async def test_english_catalog(make_app):
    from tutor.messages import set_lang, t

    set_lang("en")
    try:
        assert t("app.key.run") == "run checks"
    finally:
        set_lang("zh")


def test_no_jax_in_app_process_so_far():
    assert "jax" not in sys.modules


async def test_no_color_is_respected(make_app, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(target=None)
    assert app.no_color
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "课程地图" in screen_text(app) or "欢迎" in screen_text(app)


async def test_leaving_saves_pending_edits(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        editor.move_cursor(editor.document.end)
        await pilot.press("z", "z")
        await pilot.press("f2")                       # before the autosave delay has passed
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
    assert (home / "work" / "6.1.py").read_text(encoding="utf-8").endswith("zz")


async def test_lesson_block_cancel_with_escape(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.1#1", status=Status.PASSED), delay=30)
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        block = app.screen.query_one(".run-block")
        await wait_until(pilot, lambda: block.running)
        await pilot.press("escape")                   # first Esc cancels the running example
        await wait_until(pilot, lambda: block.result is not None, timeout=3)
        assert block.result.status == Status.CANCELLED
        assert type(app.screen).__name__ == "LessonScreen"
        await pilot.press("escape")                   # the next one goes back to the map
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"


def test_every_app_word_is_in_the_catalog():
    import re
    from pathlib import Path

    from tutor.messages import CATALOG

    folder = Path(__file__).resolve().parents[2] / "tutor" / "app"
    used = set()
    for f in folder.glob("*.py"):
        used |= set(re.findall(r"""t\(\s*["'](app\.[a-z0-9_.]+)["']""", f.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith(".")}          # prefixes of keys built at run time
    used |= {f"app.kind.{k}" for k in ("lesson", "exercise", "quiz")}
    used |= {f"app.item.{k}" for k in ("done", "started", "failed", "todo")}
    used |= {f"app.map.filter.{k}" for k in ("all", "todo", "failed", "done")}
    assert used, "no catalog keys found"
    missing = sorted(k for k in used if k not in CATALOG)
    assert not missing, missing
    for key in used:
        assert CATALOG[key].get("zh") and CATALOG[key].get("en"), key
