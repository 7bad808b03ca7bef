"""The main flows with the real runner (exec'd workers): type a solution → run → passed →
progress updated; wrong solution → diff; error → line marked; long run → cancel; a runnable
lesson block, and one marked `context` that runs with its chapter's context. (As in every app
test, the app's own process imports no jax: conftest.no_new_jax.)"""

from __future__ import annotations

import pytest
from answers import ERROR_6_1, SLOW_6_1, WRONG_6_1
from apphelp import SIZE, run_to_verdict, select_block, wait_until
from screentext import screen_text

from tutor.protocol.result import Status

pytestmark = pytest.mark.slow


REAL_RUN_S = 90.0  # a real worker's verdict, on a loaded machine


async def run_and_wait(pilot, scr):
    return await run_to_verdict(pilot, timeout=REAL_RUN_S)


async def test_type_solution_run_pass_progress(make_app, runner):
    app = make_app(target=("exercise", "6.1"), runner=runner, warm=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")
        editor.load_text("")
        # type the solution as a learner would (auto-indent after ':' is the editor's)
        await pilot.press(*"def update_counter(count, increment):", "enter")
        await pilot.press(*"return count + 1, increment")
        assert "    return count + 1, increment" in editor.text
        result = await run_and_wait(pilot, scr)
        assert result.status == Status.PASSED, result
        assert app.session.stats("6.1").status == "passed"
        assert "通过" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        row = [str(c) for c in app.screen.query_one("#progress-table").get_row("6.1")]
        assert row[2] == "✓ 通过" and row[3] == "1"


async def test_wrong_then_error_then_cancel(make_app, runner, home):
    app = make_app(target=("exercise", "6.1"), runner=runner, warm=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        editor = scr.query_one("#editor")

        editor.load_text(WRONG_6_1)
        result = await run_and_wait(pilot, scr)
        assert result.status == Status.FAILED
        text = screen_text(app)
        assert "期望" in text and "实际" in text
        assert "increment" in text  # the misconception message

        editor.load_text(ERROR_6_1)
        result = await run_and_wait(pilot, scr)
        assert result.status == Status.ERROR
        assert editor.error_line == 3 and editor.cursor_location[0] == 2

        editor.load_text(SLOW_6_1)
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.running and scr.control.started, timeout=REAL_RUN_S)
        await pilot.press("escape")
        # the answer sleeps 60 s: ending well before that, cancelled, is the cancel's doing; the
        # screen takes the verdict a message after the pane stops running (RunDone, RunFinished)
        await wait_until(
            pilot, lambda: not scr.running and scr.last_result is not result, timeout=30
        )
        assert scr.last_result.status == Status.CANCELLED
        statuses = [a.status for a in app.session.attempts("6.1")]
        assert statuses == ["failed", "error", "cancelled"]


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


async def test_quiz_verification_runs_in_a_worker(make_app):
    """Once a question is answered, the code that backs its answer is shown and runs on this
    machine (a real worker), like a lesson's runnable block."""
    from tutor.app.runblock import RunBlock

    app = make_app(target=("quiz", "6"))
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
        await wait_until(pilot, lambda: blocks[0].result is not None, timeout=REAL_RUN_S)
        assert blocks[0].result.status.value == "passed"
        assert "验证通过: 6" in blocks[0].result.stdout


async def test_a_lesson_block_marked_context_runs_with_the_chapter_context(make_app, runner):
    """Lesson 6.2's first example is ```python run context: it sees the names the chapter's
    context.py defines (a block without the flag runs without them: test_lesson_reader.py)."""
    app = make_app(target=("lesson", "6.2"), runner=runner, warm=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "complete", False))
        block = app.screen.query_one(".run-block")
        assert block.block.context and "init_counter_state()" in block.block.code
        await select_block(pilot, block)
        await pilot.press("r")
        await wait_until(pilot, lambda: block.result is not None, timeout=REAL_RUN_S)
        await pilot.pause()
        assert block.result.status == Status.PASSED, block.result
        shown = str(block.query_one(".run-output").render())
        assert "上下文里有 jnp: True" in shown and "上下文里的 init_counter_state → 0" in shown
