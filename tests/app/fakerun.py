"""The app tests' stand-in for the runner: canned results, fast and deterministic, with the
events a real run sends (tests/app/conftest.py's `fake_runner` fixture gives one per test)."""

from __future__ import annotations

from pathlib import Path

from tutor.application.runs import RunLike, RunnerLike
from tutor.protocol.events import CheckDone, CheckStarted, Started
from tutor.protocol.result import CheckOutcome


class FakeRun(RunLike):
    def __init__(self, result, delay: float, on_event, on_output, events=(), output="", nonce=""):
        import threading

        self.result = None
        self._final = result
        self._cancel = threading.Event()
        self._done = threading.Event()

        def body():
            if on_event:
                on_event(Started(nonce=nonce))
            if output and on_output:
                on_output("stdout", output)
            for ev in events:
                if on_event:
                    on_event(ev)
            if self._cancel.wait(delay):
                from tutor.protocol.result import RunResult, Status

                self.result = RunResult(exercise=result.exercise, status=Status.CANCELLED)
            else:
                self.result = self._final
            self._done.set()

        threading.Thread(target=body, daemon=True).start()

    def cancel(self):
        self._cancel.set()

    def wait(self, timeout=None):
        self._done.wait(timeout)
        return self.result


class FakeRunner(RunnerLike):
    """Stands in for tutor.running.runner.Runner through the session's RunnerLike protocol (the one
    the real Runner meets, checked by test_fake_runner_has_the_runner_protocol): returns canned
    RunResults, fast and deterministic."""

    def __init__(self):
        self.results = []  # queue of (RunResult, delay_s, output)
        self.jobs = []
        self.files = []  # the text of each job's file when the run started
        self.warmed = []

    def push(self, result, delay: float = 0.0, output: str = ""):
        self.results.append((result, delay, output))

    def warm(self, context=None):
        self.warmed.append(context)

    def start(self, job, on_event=None, on_output=None):
        self.jobs.append(job)
        if getattr(job, "file", None):
            self.files.append(Path(job.file).read_text(encoding="utf-8"))
        result, delay, output = self.results.pop(0)
        events = []
        for c in result.checks:  # the events the real runner sends, through the result document
            events.append(CheckStarted(nonce=job.nonce, id=c.id, name=c.name))
            events.append(CheckDone(nonce=job.nonce, check=CheckOutcome.from_dict(c.to_dict())))
        return FakeRun(result, delay, on_event, on_output, events, output, job.nonce)

    def close(self):
        pass
