"""Result documents against golden files: the JSON that `jaxtutor check ID FILE --json` prints for
exercise 6.1 of the fixture course, with durations and paths normalised, one per status. (Which
verdict each input of the real course gets is the course proof's business, tests/proof.)
Regenerate with UPDATE_GOLDEN=1 after an intended change, and read the diff."""

import json
import os
import subprocess
import threading

import pytest
from helpers import ROOT, jaxtutor_cmd

from tutor.protocol.events import Started
from tutor.protocol.result import Status

GOLDEN = ROOT / "tests" / "golden"
INPUTS = GOLDEN / "inputs"
COURSE = ROOT / "tests" / "fixtures" / "course"
EXERCISE = COURSE / "lessons" / "ch6" / "exercises" / "6.1"
# name: (exercise, learner file, extra arguments)
CASES = {
    # passed: a learner's own answer (the reference file itself is "reference", not a pass)
    "6.1-solution": ("6.1", INPUTS / "6.1-own_answer.py", []),
    "6.1-starter": ("6.1", EXERCISE / "starter.py", []),  # not_attempted
    "6.1-adds_increment": ("6.1", INPUTS / "6.1-adds_increment.py", []),  # failed
    "6.1-string_plus_number": ("6.1", INPUTS / "6.1-string_plus_number.py", []),  # error
    "6.1-endless_loop": ("6.1", INPUTS / "6.1-endless_loop.py", ["--timeout", "1"]),  # timeout
    "6.1-huge_array": ("6.1", INPUTS / "6.1-huge_array.py", []),  # memory
    "6.1-segfault": ("6.1", INPUTS / "6.1-segfault.py", []),  # crashed
    "6.1-sys_exit": ("6.1", INPUTS / "6.1-sys_exit.py", []),  # exited_early
}


def normalise(doc: dict, path: str) -> dict:
    """Durations to 0; the answer's path (it appears in JAX's own messages too) to <answer>."""
    doc["duration_s"] = 0
    for c in doc["checks"]:
        c["duration_s"] = 0
    text = json.dumps(doc, ensure_ascii=False).replace(json.dumps(path)[1:-1], "<answer>")
    return json.loads(text.replace(json.dumps(str(ROOT))[1:-1], "<root>"))


def _compare(name: str, doc: dict) -> None:
    golden = GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    assert doc == json.loads(golden.read_text())


@pytest.fixture
def fixture_course(monkeypatch):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(COURSE))
    from tutor.course.loader import load_course

    return load_course(COURSE / "lessons", fresh=True)


@pytest.mark.parametrize("name", list(CASES))
def test_result_document_matches_golden(name, fixture_course):
    ex_id, path, extra = CASES[name]
    p = subprocess.run(
        jaxtutor_cmd() + ["--lang", "zh", "check", ex_id, str(path), "--json", *extra],
        capture_output=True,
        text=True,
        env=os.environ,
        timeout=120,
    )
    doc = normalise(json.loads(p.stdout), str(path))
    _compare(name, doc)
    assert p.returncode == (0 if doc["status"] == "passed" else 1)


def test_cancelled_document_matches_golden(fixture_course):
    """A cancel cannot be asked of `jaxtutor check`; the document is the same serialisation."""
    from tutor.running.runner import Runner, exercise_job

    path = INPUTS / "6.1-endless_loop_for_cancel.py"
    ex, course = fixture_course.exercise("6.1"), fixture_course
    r = Runner(keep_warm=False)
    try:
        job = exercise_job(ex, path, course.chapter_of("6.1").context_path, lang="zh")
        started = threading.Event()
        run = r.start(job, on_event=lambda e: isinstance(e, Started) and started.set())
        assert started.wait(120)
        run.cancel()
        result = run.wait(30)
    finally:
        r.close()
    assert result.status is Status.CANCELLED
    _compare("6.1-cancelled", normalise(result.to_dict(), str(path)))


def test_goldens_cover_every_status():
    statuses = {json.loads(p.read_text())["status"] for p in GOLDEN.glob("*.json")}
    assert statuses == {s.value for s in Status}
