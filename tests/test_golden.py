"""Result documents against golden files: the JSON that `jaxtutor check ID FILE --json` prints for
exercise 6.1 of the fixture course, with durations and paths normalised, one per status. Which
status and words each recorded run gets is the judge's business, proved from recorded event logs
without a worker (tests/test_judge_logs.py compares every golden here with the judge's document
of that run's log); the worker's own endings are proved by tests/test_runner_*.py. Here one real
`jaxtutor check --json` closes the chain: the CLI prints the judge's document. (Which verdict
each input of the real course gets is the course proof's business, tests/proof.) Regenerate with
UPDATE_GOLDEN=1 after an intended change, and read the diff."""

import json
import os
import subprocess

import pytest
from helpers import ROOT, jaxtutor_cmd

from tutor.protocol.result import Status

GOLDEN = ROOT / "tests" / "golden"
INPUTS = GOLDEN / "inputs"
COURSE = ROOT / "tests" / "fixtures" / "course"


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


def test_the_cli_prints_the_judges_document(fixture_course):
    path = INPUTS / "6.1-own_answer.py"  # a learner's own answer (the reference is not a pass)
    p = subprocess.run(
        jaxtutor_cmd() + ["--lang", "zh", "check", "6.1", str(path), "--json"],
        capture_output=True,
        text=True,
        env=os.environ,
        timeout=120,
    )
    doc = normalise(json.loads(p.stdout), str(path))
    _compare("6.1-solution", doc)
    assert p.returncode == 0


def test_goldens_cover_every_status():
    statuses = {json.loads(p.read_text())["status"] for p in GOLDEN.glob("*.json")}
    assert statuses == {s.value for s in Status}
