"""The playground (e on a lesson example, e on the map, Ctrl+L in an exercise): the example
opened with the chapter context, run in the worker with its output and charts beside the editor,
the text kept per chapter in the data home without ever dropping what was there; Esc goes back
where it was opened. And the lesson examples' outputs stay while the learner is in the chapter."""

from __future__ import annotations

import signal

import pytest
from apphelp import CHART, SIZE, select_block, wait_until
from screentext import screen_text

from tutor.protocol.result import ErrorInfo, RunResult, Status


def _name(app) -> str:
    return type(app.screen).__name__


def _blocks(app):
    from tutor.app.runblock import RunBlock

    return list(app.screen.query(RunBlock).results(RunBlock))


def _charts(screen) -> list:
    from tutor.app.charts import ChartView

    return list(screen.query(ChartView).results(ChartView))


async def _open_lesson(pilot, app, lesson_id):
    await pilot.pause()
    if getattr(app.screen, "lesson_id", None) != lesson_id:
        app.open_item("lesson", lesson_id)
    await wait_until(
        pilot, lambda: getattr(app.screen, "lesson_id", None) == lesson_id and app.screen.complete
    )
    await pilot.pause()


async def _press_e_on(pilot, app, n_block):
    lesson = app.screen
    await select_block(pilot, _blocks(app)[n_block])
    await pilot.press("e")
    await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
    await pilot.pause()
    return lesson, app.screen


def _key_enabled(screen, key: str) -> bool:
    return screen.is_mounted and any(
        binding.key == key and enabled
        for _node, binding, enabled, _tooltip in screen.active_bindings.values()
    )


def _playground_file(home, chapter="6"):
    return home / "playground" / f"{chapter}.py"


async def test_an_example_opens_in_the_playground_runs_with_the_context_and_esc_returns(
    make_app, fake_runner, home
):
    fake_runner.push(
        RunResult(
            exercise="playground 6", status=Status.PASSED, stdout="你好,试验场\n", charts=[CHART]
        )
    )
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app, "6.1")
        lesson, scr = await _press_e_on(pilot, app, 0)
        editor = scr.query_one("#pg-editor")
        assert (
            editor.text == 'print("你好,纯函数")\nchart.line({"y": [1, 4, 9, 16]}, title="平方")\n'
        )
        assert _playground_file(home).read_text(encoding="utf-8") == editor.text  # on disk at once
        assert app.focused is editor
        editor.move_cursor(editor.document.end)
        await pilot.press(*'print("改过了")')
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.result is not None)
        await pilot.pause()
        job = fake_runner.jobs[-1]
        assert job.code.endswith('print("改过了")')
        assert job.context == str(app.course.chapter_by_id["6"].context_path)
        assert job.filename == "playground/6.py"
        assert "你好,试验场" in str(scr.query_one("#pg-output").render())
        assert [c.chart for c in _charts(scr)] == [CHART]
        assert 'print("改过了")' in _playground_file(home).read_text(
            encoding="utf-8"
        )  # saved by the run
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is lesson
        _, scr = await _press_e_on(pilot, app, 0)  # the last run stays while in the chapter
        assert "你好,试验场" in str(scr.query_one("#pg-output").render())
        assert "上一次运行" in screen_text(app) and len(_charts(scr)) == 1
        await pilot.press("escape")
        await pilot.pause()
        await _open_lesson(pilot, app, "9.1")
        await pilot.press("e")  # another chapter: its own, nothing shown yet
        await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
        await pilot.pause()
        assert (
            app.screen.chapter_id == "9" and app.screen.result is None and not _charts(app.screen)
        )


def test_opening_an_example_never_removes_text():
    from tutor.storage.playground import with_example

    code = "print(1)\nprint(2)\n"
    assert with_example("", code, "# h") == (code, 0)
    assert with_example("  \n", code, "# h") == (code, 0)
    mine = "x = 1\n\n\n"
    text, line = with_example(mine, code, "# h")
    assert text == "x = 1\n\n# h\nprint(1)\nprint(2)\n" and text.splitlines()[line] == "print(1)"
    assert with_example(text, code, "# h") == (text, line)  # already there: kept as is
    assert with_example(text, "print(2)", "# h") == (text, line + 1)
    text2, line2 = with_example("y = print(1)", "print(1)", "# h")  # not at a line start: added
    assert text2 == "y = print(1)\n\n# h\nprint(1)\n" and line2 == 3


async def test_an_error_marks_the_learners_line_and_a_run_can_be_cancelled(make_app, fake_runner):
    fake_runner.push(
        RunResult(
            exercise="playground 6",
            status=Status.ERROR,
            stdout="",
            error=ErrorInfo(
                type="NameError", message="name 'oops' is not defined", line=2, traceback=""
            ),
        )
    )
    fake_runner.push(RunResult(exercise="playground 6", status=Status.PASSED), delay=60.0)
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app, "6.1")
        _, scr = await _press_e_on(pilot, app, 0)
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.result is not None)
        assert scr.query_one("#pg-editor").error_line == 2
        assert "NameError" in str(scr.query_one("#pg-output").render())
        scr.result = None
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.running)
        # the running counter
        await wait_until(pilot, lambda: "Esc" in str(scr.query_one("#pg-output").render()))
        await pilot.press("escape")  # cancels; the playground stays
        await wait_until(pilot, lambda: scr.result is not None)
        assert scr.result.status == Status.CANCELLED and app.screen is scr
        assert scr.query_one("#pg-editor").error_line is None


async def test_a_timeout_in_the_playground_is_told_in_the_app_words(make_app, fake_runner):
    fake_runner.push(
        RunResult(
            exercise="playground 6",
            status=Status.TIMEOUT,
            error=ErrorInfo(type="Timeout", message="时间到的时候,你的代码停在第 2 行。", line=2),
        )
    )
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app, "6.1")
        _, scr = await _press_e_on(pilot, app, 0)
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.result is not None)
        shown = str(scr.query_one("#pg-output").render())
        assert "超时: 时间到的时候,你的代码停在第 2 行。" in shown and "Timeout" not in shown


async def test_edited_text_is_kept_when_another_example_is_opened(make_app, home):
    mine = "# 我自己的试验\nx = 41\nprint(x + 1)\n"
    _playground_file(home).parent.mkdir(parents=True)
    _playground_file(home).write_text(mine, encoding="utf-8")
    app = make_app(target=("lesson", "6.2"))
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app, "6.2")
        block = _blocks(app)[3]
        _, scr = await _press_e_on(pilot, app, 3)
        editor = scr.query_one("#pg-editor")
        assert editor.text.startswith(mine)  # nothing of the learner's is gone
        assert editor.text.endswith(block.block.code.rstrip("\n") + "\n")
        assert "课 6.2 的示例" in editor.text
        assert editor.cursor_location == (editor.text.count("\n"), 0)  # after the example
        assert _playground_file(home).read_text(encoding="utf-8") == editor.text
        assert "原来的代码都还在" in screen_text(app)
        await pilot.press("ctrl+z")  # the added example comes out again
        await wait_until(pilot, lambda: editor.text == mine)
        await pilot.press("escape")
        await pilot.pause()
        assert _playground_file(home).read_text(encoding="utf-8") == mine  # saved on leaving
        _, scr = await _press_e_on(pilot, app, 3)  # added again
        text = scr.query_one("#pg-editor").text
        assert text.startswith(mine) and text.count("grid = [0, 0]") == 1
        await pilot.press("escape")
        await pilot.pause()
        _, scr = await _press_e_on(pilot, app, 3)  # the same example again: not added twice
        assert scr.query_one("#pg-editor").text == text and text.count("grid = [0, 0]") == 1


async def test_saved_per_chapter_and_reopened_from_the_map_and_the_exercise(
    make_app, home, monkeypatch
):
    from tutor.app import draftsync

    idle, most = draftsync.AUTOSAVE_IDLE_S, draftsync.AUTOSAVE_MAX_S
    monkeypatch.setattr(draftsync, "AUTOSAVE_IDLE_S", 60.0)  # only the end signal can save it
    monkeypatch.setattr(draftsync, "AUTOSAVE_MAX_S", 60.0)
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app, "6.1")
        _, scr = await _press_e_on(pilot, app, 0)
        editor = scr.query_one("#pg-editor")
        editor.move_cursor(editor.document.end)
        await pilot.press(*"y = 2026")
        assert not _playground_file(home).read_text(encoding="utf-8").endswith("y = 2026")
        app.end_signals.on_signal(signal.SIGTERM, None)  # what the handler does on SIGHUP/SIGTERM
        assert _playground_file(home).read_text(encoding="utf-8").endswith("y = 2026")
    assert app.return_code == 128 + signal.SIGTERM
    monkeypatch.setattr(draftsync, "AUTOSAVE_IDLE_S", idle)
    monkeypatch.setattr(draftsync, "AUTOSAVE_MAX_S", most)
    app = make_app(target=None)  # a new session, from the course map
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: _name(app) == "HomeScreen")
        tree = app.screen.query_one("#map")
        home_screen = app.screen
        await wait_until(pilot, lambda: len(tree.root.children) == 2)
        tree.move_cursor(tree.root.children[0].children[1])  # an item of chapter 6
        await pilot.press("e")
        await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
        assert app.screen.chapter_id == "6"
        assert app.screen.query_one("#pg-editor").text.endswith("y = 2026")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is home_screen
        node = next(n for n in tree.root.children if n.data == "9")
        tree.move_cursor(node)
        await pilot.press("e")  # another chapter: another file
        await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
        assert app.screen.chapter_id == "9" and app.screen.query_one("#pg-editor").text == ""
        await pilot.press("escape")
        await pilot.pause()
        app.open_item("exercise", "6.1")
        await wait_until(pilot, lambda: _name(app) == "ExerciseScreen")
        exercise = app.screen
        # the key is live (whether the key bar has room for it depends on where the focus is)
        await wait_until(pilot, lambda: _key_enabled(exercise, "ctrl+l"))
        await pilot.press("ctrl+l")
        await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
        assert app.screen.query_one("#pg-editor").text.endswith("y = 2026")
        await pilot.press("f3")  # an overlay above the playground comes back to it
        await wait_until(pilot, lambda: _name(app) == "ProgressScreen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is exercise
    assert (home / "playground" / "9.py").read_text(encoding="utf-8") == ""


async def test_outputs_stay_while_in_the_chapter(make_app, fake_runner):
    fake_runner.push(
        RunResult(exercise="6.1#1", status=Status.PASSED, stdout="你好,纯函数\n", charts=[CHART])
    )
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app, "6.1")
        await select_block(pilot, _blocks(app)[0])
        await pilot.press("r")
        await wait_until(pilot, lambda: _blocks(app)[0].result is not None)
        await pilot.press("n")  # the next page, then back
        await _open_lesson(pilot, app, "6.2")
        await pilot.press("p")
        await _open_lesson(pilot, app, "6.1")
        block = _blocks(app)[0]
        await wait_until(pilot, lambda: bool(_charts(app.screen)))
        assert "你好,纯函数" in str(block.query_one(".run-output").render())
        assert [c.chart for c in _charts(app.screen)] == [CHART] and len(fake_runner.jobs) == 1
        app.open_item("lesson", "9.1")  # another chapter: forgotten
        await _open_lesson(pilot, app, "9.1")
        app.open_item("lesson", "6.1")
        await _open_lesson(pilot, app, "6.1")
        block = _blocks(app)[0]
        await pilot.pause()
        assert block.result is None and not block.query_one(".run-output").display
        assert not _charts(app.screen)


@pytest.mark.slow
async def test_the_playground_runs_an_edited_example_of_lesson_6_6_and_shows_its_chart(
    fake_runner, home, monkeypatch
):
    """The real course: lesson 6.6's chart example, edited in the playground, is the code that
    runs, with chapter 6's context (that the example itself runs and draws on this machine:
    tests/proof/test_blocks.py; a chart from a real worker on the screen: test_runs.py)."""
    from tutor import paths
    from tutor.app.tutorapp import TutorApp

    monkeypatch.delenv("JAXTUTOR_CONTENT", raising=False)
    chart = dict(CHART, title="我改过的图")
    fake_runner.push(
        RunResult(exercise="", status=Status.PASSED, stdout="改动之后: 3\n", charts=[chart])
    )
    app = TutorApp(home=home, target=("lesson", "6.6c"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(
            pilot,
            lambda: getattr(app.screen, "lesson_id", None) == "6.6c" and app.screen.complete,
            timeout=60,
        )
        charting = [b for b in _blocks(app) if "chart.line(" in b.block.code]
        assert charting, "lesson 6.6c has a charting example"
        _, scr = await _press_e_on(pilot, app, _blocks(app).index(charting[0]))
        editor = scr.query_one("#pg-editor")
        assert "chart.line(curves" in editor.text
        edited = (
            editor.text.replace('title="同一模型、三种优化器状态"', 'title="我改过的图"')
            + 'print("改动之后:", len(curves))\n'
        )
        assert edited != editor.text + 'print("改动之后:", len(curves))\n'  # the title was there
        editor.load_text(edited)
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.result is not None)
        await pilot.pause()
        job = fake_runner.jobs[0]
        assert job.code == edited
        assert job.context == str(paths.content_root() / "lessons" / "ch6" / "context.py")
        assert scr.result.status == Status.PASSED, scr.result
        assert "改动之后: 3" in str(scr.query_one("#pg-output").render())
        assert [c.chart["title"] for c in _charts(scr)] == ["我改过的图"]


async def test_an_example_with_a_prediction_asks_first(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.2#2", status=Status.PASSED, stdout="长度 3\n"))
    app = make_app(target=("lesson", "6.2"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await _open_lesson(pilot, app, "6.2")
        block = _blocks(app)[1]
        await select_block(pilot, block)
        await pilot.press("e")  # the answer is not given away in the playground
        await pilot.pause()
        assert _name(app) == "LessonScreen" and block.awaiting_prediction
        await pilot.press("b")
        await wait_until(pilot, lambda: block.result is not None)
        await pilot.press("e")
        await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
        assert "len([1, 2, 3])" in app.screen.query_one("#pg-editor").text


async def test_clearing_keeps_a_backup(make_app, home):
    mine = "keep = 'me'\n"
    _playground_file(home).parent.mkdir(parents=True)
    _playground_file(home).write_text(mine, encoding="utf-8")
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: _name(app) == "HomeScreen")
        tree = app.screen.query_one("#map")
        await wait_until(pilot, lambda: len(tree.root.children) == 2)
        tree.move_cursor(tree.root.children[0])
        await pilot.press("e")
        await wait_until(pilot, lambda: _name(app) == "PlaygroundScreen")
        scr = app.screen
        await pilot.press("f8")
        await wait_until(pilot, lambda: _name(app) == "ConfirmDialog")
        await pilot.press("n")  # no: nothing changes
        await wait_until(pilot, lambda: app.screen is scr)
        assert scr.query_one("#pg-editor").text == mine
        await pilot.press("f8")
        await wait_until(pilot, lambda: _name(app) == "ConfirmDialog")
        await pilot.press("y")
        await wait_until(pilot, lambda: scr.query_one("#pg-editor").text == "")
        assert _playground_file(home).read_text(encoding="utf-8") == ""
        backups = list((home / "playground" / "backup").glob("6.cleared.*.py"))
        assert [b.read_text(encoding="utf-8") for b in backups] == [mine]
