"""Shared fixtures of the app tests: a temporary learner home, the small fixture course
(tests/fixtures/course: exercise 6.1 and repair 6.2-fix1 with their check modules, two short
chapters, a quiz and a cheat sheet, so that the tests do not depend on content that other people
are still writing), and an app factory."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

# no tab-underline or scroll animations: snapshots must not catch a frame mid-animation
os.environ["TEXTUAL_ANIMATIONS"] = "none"

from tutor.application.runs import RunLike, RunnerLike  # noqa: E402
from tutor.protocol.events import CheckDone, CheckStarted, Started  # noqa: E402
from tutor.protocol.result import CheckOutcome  # noqa: E402

FIXTURE_COURSE = Path(__file__).resolve().parent.parent / "fixtures" / "course"


@pytest.fixture(scope="session")
def fixture_content(tmp_path_factory) -> Path:
    """A copy of the fixture course: tests may write beside it without touching the repository."""
    return shutil.copytree(FIXTURE_COURSE, tmp_path_factory.mktemp("content") / "course")


@pytest.fixture
def content(fixture_content, monkeypatch) -> Path:
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(fixture_content))
    return fixture_content


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    h = tmp_path / "home"
    monkeypatch.setenv("JAXTUTOR_HOME", str(h))
    return h


@pytest.fixture
def make_app(content, home):
    """make_app(target=None, runner=None, warm=False) -> TutorApp on the fixture course."""
    from tutor.app.tutorapp import TutorApp

    apps = []

    def factory(target=None, runner=None, warm=False):
        app = TutorApp(home=home, target=target, runner=runner, warm=warm)
        apps.append(app)
        return app

    yield factory
    for app in apps:  # an app that ran closed its session when it unmounted; one built only not
        app.session.close()


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


@pytest.fixture
def fake_runner():
    return FakeRunner()


@pytest.fixture(autouse=True)
def no_new_jax():
    """The app's process never imports jax or numpy: every import of them while an app test runs,
    from any thread, is recorded (apphelp.ImportWatch), even when an earlier test of the same
    process already loaded them."""
    from apphelp import ImportWatch

    with ImportWatch() as watch:
        yield
    assert not watch.seen, f"the app's process imported {sorted(set(watch.seen))}"
