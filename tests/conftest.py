import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _session_cache(tmp_path_factory):
    """Workers share one compilation cache for the session, never the user's."""
    os.environ["JAXTUTOR_CACHE"] = str(tmp_path_factory.mktemp("xla-cache"))


@pytest.fixture(autouse=True)
def _temp_home(tmp_path, monkeypatch):
    """Tests never touch the real data home. Every home is a first start, whose language the
    locale would choose (tutor/application/language.py): the suite speaks the language it
    started in unless a test says otherwise (tests/test_language_choice.py unsets it)."""
    home = tmp_path / "home"
    monkeypatch.setenv("JAXTUTOR_HOME", str(home))
    if os.environ.get("JAXTUTOR_LANG") not in ("zh", "en"):
        monkeypatch.setenv("JAXTUTOR_LANG", "zh")
    return home


@pytest.fixture
def home(_temp_home):
    return _temp_home


@pytest.fixture(scope="session")
def course():
    from tutor.course.loader import load_course

    return load_course()


@pytest.fixture(scope="session")
def course_problems(course):
    """What the validator finds in the course as it stands, found once per test process for the
    tests that each look at a part of it (a test that changes the course validates its own)."""
    from tutor.authoring.validate import validate

    return validate(course)


@pytest.fixture(scope="session")
def runner():
    """One warm runner for the whole session (each job still gets its own fresh worker)."""
    from tutor.running.runner import Runner

    r = Runner(keep_warm=True)
    yield r
    r.close()


@pytest.fixture(autouse=True)
def _tutor_language():
    """Each test starts in the language the suite started in: main(["--lang", "en", …]) run in
    the test's process, or set_lang, changes the tutor's language for the whole process."""
    from tutor.words import catalog

    before = catalog.lang()
    yield
    catalog.set_lang(before)


@pytest.fixture(scope="session")
def fault_runner():
    """The runner of the runner's fault tests (test_runner_*.py), warm with the real course's
    chapter 6 context that their jobs use."""
    from runnerhelp import CTX

    from tutor.running.runner import Runner

    r = Runner(keep_warm=True)
    r.warm(CTX)
    yield r
    r.close()


@pytest.fixture(scope="session")
def fake_runner():
    """A runner whose workers run the learner's code without jax (tests/fakeworker.py): for the
    tests of the parent's supervision (test_supervision*.py)."""
    from runnerhelp import FAKE_WORKER

    from tutor.running.runner import Runner

    r = Runner(keep_warm=True, worker=FAKE_WORKER)
    yield r
    r.close()
