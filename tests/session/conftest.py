"""The fixtures of the session's tests: sessions over the fake runner of fakes.py, closed after
each test (`runner` here is the fake, not the real runner of tests/conftest.py)."""

import pytest
from fakes import FakeRunner

from tutor.application.session import RunService, Session
from tutor.storage.store import Store


@pytest.fixture
def runner():
    return FakeRunner()


@pytest.fixture
def make_session(course):
    """make_session(home, runs=None, lang=None, timeout=None): a Session, closed after the test."""
    made = []

    def make(home, *, runs=None, lang=None, timeout=None):
        made.append(Session(course, Store(home, timeout=timeout), runs=runs, lang=lang))
        return made[-1]

    yield make
    for opened in made:
        opened.close()


@pytest.fixture
def session(make_session, tmp_path, runner):
    return make_session(tmp_path, runs=RunService(runner), lang="en")
