"""Output streams into a lesson example while it runs (RunLifecycle.live of
tutor/app/run_lifecycle.py, shared with the playground): the chunk shows at once, with the
running line under it, before the result."""

from __future__ import annotations

from apphelp import SIZE, wait_until

from tutor.protocol.result import RunResult, Status
from tutor.words.catalog import t


async def test_a_running_example_shows_its_output_as_it_streams(make_app, fake_runner):
    fake_runner.push(
        RunResult(exercise="6.1#1", status=Status.PASSED, stdout="第一行\n"),
        delay=1.5,
        output="第一行\n",
    )
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        block = app.screen.query_one(".run-block")
        await wait_until(pilot, lambda: "第一行" in str(block.query_one(".run-output").render()))
        live = str(block.query_one(".run-output").render())
        assert block.result is None and t("app.run.counter", secs=0, limit=60)[:4] in live
        await wait_until(pilot, lambda: block.result is not None)
