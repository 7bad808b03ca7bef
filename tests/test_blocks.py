"""Design §7: every runnable code block in the lessons runs, and every quiz's verify code runs."""

import pytest

from tutor.course.loader import load_course
from tutor.protocol.result import Status
from tutor.running.runner import snippet_job

COURSE = load_course()
BLOCKS = [(lesson, block) for lesson in COURSE.lessons.values() for block in lesson.runnable_blocks]
VERIFY = [(quiz, q) for quiz in COURSE.quizzes.values() for q in quiz.questions if q.verify]


def _explain(res):
    text = f"status={res.status.value} {res.message or ''}\n"
    if res.error:
        text += res.error.traceback
    return text + res.stdout[-1500:] + res.stderr[-1500:]


@pytest.mark.parametrize("lesson,block", BLOCKS, ids=[f"{l.id}:{b.line}" for l, b in BLOCKS])
def test_runnable_block_runs(runner, lesson, block):
    ctx = COURSE.chapter_by_id[lesson.chapter_id].context_path if block.context else None
    res = runner.run(
        snippet_job(
            block.code,
            label=f"{lesson.id}:{block.line}",
            time_limit=block.timeout,
            context=ctx,
            filename=f"{lesson.path.name}:{block.line}",
        )
    )
    assert res.status == Status.PASSED, _explain(res)
    prediction = lesson.predictions.get(block.line)
    if prediction is not None:  # the right answer is what this machine prints
        assert all(text in res.stdout for text in prediction.shows), (prediction, res.stdout[-800:])
    for chart in res.charts:
        assert chart["type"] in ("line", "scatter", "bar")


@pytest.mark.parametrize("quiz,q", VERIFY, ids=[f"quiz{qz.chapter_id}/{q.id}" for qz, q in VERIFY])
def test_quiz_verification_runs(runner, quiz, q):
    res = runner.run(snippet_job(q.verify, label=f"quiz {quiz.chapter_id}/{q.id}", time_limit=120))
    assert res.status == Status.PASSED, _explain(res)


def test_every_chapter_asks_for_predictions():
    for chapter in COURSE.chapters:
        assert sum(len(lesson.predictions) for lesson in chapter.lessons) >= 2, chapter.id
