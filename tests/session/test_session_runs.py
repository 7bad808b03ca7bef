"""The session's runs and their verdicts: the editor's text saved first, refusals, time limits,
the last verdict, recording failures, the reference, unchanged files and the untouched starter,
snippets, the playground, warm workers, closing (against the fake runner of fakes.py)."""

import asyncio
import sqlite3

import pytest
from fakes import EndsWith, FakeRunner

from tutor.application.session import (
    DraftChangedOutside,
    Output,
    RunRefused,
    RunService,
    Snippet,
    StoreError,
)
from tutor.protocol.result import CheckStatus, Status
from tutor.storage.schema import DB_NAME

GBK = "计数 = 1\n".encode("gbk")


# ------------------------------------------------------------ runs and their verdicts


def test_run_checks_the_editor_text_saved_first_and_records(session, runner):
    session.open_exercise("6.1")
    outputs = []
    verdict = asyncio.run(
        session.run(
            "6.1",
            text="x = 1  # solved\n",
            listener=lambda update: isinstance(update, Output) and outputs.append(update.text),
        )
    )
    assert runner.seen == [b"x = 1  # solved\n"]
    assert verdict.passed and verdict.exercise_status == "passed" and not verdict.reference
    assert outputs == ["hello\n"]
    assert session.stats("6.1").status == "passed" and session.solution_unlocked("6.1")
    assert runner.jobs[0].lang == "en" == session.lang  # --lang travels with the job


def test_a_run_never_saves_over_an_outside_change_the_editor_has_not_seen(session, runner):
    draft = session.open_exercise("6.1").draft
    draft.path.write_text("theirs = 1\n")  # another editor, not seen by this one
    with pytest.raises(DraftChangedOutside) as refused:
        asyncio.run(session.run("6.1", text="mine = 1\n"))
    assert refused.value.edit.text == "theirs = 1\n" and refused.value.reason
    assert draft.path.read_text() == "theirs = 1\n" and runner.jobs == []
    draft.path.write_bytes(GBK)  # a version that cannot be read
    with pytest.raises(DraftChangedOutside) as refused:
        asyncio.run(session.run("6.1", text="mine = 1\n"))
    assert "UTF-8" in str(refused.value.edit.error) and runner.jobs == []
    draft.keep_unreadable()  # kept byte for byte: the editor's text may replace it now
    assert asyncio.run(session.run("6.1", text="mine = 1\n")).passed
    assert runner.seen == [b"mine = 1\n"]
    draft.path.write_text("mine = 2\n")  # written outside exactly as the editor has it
    assert asyncio.run(session.run("6.1", text="mine = 2\n")).passed and len(runner.jobs) == 2
    assert asyncio.run(
        session.run("6.1")
    ).passed  # no editor text: the file as it is, nothing refused


def test_a_run_takes_the_exercises_time_limit_or_refuses_an_impossible_one(session, runner):
    assert session.time_limit("6.1") == session.course.exercise("6.1").time_limit > 0
    asyncio.run(session.run("6.1"))
    assert runner.jobs[-1].time_limit == session.time_limit("6.1")
    asyncio.run(session.run("6.1", timeout=3.5))  # `check --timeout`
    assert runner.jobs[-1].time_limit == 3.5
    with pytest.raises(RunRefused) as e:
        asyncio.run(session.run("6.1", timeout=float("nan")))
    assert "nan" in e.value.reason and len(runner.jobs) == 2


def test_the_last_verdict_is_there_when_the_exercise_is_reopened(session, make_session, tmp_path):
    assert session.last_verdict("6.2") is None  # never run
    session.open_exercise("6.2")
    asyncio.run(session.run("6.2", text="y = 2  # wrong\n"))
    assert session.last_verdict("6.2").status == Status.FAILED
    session.close()
    again = make_session(tmp_path).open_exercise("6.2")
    assert again.last is not None and again.last.status == Status.FAILED
    assert again.last.stdout == "hello\n" and again.last.checks[0].status == CheckStatus.FAILED


def test_a_last_verdict_that_cannot_be_read_is_none(session, tmp_path):
    asyncio.run(session.run("6.2", text="y = 2  # wrong\n"))
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute('UPDATE last_result SET doc = \'{"not": "a result"}\'')
    db.commit()
    db.close()
    assert session.last_verdict("6.2") is None and session.open_exercise("6.2").last is None


def test_a_verdict_survives_a_recording_failure(session, make_session, tmp_path):
    session.open_exercise("6.1")
    locked = make_session(tmp_path, timeout=0.2, runs=RunService(FakeRunner()))
    locked.open_exercise("6.1")  # its editor's text comes from its draft
    holder = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        verdict = asyncio.run(locked.run("6.1", text="z = 1  # solved\n"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert verdict.result.status == Status.PASSED
    assert verdict.exercise_status is None and "0.2" in verdict.record_error
    assert session.stats("6.1").status == "unseen"  # nothing recorded


def test_the_reference_solution_is_not_a_pass(session, course, tmp_path):
    ex = course.exercise("6.1")
    verdict = asyncio.run(session.run("6.1", file=ex.solution_path))
    assert verdict.reference and verdict.passed and verdict.exercise_status == "started"
    assert session.stats("6.1").status == "started" and session.stats("6.1").solved_at is None
    assert not session.solution_unlocked("6.1")
    assert session.attempts("6.1")[-1].status == "reference"
    copy = tmp_path / "mine.py"
    copy.write_bytes(
        ex.solution_path.read_bytes() + b"\n# solved\n"
    )  # not byte-identical: a real pass
    verdict = asyncio.run(session.run("6.1", file=copy))
    assert not verdict.reference and verdict.exercise_status == "passed"
    assert session.solution_unlocked("6.1")


def test_a_worker_that_cannot_start_is_a_verdict_not_an_attempt(make_session, tmp_path):
    class Broken(FakeRunner):
        async def run(self, job, on_event=None, on_output=None):
            raise OSError("no worker today")

    session = make_session(tmp_path, runs=RunService(Broken()))
    verdict = asyncio.run(session.run("6.1"))
    assert verdict.result.status == Status.CRASHED and "no worker today" in verdict.result.message
    assert verdict.exercise_status is None and verdict.record_error is None
    assert session.attempts("6.1") == []


def test_checking_an_unchanged_file_again_is_not_a_new_attempt(session):
    """A `check` or a `watch` start on a draft nobody changed since the last run: shown in the
    history as unchanged, not counted as an attempt."""
    asyncio.run(session.run("6.2", text="y = 2  # wrong\n"))
    asyncio.run(session.run("6.2"))  # the same draft again
    assert session.stats("6.2").attempts == 1
    assert [a.unchanged for a in session.attempts("6.2")] == [False, True]
    asyncio.run(session.run("6.2", text="y = 3  # changed\n"))
    assert session.stats("6.2").attempts == 2


@pytest.mark.parametrize("ends", [Status.NOT_ATTEMPTED, Status.FAILED])
def test_checking_the_untouched_starter_is_no_attempt(make_session, tmp_path, ends):
    """A `check` of the starter as given (nothing of the learner's in it yet): shown in the
    history, not counted, and an unseen exercise stays unseen; the first changed draft counts."""
    session = make_session(tmp_path, runs=RunService(EndsWith(ends)))
    asyncio.run(session.run("6.2"))  # the draft is made from the starter
    assert session.stats("6.2").attempts == 0 and session.stats("6.2").status == "unseen"
    assert [a.unchanged for a in session.attempts("6.2")] == [True]
    asyncio.run(session.run("6.2", text=session.draft("6.2").opening().text + "\nx = 1\n"))
    assert session.stats("6.2").attempts == 1
    assert session.stats("6.2").status == ("started" if ends == Status.NOT_ATTEMPTED else "failed")


def test_a_snippet_runs_with_the_sessions_language_and_records_nothing(session, runner):
    outputs = []
    verdict = asyncio.run(
        session.run_snippet(
            Snippet("print('hi')\n", label="lesson 6.1 block 3"),
            listener=lambda update: isinstance(update, Output) and outputs.append(update.text),
        )
    )
    job = runner.jobs[0]
    assert job.code == "print('hi')\n" and job.lang == "en" and job.exercise == "lesson 6.1 block 3"
    assert verdict.passed and verdict.exercise_status is None and verdict.file is None
    assert outputs == ["hello\n"] and session.attempts("6.1") == []


def test_the_playground_runs_as_a_snippet_of_its_chapter(session, course, runner):
    chapter = course.chapters[0]
    snippet = session.playground_snippet(chapter.id, "x = 1\n")
    assert snippet.code == "x = 1\n" and snippet.context == chapter.context_path
    assert snippet.filename == f"playground/{chapter.id}.py" and snippet.time_limit == 120.0
    assert asyncio.run(session.run_snippet(snippet)).passed
    assert runner.jobs[0].context == str(chapter.context_path)


def test_warm_asks_the_runner_for_a_worker_of_that_context(session, make_session, tmp_path, runner):
    context = session.course.chapters[0].context_path
    session.warm(context)
    assert runner.warmed == [context]
    cold = make_session(tmp_path, runs=RunService(runner, keep_warm=False))
    cold.warm(context)  # `check` keeps no worker warm
    assert runner.warmed == [context]


def test_close_ends_the_store_and_leaves_a_given_runner_to_its_owner(session, runner):
    asyncio.run(session.run("6.1"))
    session.close()
    assert not runner.closed  # given to the session, so closed by whoever gave it
    with pytest.raises(StoreError):
        session.stats("6.1")
