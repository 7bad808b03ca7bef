"""A worker without jax, for the tests of the parent's supervision (tests/test_supervision*.py):
the real worker's life (tutor/worker/main.py `serve`: the reaper, the private pipes, Ready, the
limits, the stack sampled at a timeout, the exit codes) with an engine that only runs the
learner's code. An exercise job whose code ran through reports each declared check passed;
nothing here judges anything (the parent's judge does).

    python tests/fakeworker.py JOB_FD RESULT_FD LIFELINE_FD [CONTEXT_PATH]

It starts in a few tens of milliseconds, where the real worker takes about a second to import
jax: the runner's handling of limits, cancels, crashes, output and escaping processes is the
same for both, and is proved here; what only the real worker does (running checks, sampling a
stack inside jax, its isolation from the learner's code) is proved with it (test_runner_*.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable

from tutor.protocol.events import CheckDone, CheckStarted, Event, Finished, Job, Started
from tutor.protocol.report import Report
from tutor.protocol.result import CheckOutcome, CheckStatus
from tutor.worker.main import serve
from tutor.worker.tracebacks import learner_error


class PlainEngine:
    """Runs the learner's code in a plain namespace; no warm-up, no checks of its own."""

    def warm_up(self) -> None:
        pass

    def preload(self, path: str | None) -> tuple[dict, Exception | None]:
        return {"__name__": "__main__"}, None

    def run(self, job: Job, ns: dict | None, send: Callable[[Event], None]) -> None:
        send(Started(nonce=job.nonce))
        ns = {"__name__": "__main__"} if ns is None else ns
        if job.code is not None:
            source, path = job.code, job.learner_filename
        else:
            with open(job.file or "", encoding="utf-8") as fh:
                source, path = fh.read(), job.file or ""
        checks: list[CheckOutcome] = []
        try:
            exec(compile(source, path, "exec"), ns)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            report = Report(exit_code=code)
        except MemoryError:
            report = Report(out_of_memory=True)
        except Exception as e:  # noqa: BLE001 - the learner's error, reported as the worker does
            report = Report(error=learner_error(e, path))
        else:
            for check_id in job.check_ids:
                send(CheckStarted(nonce=job.nonce, id=check_id, name=check_id))
                outcome = CheckOutcome(id=check_id, name=check_id, status=CheckStatus.PASSED)
                send(CheckDone(nonce=job.nonce, check=outcome))
                checks.append(outcome)
            report = Report(checks=checks)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - the learner may have closed them
                pass
        send(Finished(nonce=job.nonce, report=report))


class BrokenEngine(PlainEngine):
    """Warming up fails, as it does when one of the tutor's own files (a message catalog, the
    check library) cannot be loaded: before any job, so not the learner's doing."""

    def warm_up(self) -> None:
        raise ValueError("checks/messages/a1.zh.toml: Expected newline or end of document")


if __name__ == "__main__":
    broken = len(sys.argv) > 1 and sys.argv[1] == "--broken-warm-up"
    args = sys.argv[2:] if broken else sys.argv[1:]
    serve(args, BrokenEngine() if broken else PlainEngine())
