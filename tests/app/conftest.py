"""Shared fixtures of the app tests: a temporary learner home, the small fixture course
(tests/fixtures/course: exercise 6.1 and repair 6.2-fix1 with their check modules, two short
chapters, a quiz and a cheat sheet, so that the tests do not depend on content that other people
are still writing), an app factory and the fake runner of fakerun.py."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

# no tab-underline or scroll animations: snapshots must not catch a frame mid-animation
os.environ["TEXTUAL_ANIMATIONS"] = "none"

from fakerun import FakeRunner  # noqa: E402

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


@pytest.fixture
def fake_runner():
    return FakeRunner()


@pytest.fixture(autouse=True)
def collector_as_a_quiet_host(request):
    """The app's garbage policy (tutor/app/garbage_policy.py) follows the collector its host had:
    on in the learner's process, whose heap is the app's own, so a full collection at a quiet
    moment takes milliseconds. Here the host is a test process whose heap holds pytest, coverage
    and every earlier test, and each return to the map walked all of it (about a quarter of the
    footer-key tests' time). So an app test runs under a host with the collector off, as the
    policy allows, and the collector is back on (collecting that garbage) once the test ends.
    test_garbage_policy.py proves the policy itself with the collector on."""
    import gc

    if request.module.__name__ == "test_garbage_policy" or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.fixture(autouse=True)
def no_new_jax():
    """The app's process never imports jax or numpy: every import of them while an app test runs,
    from any thread, is recorded (apphelp.ImportWatch), even when an earlier test of the same
    process already loaded them."""
    from apphelp import ImportWatch

    with ImportWatch() as watch:
        yield
    assert not watch.seen, f"the app's process imported {sorted(set(watch.seen))}"
