"""A runner for the session's tests that follows the same Protocol as the real one (no worker is
started): it fails a file that contains "# wrong" and passes any other, or ends every run as
told (EndsWith)."""

from pathlib import Path

from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status


class FakeRunner:
    """Fails a file that contains "# wrong", passes any other; remembers each job, the bytes on
    disk when the job started, the contexts it was asked to warm, and whether it was closed."""

    def __init__(self):
        self.jobs = []
        self.seen = []
        self.warmed = []
        self.closed = False

    async def run(self, job, on_event=None, on_output=None):
        data = Path(job.file).read_bytes() if job.file else job.code.encode()
        self.jobs.append(job)
        self.seen.append(data)
        if on_output is not None:
            on_output("stdout", "hello\n")
        solved = b"# wrong" not in data
        status = Status.PASSED if solved else Status.FAILED
        checks = [
            CheckOutcome(
                id="a", name="a", status=CheckStatus.PASSED if solved else CheckStatus.FAILED
            )
        ]
        return RunResult(
            exercise=job.exercise, status=status, duration_s=0.1, checks=checks, stdout="hello\n"
        )

    def warm(self, context=None):
        self.warmed.append(context)

    def close(self):
        self.closed = True


class EndsWith(FakeRunner):
    """Every run ends with `status`: a starter's real end (not attempted, or the symptom a
    repair's broken starter shows)."""

    def __init__(self, status):
        super().__init__()
        self.status = status

    async def run(self, job, on_event=None, on_output=None):
        result = await super().run(job, on_event, on_output)
        result.status = self.status
        return result
