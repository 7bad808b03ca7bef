"""Result documents against golden files (like exercism's test runner): the JSON that
`jaxtutor check ID FILE --json` prints, with durations and paths normalised.
Regenerate with UPDATE_GOLDEN=1 after an intended change, and read the diff."""

import json
import os
import subprocess

import pytest

from helpers import ROOT, jaxtutor_cmd

GOLDEN = ROOT / "tests" / "golden"
CASES = {
    "6.1-solution": ("6.1", "solution.py"),
    "6.1-starter": ("6.1", "starter.py"),
    "6.1-adds_increment": ("6.1", "wrong/adds_increment.py"),
    "6.2-mutable_list_state": ("6.2", "wrong/mutable_list_state.py"),
    "6.2-python_scalar_init": ("6.2", "wrong/python_scalar_init.py"),
    "6.3-static_lr": ("6.3", "wrong/static_lr.py"),
}


def normalise(doc: dict, path: str) -> dict:
    """Durations to 0; the answer's path (it appears in JAX's own messages too) to <answer>."""
    doc["duration_s"] = 0
    for c in doc["checks"]:
        c["duration_s"] = 0
    text = json.dumps(doc, ensure_ascii=False).replace(json.dumps(path)[1:-1], "<answer>")
    return json.loads(text.replace(json.dumps(str(ROOT))[1:-1], "<root>"))


@pytest.mark.parametrize("name", list(CASES))
def test_result_document_matches_golden(name):
    ex_id, rel = CASES[name]
    path = str(ROOT / "lessons" / "ch6" / "exercises" / ex_id / rel)
    p = subprocess.run(jaxtutor_cmd() + ["check", ex_id, path, "--json"], capture_output=True, text=True,
                       env=os.environ, timeout=120)
    doc = normalise(json.loads(p.stdout), path)
    golden = GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    assert doc == json.loads(golden.read_text())
    assert p.returncode == (0 if doc["status"] == "passed" else 1)
