"""One batch worker process of the course proof (tutor/worker/batch.py), kept for as many jobs as
it finishes: the parent writes one job line to its jobs pipe and reads the job's record (its
Finished event and its output) from its records pipe. Its stdin is /dev/null, so a job that reads
input gets end of file and never a job line. A job that overruns its time limit ends the process
(the worker's watchdog), as does any crash: `record` then returns None and the process is gone.

Only the course proof uses this (tutor/running/batch.py); a learner's run always gets a one-shot
worker of its own."""

from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from tutor import paths
from tutor.protocol.events import Job
from tutor.worker import xlacache

SLACK_S = 30.0  # beyond a job's own limit: writing its record, a loaded machine


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


class BatchProcess:
    """A started batch worker; `record` runs one job in it."""

    def __init__(self, python: str | None = None, startup_s: float = 90.0) -> None:
        self.folder = tempfile.mkdtemp(prefix="jaxtutor-batch-")
        jobs_r, self._jobs = os.pipe()
        self._records, records_w = os.pipe()
        try:
            self.proc: subprocess.Popen | None = subprocess.Popen(
                [python or sys.executable, "-m", "tutor.worker.batch", str(jobs_r), str(records_w)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(jobs_r, records_w),
                start_new_session=True,
                env=_env(),
                cwd=self.folder,
            )
        finally:
            os.close(jobs_r)
            os.close(records_w)
        self._buffer = b""
        self._startup_s = startup_s  # the first job also waits for the worker's warm-up

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def record(self, job: Job, langs: list[str]) -> dict | None:
        """Run `job` (its words said in all of `langs`); what the worker wrote for it, or None when
        the worker did not finish it (then it is closed)."""
        line = json.dumps({"job": job.encode().decode("utf-8"), "langs": langs}) + "\n"
        try:
            os.write(self._jobs, line.encode("utf-8"))
        except OSError:  # the worker is gone
            self.close()
            return None
        deadline = time.monotonic() + self._startup_s + job.time_limit + SLACK_S
        self._startup_s = 0.0
        text = self._line(deadline)
        record = None
        if text is not None:
            try:
                record = json.loads(text)
            except json.JSONDecodeError:
                record = None
        if not isinstance(record, dict) or record.get("nonce") != job.nonce:
            self.close()
            return None
        return record

    def _line(self, deadline: float) -> str | None:
        """The next line of the records pipe, or None at its end or at `deadline`."""
        with selectors.DefaultSelector() as sel:
            sel.register(self._records, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    return None
                chunk = os.read(self._records, 1 << 16)
                if not chunk:
                    return None
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    def rss_mb(self) -> float:
        """The worker's resident memory (0 where /proc cannot tell)."""
        try:
            with open(f"/proc/{self.proc.pid if self.proc else 0}/status", encoding="ascii") as fh:
                for row in fh:
                    if row.startswith("VmRSS:"):
                        return int(row.split()[1]) / 1024
        except (OSError, ValueError):
            pass
        return 0.0

    def close(self) -> None:
        """End the worker and what its jobs started (its process group)."""
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.proc.wait()
            self.proc = None
            for fd in (self._jobs, self._records):
                os.close(fd)
        shutil.rmtree(self.folder, ignore_errors=True)
