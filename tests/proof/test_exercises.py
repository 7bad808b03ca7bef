"""The course proof of every exercise (what `jaxtutor dev check` proves), in batch mode: the
reference solution passes, the starter is not attempted (a repair's starter shows its symptom),
every wrong-solution fixture fails on its check with its words, no check crashes on a structural
variant of the solution, and an interface name the chapter context also defines must be written by
the learner. The solution, the starter and the fixtures run in both languages. One batch worker per
exercise; inputs that change process-wide state run alone."""

import os
from pathlib import Path

import pytest
from helpers import VERDICT_TIME_LIMIT

from tutor.authoring.course_proof import check_exercise
from tutor.course.loader import load_course
from tutor.running.runner import snippet_job
from tutor.worker.xlacache import CACHE_VAR

# The course gate (`make proof`, `pytest -m proof tests/proof`): deselected by the tool gate's
# default options (pyproject.toml). One test proves a whole exercise or page: each run keeps its own
# limit, and the suite's per-test limit must not cut a proof short on a busy machine.
pytestmark = [pytest.mark.proof, pytest.mark.timeout(3600)]

COURSE = load_course()
EXERCISES = list(COURSE.exercises.values())


def _report(verdicts) -> str:
    lines = []
    for v in verdicts:
        if not v.ok:
            lines.append(f"{v.label}: {v.why}")
            if v.result is not None and v.result.error is not None:
                lines.append(v.result.error.traceback[-1500:])
            if v.result is not None:
                lines.append(v.result.stderr[-1500:])
    return "\n".join(lines)


@pytest.mark.parametrize("ex", EXERCISES, ids=[e.id for e in EXERCISES])
def test_exercise_is_proved(runner, batch_worker, ex):
    verdicts = check_exercise(COURSE, ex, runner, batch=batch_worker, time_limit=VERDICT_TIME_LIMIT)
    assert verdicts and all(v.ok for v in verdicts), _report(verdicts)
    labels = [v.label for v in verdicts]
    assert f"{ex.id} solution" in labels and f"{ex.id} starter" in labels
    wrong = [label for label in labels if "wrong/" in label and not label.endswith(" [en]")]
    assert len(wrong) == len(ex.wrong_solutions())
    # every input a learner can submit is proved in English too, in the same batch worker (a
    # fixture's one run read in both languages)
    english = {f"{ex.id} solution", f"{ex.id} starter", *wrong}
    assert {f"{label} [en]" for label in english} <= set(labels)


def test_every_exercise_has_three_fixtures():
    for ex in EXERCISES:
        assert len(ex.wrong_solutions()) >= 3, ex.id


def test_the_processes_of_a_run_share_one_compilation_cache(batch_worker, tmp_path_factory):
    # each `-n 3` process compiling the chapter contexts' and the checks' programs anew cost CPU
    folder = Path(os.environ[CACHE_VAR])
    assert folder.name == "xla-cache" and folder.is_dir()
    run = tmp_path_factory.getbasetemp()
    assert folder.parent == (run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run)
    # the proof's batch worker compiles into it
    job = snippet_job(
        "import jax.numpy as jnp\nprint(jnp.arange(7.0).sum())",
        label="cache",
        time_limit=120,
        context=None,
        filename="cache",
    )
    (result,) = batch_worker.run([job], [["zh"]])
    assert "21.0" in result["zh"].stdout
    assert any(p.name.endswith("-cache") for p in folder.iterdir())
