"""The session's use cases with their rules, against a fake runner that follows the same
Protocol as the real one (no worker is started here)."""

import errno
import inspect
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from tutor.application.session import (
    Output,
    RunControl,
    RunnerLike,
    RunRefused,
    RunService,
    Session,
    SolutionLocked,
)
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status
from tutor.storage.schema import DB_NAME
from tutor.storage.store import Store


class FakeRun:
    def __init__(self, result):
        self.result = result
        self.cancelled = False

    def cancel(self):
        self.cancelled = True

    def wait(self, timeout=None):
        return self.result


class FakeRunner:
    """Fails a file that contains "# wrong", passes any other; remembers each job and the
    bytes on disk when the job started."""

    def __init__(self):
        self.jobs = []
        self.seen = []

    def start(self, job, on_event=None, on_output=None):
        data = Path(job.file).read_bytes()
        self.jobs.append(job)
        self.seen.append(data)
        if on_output is not None:
            on_output("stdout", "hello\n")
        solved = b"# wrong" not in data
        status = Status.PASSED if solved else Status.FAILED
        checks = [
            CheckOutcome(
                id="a", name="a", status=CheckStatus.PASSED if solved else CheckStatus.FAILED
            )
        ]
        return FakeRun(
            RunResult(
                exercise=job.exercise,
                status=status,
                duration_s=0.1,
                checks=checks,
                stdout="hello\n",
            )
        )


@pytest.fixture
def session(tmp_path, course):
    with Session(course, Store(tmp_path), runs=RunService(FakeRunner()), lang="en") as opened:
        yield opened


def test_the_real_runner_and_the_fake_share_the_protocol():
    from tutor.running.runner import Runner

    for cls in (Runner, FakeRunner):
        params = inspect.signature(cls.start).parameters
        assert {"job", "on_event", "on_output"} <= set(params), cls
    assert isinstance(RunnerLike, type)


def test_open_exercise_ensures_the_draft_and_an_edit_starts_it(session, course):
    opened = session.open_exercise("6.1")
    ex = course.exercise("6.1")
    assert opened.text == ex.starter and opened.read_error is None
    assert opened.draft.path.read_text() == ex.starter
    assert session.store.exercise_status("6.1") == "unseen" == opened.status  # opened only
    assert session.store.location() == ("exercise", "6.1")
    session.record_edit("6.1")
    assert session.store.exercise_status("6.1") == "started"
    assert opened.last is None and opened.hints_revealed == 0 and not opened.solution_unlocked


def test_a_draft_that_is_not_utf8_opens_with_its_error(session):
    session.store.drafts.ensure(session.course.exercise("6.1"))
    session.store.drafts.path("6.1").write_bytes("计数 = 1\n".encode("gbk"))
    opened = session.open_exercise("6.1")
    assert opened.text is None and "UTF-8" in str(opened.read_error)
    with pytest.raises(RunRefused) as e:
        session.run("6.1")
    assert "UTF-8" in e.value.reason and session.runs.runner.jobs == []


def test_saved_text_changes_only_after_a_successful_write(session, monkeypatch):
    draft = session.open_exercise("6.1").draft
    before = draft.saved_text
    assert session.draft("6.1").save("x = 1\n").ok and draft.saved_text == "x = 1\n"

    def no_space(*a, **k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_space)
    outcome = session.draft("6.1").save("x = 2\n")
    assert not outcome.ok and os.strerror(errno.ENOSPC) in outcome.reason
    assert draft.saved_text == "x = 1\n" and draft.is_dirty("x = 2\n")
    assert draft.path.read_text() == "x = 1\n"
    with pytest.raises(RunRefused):  # never checks the older file
        session.run("6.1", text="x = 2\n")
    assert session.runs.runner.jobs == []
    monkeypatch.undo()
    assert session.draft("6.1").save("x = 2\n").ok and draft.saved_text == "x = 2\n"
    assert before != draft.saved_text


def test_a_read_only_draft_refuses_the_save_with_a_reason(session):
    draft = session.open_exercise("6.1").draft
    os.chmod(draft.path, 0o444)
    outcome = session.draft("6.1").save("x = 3\n")
    assert not outcome.ok and str(draft.path) in outcome.reason
    assert draft.path.read_text() == session.course.exercise("6.1").starter


def test_run_checks_the_editor_text_saved_first_and_records(session):
    session.open_exercise("6.1")
    outputs = []
    control = RunControl()
    verdict = session.run(
        "6.1",
        text="x = 1  # solved\n",
        listener=lambda update: isinstance(update, Output) and outputs.append(update.text),
        control=control,
    )
    assert session.runs.runner.seen == [b"x = 1  # solved\n"]
    assert verdict.passed and verdict.recorded and verdict.first_pass and not verdict.reference
    assert outputs == ["hello\n"] and control.started
    assert session.store.exercise_status("6.1") == "passed" and session.solution_unlocked("6.1")
    assert session.runs.runner.jobs[0].lang == "en"  # --lang travels with the job


def test_opening_can_defer_its_store_writes(session):
    opened = session.open_exercise("6.1", record=False)
    assert opened.text is not None and opened.draft.path.exists()
    assert session.store.exercise_status("6.1") == "unseen" and session.store.location() != (
        "exercise",
        "6.1",
    )
    session.record_open("6.1")
    assert session.store.exercise_status("6.1") == "unseen"
    assert session.store.location() == ("exercise", "6.1")


def test_the_last_verdict_is_there_when_the_exercise_is_reopened(session, course, tmp_path):
    session.open_exercise("6.2")
    session.run("6.2", text="y = 2  # wrong\n")
    session.store.close()
    with Session(course, Store(tmp_path)) as reopened:
        again = reopened.open_exercise("6.2")
    assert again.last is not None and again.last.status == Status.FAILED
    assert again.last.stdout == "hello\n" and again.last.checks[0].status == CheckStatus.FAILED


def test_a_verdict_survives_a_recording_failure(session, tmp_path, course):
    session.open_exercise("6.1")
    holder = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with Session(course, Store(tmp_path, timeout=0.2), runs=RunService(FakeRunner())) as locked:
            verdict = locked.run("6.1", text="z = 1  # solved\n")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert verdict.result.status == Status.PASSED
    assert not verdict.recorded and verdict.record_error and "0.2" in verdict.record_error
    assert session.store.exercise_status("6.1") == "unseen"  # nothing recorded


def test_the_reference_solution_is_not_a_pass(session, course, tmp_path):
    ex = course.exercise("6.1")
    verdict = session.run("6.1", file=ex.solution_path)
    assert verdict.reference and verdict.passed and not verdict.first_pass
    assert session.store.exercise_status("6.1") == "started"
    assert not session.solution_unlocked("6.1")
    assert session.store.attempts("6.1")[-1].status == "reference"
    copy = tmp_path / "mine.py"
    copy.write_bytes(
        ex.solution_path.read_bytes() + b"\n# solved\n"
    )  # not byte-identical: a real pass
    verdict = session.run("6.1", file=copy)
    assert not verdict.reference and verdict.first_pass and session.solution_unlocked("6.1")


def test_hints_one_at_a_time(session, course):
    total = len(course.exercise("6.1").hints)
    first = session.reveal_hint("6.1")
    assert first.count == 1 and first.new and first.total == total
    for _ in range(total + 2):
        last = session.reveal_hint("6.1")
    assert last.count == total and not last.new
    assert session.hints("6.1") == course.exercise("6.1").hints


def test_solution_locked_until_given_up(session, course):
    with pytest.raises(SolutionLocked):
        session.view_solution("6.3")
    session.give_up("6.3")
    assert session.view_solution("6.3") == course.exercise("6.3").solution
    stats = session.store.stats("6.3")
    assert stats.gave_up and stats.solution_viewed and stats.status != "passed"


def test_reset_backs_up_only_real_work(session, course):
    ex = course.exercise("6.1")
    session.open_exercise("6.1")
    assert session.reset("6.1").backup is None  # the starter: nothing to keep
    session.draft("6.1").save("my work\n")
    backup = session.reset("6.1").backup
    assert backup.read_text() == "my work\n"
    assert session.draft("6.1").saved_text == ex.starter == session.draft("6.1").path.read_text()


def test_next_and_previous_follow_the_map(session, course):
    from tutor.application.progress import course_items

    items = course_items(course)
    for before, after in zip(items, items[1:], strict=False):
        assert session.next_item(before.key) == after
        assert session.previous_item(after.key) == before
    assert session.next_item(items[-1].key) is None
    assert session.previous_item(items[0].key) is None
    repair = next(i for i in items if i.kind == "repair")  # an exercise is found by either kind
    assert session.next_item(("exercise", repair.id)) == session.next_item(repair.key)
    assert session.continue_item() == items[0]
    session.visit("lesson", items[0].id)
    assert session.store.lessons_read() == set()  # opened is not read
    session.read_lesson(items[0].id)
    assert session.store.lessons_read() == {items[0].id}
    assert session.continue_item() == items[1]


def test_the_first_quiz_answer_counts(session, course):
    quiz = next(
        c.quiz
        for c in course.chapters
        if c.quiz and any(q.kind == "choice" for q in c.quiz.questions)
    )
    q = next(q for q in quiz.questions if q.kind == "choice")
    wrong = next(letter for letter in "ABCD" if letter != q.answer)
    first = session.answer_choice(quiz.chapter_id, q.id, wrong)
    assert first.counted and first.correct is False and first.score == (0, 1)
    again = session.answer_choice(quiz.chapter_id, q.id, q.answer)
    assert not again.counted and again.correct is True
    assert (again.first_answer, again.first_correct) == (wrong, False) and again.score == (0, 1)


def test_an_open_question_is_self_marked_once(session, course):
    quiz = next(
        (
            c.quiz
            for c in course.chapters
            if c.quiz and any(q.kind == "open" for q in c.quiz.questions)
        ),
        None,
    )
    if quiz is None:
        pytest.skip("no open question in the course")
    q = next(q for q in quiz.questions if q.kind == "open")
    assert session.mark_open(quiz.chapter_id, q.id, True).counted
    later = session.mark_open(quiz.chapter_id, q.id, False)
    assert not later.counted and later.first_correct is True


def test_drafts_save_safely_from_two_threads(session):
    draft = session.open_exercise("6.1").draft
    texts = [f"x = {i}\n" for i in range(40)]
    threads = [threading.Thread(target=draft.save, args=(text,)) for text in texts]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert draft.saved_text == draft.path.read_text() and draft.saved_text in texts


def test_a_worker_that_cannot_start_is_a_verdict_not_an_attempt(session):
    class Broken(FakeRunner):
        def start(self, job, on_event=None, on_output=None):
            raise OSError("no worker today")

    session.runs = RunService(Broken())
    verdict = session.run("6.1")
    assert verdict.result.status == Status.CRASHED and "no worker today" in verdict.result.message
    assert not verdict.recorded and session.store.attempts("6.1") == []


def test_a_prediction_counts_once_and_shows_in_the_chapter_calibration(session, course):
    lesson = next(page for page in course.lessons.values() if page.predictions)
    line, prediction = next(iter(lesson.predictions.items()))
    wrong = "Z" if prediction.options else str((prediction.number or 0) + 100)
    right = prediction.answer if prediction.options else str(prediction.number)
    first = session.predict(lesson.id, line, wrong)
    assert first.counted and not first.correct
    again = session.predict(lesson.id, line, right)
    assert again.correct and not again.counted  # practice after the first guess
    chapter = course.chapter_by_id[lesson.chapter_id]
    cp = session.progress().chapter(chapter)
    total = sum(len(page.predictions) for page in chapter.lessons)
    assert (cp.predictions_right, cp.predictions_made, cp.predictions) == (0, 1, total)


def test_checking_an_unchanged_file_again_is_not_a_new_attempt(session):
    """A `check` or a `watch` start on a draft nobody changed since the last run: shown in the
    history as unchanged, not counted as an attempt."""
    session.run("6.2", text="y = 2  # wrong\n")
    session.run("6.2")  # the same draft again
    assert session.store.stats("6.2").attempts == 1
    assert [a.unchanged for a in session.store.attempts("6.2")] == [False, True]
    session.run("6.2", text="y = 3  # changed\n")
    assert session.store.stats("6.2").attempts == 2
