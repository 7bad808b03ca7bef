"""A run's output is let go once later runs have replaced it: the app's memory does not grow with
the output of the runs behind it (a learner may run a noisy exercise hundreds of times)."""

from __future__ import annotations

import dataclasses
import gc
import weakref

from apphelp import SIZE, failed_result, run_to_verdict

LINES = 2000  # 200 kB of output per run
RUNS = 5


def _output(run: int) -> str:
    return "".join(f"run {run} line {n:04d} " + "x" * 80 + "\n" for n in range(LINES))


async def test_the_output_of_earlier_runs_is_let_go(make_app, fake_runner):
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    results = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for run in range(RUNS):
            output = _output(run)
            result = dataclasses.replace(failed_result(), stdout=output)
            results.append(weakref.ref(result))
            fake_runner.push(result, output=output)
            del result, output
            await run_to_verdict(pilot)
        log = app.screen.query_one("#output")
        assert log.line_count <= LINES + 2  # the last run's output only
        assert f"run {RUNS - 1} line 0000" in log.lines[0]
        gc.collect()
        held = [run for run, ref in enumerate(results) if ref() is not None]
        # the shown result, and the one before it while its finished worker is being let go
        assert held and held[0] >= RUNS - 2, held
