"""The judge: the one place where a run's status is decided (docs/architecture.md §2).

What a run learnt is gathered as `Facts`: the events its worker sent, taken in the protocol's
order (`JobEvents`), with the worker's own `Report` of how the job ended (per-check outcomes, the
exception and its origin, missing names, an exit, a failed allocation); how the parent ended it
(`Ended`: a limit, a cancel, a broken protocol, the tutor's own failure, a run never started);
how the worker's process ended (exit status, the end of its stderr); and the learner's capped
output. `judge(facts)` turns them into the RunResult, a pure function of its argument: nothing
here touches a process, a clock or a pipe, so recorded event logs can be judged without a worker
(tests/judge_logs, tests/test_judge_logs.py). The supervision is in tutor/running/run.py; a check's
own status is the worker's (tutor/worker/checklib.py). `tests/test_status_decided_once.py` fails
when a run's status is decided anywhere else in tutor/."""

from __future__ import annotations

import enum
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
from tutor.protocol.report import Origin, Report
from tutor.protocol.result import CheckOutcome, ErrorInfo, RunResult, Status, unaccepted
from tutor.worker.main import SETUP_FAILED_EXIT, WORKER_FAILED_EXIT
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


class Ended(str, enum.Enum):
    """How the parent ended a run, or why none ran: each is a fact the judge turns into a status."""

    CANCELLED = "cancelled"  # the learner cancelled it
    TIMEOUT = "timeout"  # past the job's wall-clock limit once started (`stuck`: where)
    START_TIMEOUT = "start_timeout"  # the worker never started the job (`start_limit_s`)
    MEMORY = "memory"  # the tree went over the job's memory cap
    PROTOCOL = "protocol"  # a malformed, foreign or out-of-place message (`detail`)
    TUTOR_FAILED = "tutor_failed"  # the tutor's own code failed while supervising (`detail`)
    NO_WORKER = "no_worker"  # no worker could be started (`detail`)
    UNSUPPORTED = "unsupported"  # a platform the runner cannot supervise (`detail`)
    REFUSED = "refused"  # refused before a run: `detail` the reason, `error_type` its kind


@dataclass
class Facts:
    """Everything a run learnt, and nothing decided yet (see the module's docstring)."""

    exercise: str
    lang: str
    job: Job | None = None  # None only for a run refused or failed before it had a job
    checks: list[CheckOutcome] = field(default_factory=list)  # the CheckDone events, in order
    report: Report | None = None  # the worker's Finished report
    ended: Ended | None = None
    detail: str = ""
    error_type: str = ""
    stuck: ErrorInfo | None = None  # on a timeout, where the learner's code was
    start_limit_s: float = 0.0  # how long the parent waited for the worker to start the job
    returncode: int | None = None  # the worker's exit status (negative: a signal)
    stderr_tail: str = ""
    escaped: int = 0  # processes of the learner's code found alive at the end, and killed
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    duration_s: float = 0.0

    @classmethod
    def of(cls, job: Job, events: JobEvents | None = None, **kw) -> Facts:
        """The facts of `job`, with what its events said (checks, the worker's report)."""
        if events is not None:
            kw.setdefault("checks", list(events.checks))
            if events.finished is not None:
                kw.setdefault("report", events.finished.report)
        return cls(exercise=job.exercise, lang=job.lang, job=job, **kw)


def judge(facts: Facts) -> RunResult:
    """The RunResult of a run: its status and message decided from `facts`, with the checks, the
    error, the output and the duration as they were. The parent's own ending comes first (a
    limit, a cancel, a fault: what the worker said before it does not count), then the worker's
    report, then how the worker's process ended without one."""
    if facts.ended is not None:
        result = _ended_by_parent(facts, facts.ended)
    elif facts.report is not None:
        result = _reported(facts, facts.report)
    else:
        result = _ended_without_report(facts)
    result.duration_s = facts.duration_s
    result.stdout, result.stderr = facts.stdout, facts.stderr
    result.output_truncated = facts.output_truncated
    if facts.escaped:
        note = say(facts.lang, "run.escaped", n=facts.escaped)
        result.message = f"{result.message}\n{note}" if result.message else note
    return result


def _ended_by_parent(facts: Facts, ended: Ended) -> RunResult:
    job, lang = facts.job, facts.lang
    status, error = Status.CRASHED, None
    if ended is Ended.CANCELLED:
        status, message = Status.CANCELLED, say(lang, "run.cancelled")
    elif ended is Ended.TIMEOUT:
        status, error = Status.TIMEOUT, facts.stuck
        message = say(lang, "run.timeout", limit=job.time_limit if job is not None else 0)
    elif ended is Ended.START_TIMEOUT:
        status, message = Status.TIMEOUT, say(lang, "run.start_timeout", limit=facts.start_limit_s)
    elif ended is Ended.MEMORY:
        limit = job.memory_mb if job is not None else 0
        status, message = Status.MEMORY, say(lang, "run.memory", limit=limit)
    elif ended is Ended.PROTOCOL:
        message = say(lang, "run.protocol_error", detail=facts.detail[:300])
    elif ended is Ended.NO_WORKER:
        message = say(lang, "run.worker_failed", detail=facts.detail)
    elif ended is Ended.UNSUPPORTED:
        message = say(lang, "run.unsupported_platform", platform=facts.detail)
    elif ended is Ended.REFUSED:
        status, message = Status.ERROR, facts.detail
        error = ErrorInfo(type=facts.error_type, message=facts.detail)
    else:
        message = say(lang, "run.tutor_failed", detail=facts.detail)
    return RunResult(
        exercise=facts.exercise, status=status, message=message, checks=facts.checks, error=error
    )


def _reported(facts: Facts, report: Report) -> RunResult:
    """The worker's report judged: how the job ended, and a pass only when every check the
    content declares reported, and passed or was skipped in favour of a check that passed
    (`result.unaccepted`, the one rule of acceptance)."""
    lang, job = facts.lang, facts.job
    result = RunResult(
        exercise=facts.exercise,
        status=Status.PASSED,
        missing=list(report.missing),
        checks=list(report.checks),
        charts=list(report.charts),
    )
    if report.exit_code is not None:
        result.status = Status.EXITED_EARLY
        result.message = say(lang, "run.exited_early", code=report.exit_code)
    elif report.out_of_memory:
        result.status = Status.MEMORY
        result.message = say(lang, "run.memory", limit=job.memory_mb if job else 0)
    elif report.origin is Origin.WORKER:
        failure = report.error
        detail = f"{failure.type}: {failure.message}" if failure else "?"
        result.status, result.message = Status.CRASHED, say(lang, "run.worker_broke", detail=detail)
    elif report.error is not None:
        result.status, result.error = Status.ERROR, report.error
    elif report.missing:
        result.status = Status.NOT_ATTEMPTED
        result.message = say(lang, "run.missing", names=", ".join(report.missing))
    elif unaccepted(report.checks):  # a failure, an error, or a skip whose cover did not pass
        result.status = Status.FAILED
    elif job is None or job.kind is JobKind.EXERCISE:
        declared = job.check_ids if job is not None else []
        reported = {c.id for c in report.checks}
        unverified = [i for i in declared if i not in reported]
        if not declared or unverified or len(reported) != len(report.checks):
            result.status = Status.FAILED
            result.message = say(lang, "run.unverified_pass", ids=", ".join(unverified) or "-")
    return result


def _ended_without_report(facts: Facts) -> RunResult:
    """The worker ended without a result: say how, from its exit status (a signal, the CPU limit,
    the worker's own failure, or the learner's code exiting) and the end of its stderr."""
    lang, job, returncode = facts.lang, facts.job, facts.returncode
    status, message = Status.CRASHED, say(lang, "run.crashed", signal="?")
    if returncode is not None and returncode < 0:
        sig = -returncode
        if sig == signal.SIGXCPU:
            limit = job.cpu_limit_s if job is not None else 0
            status, message = Status.TIMEOUT, say(lang, "run.cpu", limit=limit)
        elif is_memory_error(None, facts.stderr_tail):
            limit = job.memory_mb if job is not None else 0
            status, message = Status.MEMORY, say(lang, "run.memory", limit=limit)
        else:
            try:
                name = signal.Signals(sig).name
            except ValueError:
                name = str(sig)
            message = say(lang, "run.crashed", signal=name)
    elif returncode == WORKER_FAILED_EXIT:
        message = say(lang, "run.worker_died", code=returncode)
    elif returncode == SETUP_FAILED_EXIT:  # before the job: the tutor's files, not the learner's
        message = say(lang, "run.worker_setup_failed", code=returncode)
    elif returncode is not None:
        status, message = Status.EXITED_EARLY, say(lang, "run.exited_early", code=returncode)
    return RunResult(exercise=facts.exercise, status=status, message=message, checks=facts.checks)
