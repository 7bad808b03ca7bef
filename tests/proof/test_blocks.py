"""The course proof of the lessons (what `jaxtutor dev blocks` proves), in batch mode: every
runnable block of a page runs (one batch worker per page, blocks that change process-wide state
alone), a prediction's answer is what this machine prints, and every quiz's verify code runs. A
page with an English version runs in both languages in the same batch worker, and each block's two
outputs print the same numbers; so does a quiz question with its own English verify code."""

import shutil
from pathlib import Path

import pytest

from tutor.authoring.block_proofs import page_proofs, quiz_proofs
from tutor.course.languages import tagged
from tutor.course.loader import load_course

# The course gate (`make proof`, `pytest -m proof tests/proof`): deselected by the tool gate's
# default options (pyproject.toml). One test proves a whole exercise or page: each run keeps its own
# limit, and the suite's per-test limit must not cut a proof short on a busy machine.
pytestmark = [pytest.mark.proof, pytest.mark.timeout(3600)]

COURSE = load_course()
PAGES = [lesson for lesson in COURSE.lessons.values() if lesson.runnable_blocks]
QUIZZES = [c for c in COURSE.chapters if c.quiz and any(q.verify for q in c.quiz.questions)]


def _report(verdicts) -> str:
    return "\n".join(
        f"{v.label}: {v.why}\n{v.result.stdout[-800:] if v.result else ''}"
        for v in verdicts
        if not v.ok
    )


@pytest.mark.parametrize("lesson", PAGES, ids=[lesson.id for lesson in PAGES])
def test_page_blocks_run(runner, batch_worker, lesson):
    verdicts = page_proofs(COURSE, lesson, runner, batch=batch_worker)
    # Chinese; with an English version, English and the comparison of the two too
    times = 3 if tagged(lesson.path, "en").is_file() else 1
    assert len(verdicts) == times * len(lesson.runnable_blocks)
    assert all(v.ok for v in verdicts), _report(verdicts)


@pytest.mark.parametrize("chapter", QUIZZES, ids=[f"quiz{c.id}" for c in QUIZZES])
def test_quiz_verification_runs(runner, batch_worker, chapter):
    verdicts = quiz_proofs(COURSE, chapter, runner, batch=batch_worker)
    assert verdicts and all(v.ok for v in verdicts), _report(verdicts)


def test_a_quiz_verify_in_english_runs_and_prints_the_same_numbers(runner, tmp_path):
    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "course" / "lessons"
    root = shutil.copytree(fixture, tmp_path / "lessons")
    chapter = load_course(root, fresh=True).chapter_by_id["6"]
    verdicts = quiz_proofs(load_course(root, fresh=True), chapter, runner)
    assert [(v.label, v.ok) for v in verdicts] == [
        ("quiz 6/q2", True),
        ("quiz 6/q2 (en)", True),
        ("quiz 6/q2 zh=en", True),
    ], _report(verdicts)
    assert "verified: 6" in verdicts[1].result.stdout
    overlay = root / "ch6" / "quiz.en.toml"  # a number in a string: the same code, another output
    text = overlay.read_text(encoding="utf-8").replace("'verified:'", "'verified 2 times:'")
    overlay.write_text(text, encoding="utf-8")
    load_course(root, fresh=True, lang="en")  # the proof reads the English course as it is now
    verdicts = quiz_proofs(load_course(root, fresh=True), chapter, runner)
    assert [v.ok for v in verdicts] == [True, True, False], _report(verdicts)


def test_every_chapter_asks_for_predictions():
    for chapter in COURSE.chapters:
        assert sum(len(lesson.predictions) for lesson in chapter.lessons) >= 2, chapter.id
