"""Trusted jobs of the course proof in one batch worker (tutor/worker/batch.py): the solutions,
starters, fixtures, variants and lesson blocks of one exercise or page share one interpreter, so
JAX's start-up is paid once per exercise instead of once per input. Each job still runs in a fresh
namespace and its result is judged as a one-shot worker's is, by the judge (`judging.judge`).

Only the course proof uses this; a learner's run always gets a one-shot worker of its own. Jobs
that change process-wide state must not come here (tutor/authoring/isolation.py). A job the batch
did not finish (it overran its time limit, or the batch died) has no result here: the caller runs
it, and those after it, one process each."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile

from tutor import paths
from tutor.protocol.events import Finished, Job, ProtocolError, decode_event, say
from tutor.protocol.result import CappedText, RunResult
from tutor.running.judging import Facts, judge
from tutor.running.run import STARTUP_LIMIT_S
from tutor.worker import xlacache


def _env() -> dict[str, str]:
    """The environment of a one-shot worker (tutor/running/worker_process.py), for the batch."""
    env = dict(os.environ)
    env.setdefault("JAX_PLATFORMS", "cpu")
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(paths.package_dir().parent), env.get("PYTHONPATH")])
    )
    env.pop("JAXTUTOR_HOME", None)
    env.setdefault(xlacache.CACHE_VAR, str(xlacache.folder()))
    return env


def _output(text: str, lang: str) -> tuple[str, bool]:
    """The output as the runner would keep it (head and tail, with its notice between)."""
    capped = CappedText()
    capped.feed(text.encode("utf-8"))
    return capped.text(say(lang, "run.output_dropped", n="{n}")), capped.truncated


def _result(job: Job, record: dict) -> RunResult | None:
    try:
        event = decode_event(record["finished"].encode("utf-8")) if record["finished"] else None
    except ProtocolError:
        return None
    if not isinstance(event, Finished) or event.nonce != job.nonce:
        return None
    stdout, cut_out = _output(record["stdout"], job.lang)
    stderr, cut_err = _output(record["stderr"], job.lang)
    return judge(
        Facts.of(
            job,
            report=event.report,
            stdout=stdout,
            stderr=stderr,
            output_truncated=cut_out or cut_err,
            duration_s=float(record.get("duration_s") or 0.0),
        )
    )


def run_batch(jobs: list[Job], python: str | None = None) -> list[RunResult | None]:
    """Run `jobs` in turn in one batch worker; their results in the same order, None for each job
    from the first one the batch did not finish."""
    if not jobs:
        return []
    folder = tempfile.mkdtemp(prefix="jaxtutor-batch-")
    results_path = os.path.join(folder, "results.jsonl")
    limit = STARTUP_LIMIT_S + sum(job.time_limit for job in jobs)
    try:
        proc = subprocess.Popen(
            [python or sys.executable, "-m", "tutor.worker.batch", results_path],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            env=_env(),
            cwd=folder,
        )
        try:
            proc.communicate(b"".join(job.encode() for job in jobs), timeout=limit)
        except subprocess.TimeoutExpired:
            pass
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # what the jobs started goes with it
            except (ProcessLookupError, PermissionError):
                pass
            proc.wait()
        records = {}
        try:
            with open(results_path, encoding="utf-8") as fh:
                for line in fh:
                    try:
                        record = json.loads(line)
                    except json.JSONDecodeError:  # the batch died while writing it
                        break
                    records[record.get("nonce")] = record
        except FileNotFoundError:
            pass
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    results: list[RunResult | None] = []
    for job in jobs:
        record = records.get(job.nonce)
        result = _result(job, record) if record is not None else None
        if result is None:
            break
        results.append(result)
    return results + [None] * (len(jobs) - len(results))
