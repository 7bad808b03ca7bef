"""The judge from recorded event logs, without a worker and without JAX (docs/architecture.md §2).

tests/judge_logs/ holds, per case, what one real run of exercise 6.1 of the fixture course
learnt: the job, every event its worker sent in order, and how the parent saw it end (recorded by
scripts/record_judge_logs.py). Replayed through the protocol's order (`JobEvents`) and judged,
each gives exactly the result document `jaxtutor check 6.1 FILE --json` printed for that answer
(tests/golden/, one per status). The parent's own judgements a worker cannot be made to produce
on demand (a foreign message, a worker that died, the CPU limit, a check that never reported,
processes left behind, a worker that never started) are the same logs with one fact changed."""

from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import sys

import pytest
from helpers import ROOT

from tutor.protocol.events import Job, ProtocolError, decode_event
from tutor.protocol.result import ErrorInfo, RunResult, Status
from tutor.running.judging import Ended, Facts, JobEvents, judge
from tutor.words.catalog import say
from tutor.worker.main import SETUP_FAILED_EXIT, WORKER_FAILED_EXIT

LOGS = ROOT / "tests" / "judge_logs"
GOLDEN = ROOT / "tests" / "golden"
NAMES = sorted(p.stem for p in LOGS.glob("*.json"))


def replay(log: dict) -> Facts:
    """The facts of a recorded run, taken as tutor/running/run.py takes them: each event decoded
    and accepted in order until the result, a message out of place ending the run."""
    job = Job.decode(json.dumps(log["job"]).encode("utf-8"))
    events = JobEvents(job.nonce)
    ended = Ended(log["ended"]) if log["ended"] else None
    detail = log["detail"]
    for recorded in log["events"]:
        try:
            item = decode_event(json.dumps(recorded, ensure_ascii=False).encode("utf-8"))
        except ProtocolError as e:
            item = e
        try:
            if events.accept(item):
                break
        except ProtocolError as e:
            ended, detail = Ended.PROTOCOL, str(e)
            break
    return Facts.of(
        job,
        events,
        ended=ended,
        detail=detail,
        stuck=ErrorInfo.from_dict(log["stuck"]),
        start_limit_s=log["start_limit_s"],
        returncode=log["returncode"],
        stderr_tail=log["stderr_tail"],
        escaped=log["escaped"],
        stdout=log["stdout"],
        stderr=log["stderr"],
        output_truncated=log["output_truncated"],
        duration_s=log["duration_s"],
    )


def _log(name: str) -> dict:
    return json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))


def _document(result: RunResult) -> dict:
    doc = result.to_dict()
    for check in doc["checks"]:
        check["duration_s"] = 0
    return doc


def test_every_status_has_a_recorded_log():
    statuses = {judge(replay(_log(name))).status for name in NAMES}
    assert statuses == set(Status)
    assert NAMES == sorted(p.stem for p in GOLDEN.glob("*.json"))


@pytest.mark.parametrize("name", NAMES)
def test_a_recorded_run_is_judged_as_the_cli_printed_it(name):
    doc, golden = _document(judge(replay(_log(name)))), GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):  # after an intended change; read the diff
        golden.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    assert doc == json.loads(golden.read_text(encoding="utf-8"))


def _variant(name: str, **changes) -> RunResult:
    log = copy.deepcopy(_log(name))
    log.update(changes)
    return judge(replay(log))


def test_a_message_without_the_runs_nonce_ends_the_run_as_crashed():
    log = _log("6.1-solution")
    log["events"][3]["nonce"] = "0" * 32  # the first check's outcome, written by someone else
    result = judge(replay(log))
    assert result.status is Status.CRASHED and result.checks == []
    detail = "check_done without this run's nonce"
    assert result.message == say("zh", "run.protocol_error", detail=detail)


def test_a_check_that_never_reported_keeps_a_run_from_passing():
    log = _log("6.1-solution")
    report = log["events"][-1]["report"]
    report["checks"] = [c for c in report["checks"] if c["id"] != "pure"]
    result = judge(replay(log))
    assert result.status is Status.FAILED
    assert result.message == say("zh", "run.unverified_pass", ids="pure")


CPU_LIMIT = Job.decode(json.dumps(_log("6.1-segfault")["job"]).encode("utf-8")).cpu_limit_s


@pytest.mark.parametrize(
    "returncode, stderr_tail, status, key, fields",
    [
        (-signal.SIGXCPU, "", Status.TIMEOUT, "run.cpu", {"limit": CPU_LIMIT}),
        (-signal.SIGABRT, "std::bad_alloc", Status.MEMORY, "run.memory", {"limit": 3072}),
        (-signal.SIGSEGV, "", Status.CRASHED, "run.crashed", {"signal": "SIGSEGV"}),
        (WORKER_FAILED_EXIT, "", Status.CRASHED, "run.worker_died", {"code": WORKER_FAILED_EXIT}),
        (
            SETUP_FAILED_EXIT,
            "",
            Status.CRASHED,
            "run.worker_setup_failed",
            {"code": SETUP_FAILED_EXIT},
        ),
        (3, "", Status.EXITED_EARLY, "run.exited_early", {"code": 3}),
        (None, "", Status.CRASHED, "run.crashed", {"signal": "?"}),
    ],
)
def test_a_worker_that_ended_without_a_result(returncode, stderr_tail, status, key, fields):
    result = _variant("6.1-segfault", returncode=returncode, stderr_tail=stderr_tail)
    assert result.status is status and result.message == say("zh", key, **fields)


def test_the_parents_ending_comes_before_what_the_worker_reported():
    result = _variant("6.1-solution", ended="memory")
    assert result.status is Status.MEMORY and len(result.checks) == 5
    assert result.message == say("zh", "run.memory", limit=3072)
    result = _variant("6.1-solution", ended="start_timeout", start_limit_s=0.5)
    assert result.status is Status.TIMEOUT
    assert result.message == say("zh", "run.start_timeout", limit=0.5)


def test_processes_left_behind_are_said_after_the_verdict():
    result = _variant("6.1-sys_exit", escaped=2)
    assert result.status is Status.EXITED_EARLY
    first = say("zh", "run.exited_early", code=3)
    assert result.message == first + "\n" + say("zh", "run.escaped", n=2)


def test_the_judge_and_its_logs_need_no_jax():
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT / 'tests')!r})\n"
        "import test_judge_logs as t\n"
        "docs = [t.judge(t.replay(t._log(n))).status.value for n in t.NAMES]\n"
        "print(json.dumps([docs, sorted(m for m in ('jax', 'numpy') if m in sys.modules)]))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert p.returncode == 0, p.stderr
    statuses, heavy = json.loads(p.stdout)
    assert len(statuses) == len(NAMES) and heavy == []


def test_the_workers_own_exit_codes_are_distinct():
    # the judge names the cause by the code alone: one number for two causes would blame one
    from tutor.worker.batch import TIMEOUT_EXIT

    assert len({WORKER_FAILED_EXIT, SETUP_FAILED_EXIT, TIMEOUT_EXIT}) == 3
