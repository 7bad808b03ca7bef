"""Pilot tests of the exercise workspace on the fixture course, with a fake runner (the real
runner is exercised in test_runs.py): runs, verdicts, diffs, hints, the solution, reset, history,
navigation with Esc and Ctrl+N. Draft safety is in test_drafts.py."""

from __future__ import annotations

from apphelp import (
    SIZE,
    error_result,
    failed_result,
    passed_result,
    record,
    run_to_verdict,
    wait_until,
)
from screentext import renderable_text, screen_text

from tutor.protocol.result import Status


def colour_of(strip, word: str):
    """The foreground colour the editor drew `word` in, on one rendered line."""
    (colour,) = {seg.style.color for seg in strip if seg.text.strip() == word and seg.style}
    return colour


async def test_editor_highlighting_is_active(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        assert editor.language == "python" and editor.is_syntax_aware
        assert editor.show_line_numbers and editor.tab_behavior == "indent"
        row = editor.text.splitlines().index("def update_counter(n, extra):")
        # what the learner sees: the keyword, the function's name and the plain name in colours
        # of their own (without highlights every word of the line is drawn alike)
        await wait_until(pilot, lambda: len({s.text for s in editor.render_line(row)}) > 4)
        line = editor.render_line(row)
        colours = {colour_of(line, word) for word in ("def", "update_counter", "n")}
        assert len(colours) == 3 and None not in colours, list(line)


async def test_wrong_solution_shows_diff(make_app, fake_runner, home):
    fake_runner.push(failed_result(), output="learner says hi\n")
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("x")  # the learner's own text (a run of the untouched starter is none)
        await run_to_verdict(pilot)
        text = screen_text(app)
        assert "未通过" in text and "1/2" in text
        assert "期望" in text and "实际" in text and "2.5" in text
        assert "容差" in text and "最大绝对误差" in text
        assert "learner says hi" in scr.query_one("#output").lines[0]
        assert app.session.stats("6.1").status == "failed"
        assert fake_runner.jobs[0].file == str(home / "work" / "6.1.py")


async def test_error_moves_editor_to_line(make_app, fake_runner):
    fake_runner.push(error_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        await run_to_verdict(pilot, key="f5")
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
        await run_to_verdict(pilot)
        assert app.session.stats("6.1").status == "passed" == scr.opened.status
        assert scr.query_one("#solution").display  # unlocked by the pass
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
        await pilot.press("a", "b")  # typing continues during the run
        assert "ab" in editor.text
        await pilot.press("escape")
        await wait_until(pilot, lambda: not scr.running, timeout=2)
        assert scr.last_result.status == Status.CANCELLED
        assert app.session.attempts("6.1")[-1].status == "cancelled"


async def test_hints_one_at_a_time(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        total = len(scr.exercise.hints)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert len(app.session.hints("6.1")) == 1
        assert (
            "提示 1/" in scr.query_one("#hints").source
            and "提示 2/" not in scr.query_one("#hints").source
        )
        for _ in range(total + 1):
            await pilot.press("ctrl+t")
        assert len(app.session.hints("6.1")) == total


async def test_statement_and_hints_filled_after_first_frame(make_app):
    """The statement and the hints pane are rendered just after the first frame (start-up speed);
    the hints pane also fills at once when its tab is opened first."""
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr = app.screen
        await wait_until(
            pilot, lambda: scr.query_one("#statement").source == scr.exercise.statement
        )
        await wait_until(pilot, lambda: scr.query_one("#hints").source.strip() != "")
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr = app.screen
        scr.query_one("#ex-left").active = "tab-hints"
        await pilot.pause()
        assert scr.query_one("#hints").source.strip()


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
        assert not app.session.solution_unlocked("6.1") and not scr.query_one("#solution").display
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.session.solution_unlocked("6.1") and app.session.stats("6.1").gave_up
        assert (
            scr.query_one("#solution").display
            and scr.query_one("#solution").text == scr.exercise.solution
        )


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
        await run_to_verdict(pilot)
        assert scr.query_one("#history").row_count == 1


async def test_leaving_saves_pending_edits(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        editor.move_cursor(editor.document.end)
        await pilot.press("z", "z")
        await pilot.press("f2")  # before the autosave delay has passed
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
    assert (home / "work" / "6.1.py").read_text(encoding="utf-8").endswith("zz")


async def test_reopening_shows_the_last_verdict_and_diff(make_app, home):
    from tutor.storage.store import Store

    store = Store(home)
    record(store, failed_result())
    store.close()
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr = app.screen
        await wait_until(pilot, lambda: bool(scr.query("#history")))
        await pilot.pause()
        verdict = str(scr.query_one("#verdict").render())
        assert "上次的结果" in verdict and "未通过" in verdict and "1/2" in verdict
        assert "2.5" in screen_text(app)  # the diff of the failing check


async def test_escape_with_no_run_goes_back_and_never_strands_the_editor(make_app, fake_runner):
    fake_runner.push(passed_result(), delay=30)
    app = make_app(target=None, runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        app.open_item("exercise", "6.1")
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")
        assert app.focused is editor
        await pilot.press("ctrl+r")  # Esc during a run: cancels, stays
        await wait_until(pilot, lambda: scr.running)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not scr.running, timeout=3)
        assert app.screen is scr and app.focused is editor
        editor.move_cursor(editor.document.end)
        await pilot.press("q")  # typing still reaches the editor
        assert editor.text.endswith("q")
        await pilot.press("escape")  # idle: back to the map
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"


async def test_next_exercise_after_a_pass(make_app, fake_runner):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await run_to_verdict(pilot)  # before a pass Ctrl+N asks first (test_next_keys.py)
        assert "下一个" in screen_text(app).split("\n")[SIZE[1] - 1]
        after = app.session.next_item(("exercise", "6.1"))  # the next item on the map
        await pilot.press("ctrl+n")
        await wait_until(
            pilot,
            lambda: (
                app.places.place == ("exercise" if after.kind == "repair" else after.kind, after.id)
            ),
        )


async def test_learner_output_is_sanitised(make_app, fake_runner):
    from tutor.protocol.result import RunResult

    nasty = "a\x1b]0;pwned\x07b\x1b[2Jc\n"
    fake_runner.push(RunResult(exercise="6.1", status=Status.FAILED, stdout=nasty), output=nasty)
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        await run_to_verdict(pilot)
        lines = "\n".join(scr.query_one("#output").lines)
        assert "\x1b" not in lines and "\x07" not in lines and "\\x1b]0;pwned" in lines


async def test_checking_the_reference_is_not_a_pass(make_app, fake_runner, home):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        scr.query_one("#editor").load_text(scr.exercise.solution)
        await run_to_verdict(pilot)
        assert "参考答案" in str(scr.query_one("#verdict").render())
        assert not scr.query_one("#solution").display
        # the status shown is the one the session recorded: a run of the reference starts it
        assert app.session.stats("6.1").status == "started" == scr.opened.status


async def test_a_pass_fills_the_solution_editor_only_when_its_tab_is_shown(make_app, fake_runner):
    """The pass unlocks the solution at once; its Python editor is filled when the learner opens
    the tab (the verdict does not wait for an editor nobody looks at)."""
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        await run_to_verdict(pilot)
        solution = scr.query_one("#solution")
        assert solution.display and solution.text == ""
        scr.query_one("#ex-left").active = "tab-solution"
        await wait_until(pilot, lambda: solution.text == scr.exercise.solution)
        assert solution.language == "python"


async def test_opening_an_exercise_does_not_start_it_an_edit_does(make_app, fake_runner):
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.session.location() == ("exercise", "6.1"))
        await pilot.pause()
        assert app.session.stats("6.1").status == "unseen"  # opened, not 进行中
        app.screen.query_one("#editor").focus()
        await pilot.press("x")
        await wait_until(pilot, lambda: app.session.stats("6.1").status == "started")
        assert app.screen.opened.status == "started"  # what the session gave back


async def test_a_full_pass_says_there_is_no_difference(make_app, fake_runner):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await run_to_verdict(pilot)
        body = renderable_text(app.screen.query_one("#diff-body").content)
        assert "所有检查都通过了" in body and "选择一个未通过的检查" not in body


async def test_a_pass_that_could_not_be_recorded_says_so_and_keeps_the_status(
    make_app, fake_runner, home, monkeypatch
):
    """The verdict is shown with a notice, and the workspace keeps the status the session has
    (the pass is not in the store, so the exercise is not shown as passed)."""
    import sqlite3

    from tutor.storage import database
    from tutor.storage.schema import DB_NAME

    monkeypatch.setattr(database, "LOCK_TIMEOUT_S", 0.2)
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.session.location() == ("exercise", "6.1"))
        scr = app.screen
        holder = sqlite3.connect(home / DB_NAME, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            await run_to_verdict(pilot)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert "没能记入进度" in str(scr.query_one("#verdict").render())
        assert scr.last_result.status == Status.PASSED and scr.opened.status == "unseen"
        assert app.session.stats("6.1").status == "unseen"
