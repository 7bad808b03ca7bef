"""The front ends get their own run updates (`RunUpdate` of tutor/application/runs.py): a run's
start, each check's start and outcome, the learner's output; nothing of the protocol, no event
type and no run secret (the job's nonce), reaches tutor/app or tutor/cli."""

from __future__ import annotations

import ast
import asyncio

from helpers import ROOT

from tutor.application.session import CheckBegan, CheckEnded, Output, RunBegan, RunService
from tutor.protocol.events import CheckDone, CheckStarted, Job, Started
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status


class _Speaking:
    """A runner that says what a real worker says, in the protocol's events, with the nonce."""

    async def run(self, job: Job, on_event=None, on_output=None):
        check = CheckOutcome(id="a", name="first", status=CheckStatus.PASSED)
        on_event(Started(nonce=job.nonce))
        on_event(CheckStarted(nonce=job.nonce, id="a", name="first"))
        on_output("stdout", "hi\n")
        on_event(CheckDone(nonce=job.nonce, check=check))
        return RunResult(exercise=job.exercise, status=Status.PASSED, checks=[check])

    def warm(self, context=None) -> None:
        """Nothing to warm."""

    def close(self) -> None:
        """Nothing to close."""


def test_a_run_streams_the_front_ends_own_updates_without_its_secret():
    job = Job(kind="snippet", exercise="x", time_limit=5, code="print('hi')")
    updates: list = []
    asyncio.run(RunService(_Speaking()).run(job, listener=updates.append))
    check = CheckOutcome(id="a", name="first", status=CheckStatus.PASSED)
    assert updates == [
        RunBegan(),
        CheckBegan("a", "first"),
        Output("stdout", "hi\n"),
        CheckEnded(check),
    ]
    assert all(job.nonce not in repr(u) and not hasattr(u, "nonce") for u in updates)


def test_no_front_end_module_imports_the_protocols_events():
    importers = []
    for folder in ("app", "cli"):
        for path in sorted((ROOT / "tutor" / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = (
                    [node.module or ""]
                    if isinstance(node, ast.ImportFrom)
                    else [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else []
                )
                if "tutor.protocol.events" in names:
                    importers.append(str(path.relative_to(ROOT)))
    assert importers == []
