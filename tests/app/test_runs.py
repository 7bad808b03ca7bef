"""The main flows of a run in the app: type a solution → run → passed → progress updated; wrong →
diff, error → line marked, long run → cancelled, each attempt recorded; a quiz's verification
code and a lesson block marked `context` (it runs with its chapter's context). They run against
the fake runner (fakerun.py), which keeps the text of each job's file: what the worker does with
a job is tested with real workers in tests/test_runner_*.py and, in a real terminal, in
test_tmux.py. One flow runs a real worker here: a runnable lesson block, whose printed output
and chart reach the screen. (As in every app test, the app's own process imports no jax:
conftest.no_new_jax.)"""

from __future__ import annotations

import pytest
from answers import ERROR_6_1, SLOW_6_1, WRONG_6_1
from apphelp import (
    SIZE,
    error_result,
    failed_result,
    passed_result,
    run_to_verdict,
    select_block,
    wait_until,
)
from screentext import screen_text

from tutor.protocol.result import RunResult, Status

REAL_RUN_S = 90.0  # a real worker's verdict, on a loaded machine


async def test_type_solution_run_pass_progress(make_app, fake_runner):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")
        editor.load_text("")
        # type the solution as a learner would (auto-indent after ':' is the editor's)
        await pilot.press(*"def update_counter(count, increment):", "enter")
        await pilot.press(*"return count + 1, increment")
        typed = "def update_counter(count, increment):\n    return count + 1, increment"
        assert editor.text == typed
        result = await run_to_verdict(pilot)
        assert fake_runner.files == [typed]  # the typed text is what ran
        assert result.status == Status.PASSED, result
        assert app.session.stats("6.1").status == "passed"
        assert "通过" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        row = [str(c) for c in app.screen.query_one("#progress-table").get_row("6.1")]
        assert row[2] == "✓ 通过" and row[3] == "1"


async def test_wrong_then_error_then_cancel(make_app, fake_runner, home):
    fake_runner.push(failed_result())
    fake_runner.push(error_result())
    fake_runner.push(passed_result(), delay=600.0)  # ends only when cancelled
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")

        editor.load_text(WRONG_6_1)
        result = await run_to_verdict(pilot)
        assert result.status == Status.FAILED
        text = screen_text(app)
        assert "期望" in text and "实际" in text
        assert "计数没有按 1 递增" in text  # the check's message

        editor.load_text(ERROR_6_1)
        result = await run_to_verdict(pilot)
        assert result.status == Status.ERROR
        assert editor.error_line == 3 and editor.cursor_location[0] == 2

        editor.load_text(SLOW_6_1)
        await pilot.press("ctrl+r")
        # the runner has the run (an attempt, cancelled, is recorded once it has)
        await wait_until(pilot, lambda: scr.running and len(fake_runner.jobs) == 3)
        await pilot.press("escape")
        # the run would last 600 s: ending, cancelled, is the cancel's doing; the screen takes
        # the verdict a message after the pane stops running (RunDone, RunFinished)
        await wait_until(pilot, lambda: not scr.running and scr.last_result is not result)
        assert scr.last_result.status == Status.CANCELLED
        assert fake_runner.files == [WRONG_6_1, ERROR_6_1, SLOW_6_1]
        statuses = [a.status for a in app.session.attempts("6.1")]
        assert statuses == ["failed", "error", "cancelled"]


@pytest.mark.slow
async def test_lesson_block_runs_for_real(make_app, runner):
    app = make_app(target=("lesson", "6.1"), runner=runner, warm=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        block = app.screen.query_one(".run-block")
        await pilot.press("r")
        await wait_until(pilot, lambda: block.result is not None, timeout=REAL_RUN_S)
        await pilot.pause()
        assert block.result.status == Status.PASSED, block.result
        assert "你好,纯函数" in block.result.stdout
        assert block.result.charts and block.result.charts[0]["type"] == "line"
        from tutor.app.charts import ChartView

        assert len(block.query(ChartView)) == 1


async def test_quiz_verification_runs_as_a_snippet(make_app, fake_runner):
    """Once a question is answered, the code that backs its answer is shown and runs on this
    machine, like a lesson's runnable block (that every quiz's verification code passes on this
    machine: tests/proof/test_blocks.py)."""
    from tutor.app.runblock import RunBlock

    fake_runner.push(RunResult(exercise="", status=Status.PASSED, stdout="验证通过: 6\n"))
    app = make_app(target=("quiz", "6"), runner=fake_runner)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        await pilot.press("]")
        await pilot.pause()
        assert not app.screen.query(RunBlock)  # hidden until answered
        await pilot.press("b")
        await pilot.pause()
        blocks = list(app.screen.query(RunBlock).results(RunBlock))
        assert len(blocks) == 1
        await pilot.press("v")
        await wait_until(pilot, lambda: blocks[0].result is not None)
        job = fake_runner.jobs[0]
        assert job.kind == "snippet" and job.code == blocks[0].block.code and job.code.strip()
        assert blocks[0].result.status.value == "passed"
        assert "验证通过: 6" in str(blocks[0].query_one(".run-output").render())


async def test_a_lesson_block_marked_context_runs_with_the_chapter_context(
    make_app, fake_runner, content
):
    """Lesson 6.2's first example is ```python run context: its job carries the chapter's
    context.py, which the worker runs first (a block without the flag runs without it:
    test_lesson_reader.py; the worker's side: tests/test_runner_*.py)."""
    fake_runner.push(RunResult(exercise="", status=Status.PASSED, stdout="上下文里有 jnp: True\n"))
    app = make_app(target=("lesson", "6.2"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "complete", False))
        block = app.screen.query_one(".run-block")
        assert block.block.context and "init_counter_state()" in block.block.code
        await select_block(pilot, block)
        await pilot.press("r")
        await wait_until(pilot, lambda: block.result is not None)
        await pilot.pause()
        job = fake_runner.jobs[0]
        assert job.kind == "snippet" and job.code == block.block.code
        assert job.context == str(content / "lessons" / "ch6" / "context.py")
        assert block.result.status == Status.PASSED, block.result
        assert "上下文里有 jnp: True" in str(block.query_one(".run-output").render())
