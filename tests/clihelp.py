"""Shared pieces of the in-process CLI tests: a fake runner behind the commands' run service
(session.RunnerLike) and a passing result."""

import io


class FakeRunner:
    """session.RunnerLike: answers every job with `make(job)`; remembers the jobs."""

    def __init__(self, make):
        self.make, self.jobs = make, []

    async def run(self, job, on_event=None, on_output=None):
        self.jobs.append(job)
        return self.make(job)

    def warm(self, context=None):
        pass

    def close(self):
        pass


def fake_runner(monkeypatch, make):
    from tutor.application.runs import RunService
    from tutor.cli import commands, watch

    runner = FakeRunner(make)

    def make_runs(keep_warm, interactive=False):
        return RunService(runner, keep_warm=keep_warm, interactive=interactive)

    monkeypatch.setattr(commands, "make_runs", make_runs)
    monkeypatch.setattr(watch, "make_runs", make_runs)
    return runner


def passed(job, stdout=""):
    from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

    return RunResult(
        exercise=job.exercise,
        status=Status.PASSED,
        duration_s=0.1,
        stdout=stdout,
        checks=[CheckOutcome(id="a", name="a", status=CheckStatus.PASSED)],
    )


class TTY(io.StringIO):
    def isatty(self):
        return True
