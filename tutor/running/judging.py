"""How the parent judges what a worker said and how it ended: the protocol's order for one job's
events (`JobEvents`), the worker's own result checked against what the content declares
(`finished_result`), and the account of a worker that ended without one (`ended_without_result`).
Nothing here touches a process; the supervision is in tutor/running/run.py."""

from __future__ import annotations

import signal
from dataclasses import dataclass, field

from tutor.protocol.events import (
    PROTOCOL_VERSION,
    CheckDone,
    CheckStarted,
    Event,
    Finished,
    Job,
    JobKind,
    ProtocolError,
    Ready,
    Started,
    say,
)
from tutor.protocol.result import CheckOutcome, RunResult, Status, unaccepted
from tutor.worker.main import WORKER_FAILED_EXIT
from tutor.worker.tracebacks import is_memory_error


@dataclass
class JobEvents:
    """The events one job's worker sent, each checked against the protocol and this job as it
    arrives: a warm worker's Ready first, then Started, the checks, and the result, every one
    after Ready carrying the job's nonce."""

    nonce: str
    started: bool = False
    checks: list[CheckOutcome] = field(default_factory=list)
    finished: Finished | None = None

    def accept(self, item: Event | ProtocolError) -> bool:
        """Take one decoded event (or the error decoding it); True when it is the result.
        Raises ProtocolError for anything out of place."""
        if isinstance(item, ProtocolError):
            raise item
        if isinstance(item, Ready):
            if item.version != PROTOCOL_VERSION or self.started:
                raise ProtocolError(f"unexpected ready (version {item.version})")
            return False
        if item.nonce != self.nonce:
            raise ProtocolError(f"{item.type} without this run's nonce")
        if isinstance(item, Started):
            if self.started:
                raise ProtocolError("started twice")
            self.started = True
            return False
        if not self.started:
            raise ProtocolError(f"{item.type} before started")
        if isinstance(item, CheckStarted):
            return False
        if isinstance(item, CheckDone):
            self.checks.append(item.check)
            return False
        self.finished = item
        return True


def finished_result(job: Job, finished: Finished) -> RunResult:
    """The worker's result, judged by the parent: its own words for how the run ended, and a pass
    only when every check the content declares reported, and passed or was skipped in favour of
    a check that passed (`result.unaccepted`)."""
    result = finished.result
    result.exercise = job.exercise
    if result.status is Status.EXITED_EARLY:
        result.message = say(job.lang, "run.exited_early", code=finished.exit_code or 0)
    elif result.status is Status.MEMORY:
        result.message = say(job.lang, "run.memory", limit=job.memory_mb)
    elif result.status is Status.NOT_ATTEMPTED:
        result.message = say(job.lang, "run.missing", names=", ".join(result.missing))
    elif result.status is Status.PASSED and job.kind is JobKind.EXERCISE:
        reported = {c.id for c in result.checks}
        unverified = [i for i in job.check_ids if i not in reported]
        unverified += [i for i in unaccepted(result.checks) if i not in unverified]
        if not job.check_ids or unverified or len(reported) != len(result.checks):
            result.status = Status.FAILED
            result.message = say(job.lang, "run.unverified_pass", ids=", ".join(unverified) or "-")
    return result


def ended_without_result(
    job: Job, returncode: int | None, stderr_tail: str, checks: list[CheckOutcome]
) -> RunResult:
    """The worker ended without a result: say how, from its exit status (a signal, the CPU limit,
    the worker's own failure, or the learner's code exiting) and the end of its stderr."""
    status, message = Status.CRASHED, say(job.lang, "run.crashed", signal="?")
    if returncode is not None and returncode < 0:
        sig = -returncode
        if sig == signal.SIGXCPU:
            status, message = Status.TIMEOUT, say(job.lang, "run.cpu", limit=job.cpu_limit_s)
        elif is_memory_error(None, stderr_tail):
            status, message = Status.MEMORY, say(job.lang, "run.memory", limit=job.memory_mb)
        else:
            try:
                name = signal.Signals(sig).name
            except ValueError:
                name = str(sig)
            message = say(job.lang, "run.crashed", signal=name)
    elif returncode == WORKER_FAILED_EXIT:
        message = say(job.lang, "run.worker_died", code=returncode)
    elif returncode is not None:
        status, message = Status.EXITED_EARLY, say(job.lang, "run.exited_early", code=returncode)
    return RunResult(exercise=job.exercise, status=status, message=message, checks=checks)
