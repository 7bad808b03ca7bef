"""The app tests' stand-in for the runner: canned results, fast and deterministic, with the
events a real run sends (tests/app/conftest.py's `fake_runner` fixture gives one per test)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tutor.application.runs import RunnerLike
from tutor.protocol.events import CheckDone, CheckStarted, Started
from tutor.protocol.result import CheckOutcome, RunResult, Status


class FakeRunner(RunnerLike):
    """Stands in for tutor.running.runner.Runner through the session's RunnerLike protocol (the one
    the real Runner meets, checked by test_fake_runner_has_the_runner_protocol): returns canned
    RunResults, fast and deterministic. Like the real one, a cancel of the run's task during the
    run (its `delay`) ends it with the cancelled result."""

    def __init__(self):
        self.results = []  # queue of (RunResult, delay_s, output)
        self.jobs = []
        self.files = []  # the text of each job's file when the run started
        self.warmed = []

    def push(self, result, delay: float = 0.0, output: str = ""):
        self.results.append((result, delay, output))

    def warm(self, context=None):
        self.warmed.append(context)

    async def run(self, job, on_event=None, on_output=None):
        self.jobs.append(job)
        if getattr(job, "file", None):
            self.files.append(Path(job.file).read_text(encoding="utf-8"))
        result, delay, output = self.results.pop(0)
        events = [Started(nonce=job.nonce)]
        for c in result.checks:  # the events the real runner sends, through the result document
            events.append(CheckStarted(nonce=job.nonce, id=c.id, name=c.name))
            events.append(CheckDone(nonce=job.nonce, check=CheckOutcome.from_dict(c.to_dict())))
        if on_event:
            on_event(events[0])
        if output and on_output:
            on_output("stdout", output)
        for ev in events[1:]:
            if on_event:
                on_event(ev)
        try:
            await asyncio.sleep(delay)  # the run's own length, not a wait of the test
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()
            return RunResult(exercise=result.exercise, status=Status.CANCELLED)
        return result

    def close(self):
        pass
