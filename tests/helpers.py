"""Helpers shared by the engine tests (conftest.py is not importable by name: tests/app has its
own)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def jaxtutor_cmd() -> list[str]:
    script = VENV_BIN / "jaxtutor"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tutor"]


# Time limit of the runs whose verdict a test asserts (solutions, starters, fixtures, variants).
# An exercise's own limit (20–30 s) is for a learner's machine; the suite may share two cores with
# another suite, where a correct solution once took longer than 30 s. A verdict must not depend on
# machine speed, so these runs get room; timeouts themselves are tested in test_runner_faults.py.
VERDICT_TIME_LIMIT = 300.0
