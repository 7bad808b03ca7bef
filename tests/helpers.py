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


def answer_input(course, ex, path: Path, judge, time_limit: float | None = None):
    """One more answer to `ex` (a right answer written another way, a variant a test builds) as
    an input of the course proof (tutor/authoring/course_proof.py): run in the proof's batch worker
    unless it changes process-wide state, as the exercise's own files are."""
    import functools

    from tutor.authoring.course_proof import Input
    from tutor.authoring.isolation import context_modules, process_effects
    from tutor.running.runner import exercise_job

    ctx = course.chapter_of(ex.id).context_path
    modules = context_modules(ctx.read_text(encoding="utf-8"))
    job = functools.partial(exercise_job, ex, path, ctx, time_limit=time_limit)
    effects = process_effects(path.read_text(encoding="utf-8"), modules)
    return Input(f"{ex.id} {path.name}", job, judge, bool(effects))
