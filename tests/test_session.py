"""The session's use cases with their rules, against a fake runner that follows the same
Protocol as the real one (no worker is started here). Every public member of Session is named
by a test here (the last test checks it)."""

import ast
import errno
import inspect
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from tutor.application.session import (
    DraftChangedOutside,
    Output,
    RunControl,
    RunnerLike,
    RunRefused,
    RunService,
    Session,
    Snippet,
    SolutionLocked,
    StoreError,
)
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status
from tutor.storage.schema import DB_NAME
from tutor.storage.store import Store

GBK = "计数 = 1\n".encode("gbk")


class FakeRun:
    def __init__(self, result):
        self.result = result
        self.cancelled = False

    def cancel(self):
        self.cancelled = True

    def wait(self, timeout=None):
        return self.result


class FakeRunner:
    """Fails a file that contains "# wrong", passes any other; remembers each job, the bytes on
    disk when the job started, the contexts it was asked to warm, and whether it was closed."""

    def __init__(self):
        self.jobs = []
        self.seen = []
        self.warmed = []
        self.closed = False

    def start(self, job, on_event=None, on_output=None):
        data = Path(job.file).read_bytes() if job.file else job.code.encode()
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

    def warm(self, context=None):
        self.warmed.append(context)

    def close(self):
        self.closed = True


@pytest.fixture
def runner():
    return FakeRunner()


@pytest.fixture
def make_session(course):
    """make_session(home, runs=None, lang=None, timeout=None): a Session, closed after the test."""
    made = []

    def make(home, *, runs=None, lang=None, timeout=None):
        made.append(Session(course, Store(home, timeout=timeout), runs=runs, lang=lang))
        return made[-1]

    yield make
    for opened in made:
        opened.close()


@pytest.fixture
def session(make_session, tmp_path, runner):
    return make_session(tmp_path, runs=RunService(runner), lang="en")


def test_the_real_runner_and_the_fake_share_the_protocol():
    from tutor.running.runner import Runner

    for cls in (Runner, FakeRunner):
        params = inspect.signature(cls.start).parameters
        assert {"job", "on_event", "on_output"} <= set(params), cls
        assert callable(cls.warm) and callable(cls.close)
    assert isinstance(RunnerLike, type)


# ------------------------------------------------------------ opening an exercise, its draft


def test_open_exercise_ensures_the_draft_and_an_edit_starts_it(session, course, tmp_path):
    opened = session.open_exercise("6.1")
    ex = course.exercise("6.1")
    assert opened.text == ex.starter and opened.read_error is None
    assert opened.draft.path.read_text() == ex.starter and opened.draft is session.draft("6.1")
    assert session.stats("6.1").status == "unseen" == opened.status  # opened only
    assert session.location() == ("exercise", "6.1")
    assert session.record_edit("6.1") == "started" == session.stats("6.1").status
    assert opened.last is None and opened.hints_revealed == 0 and not opened.solution_unlocked


def test_opening_can_defer_its_store_writes(session):
    opened = session.open_exercise("6.1", record=False)
    assert opened.draft.path.exists() and session.location() != ("exercise", "6.1")
    session.record_open("6.1")
    assert session.stats("6.1").status == "unseen" and session.location() == ("exercise", "6.1")


def test_a_draft_that_is_not_utf8_opens_read_only_and_is_not_run(session, runner):
    path, _ = session.ensure_draft("6.1")
    path.write_bytes(GBK)
    opened = session.open_exercise("6.1")
    assert opened.text == GBK.decode("utf-8", "replace")  # its beginning, read-only
    assert "UTF-8" in str(opened.read_error)
    with pytest.raises(RunRefused) as e:
        session.run("6.1")
    assert "UTF-8" in e.value.reason and runner.jobs == []


def test_ensure_draft_creates_it_once_where_draft_path_says(session, course, tmp_path):
    path = session.draft_path("6.1")
    assert path == tmp_path / "work" / "6.1.py" and not path.exists()
    assert session.ensure_draft("6.1") == (path, True)
    assert path.read_text() == course.exercise("6.1").starter
    path.write_text("mine = 1\n")
    assert session.ensure_draft("6.1") == (path, False) and path.read_text() == "mine = 1\n"


def test_saved_text_changes_only_after_a_successful_write(session, runner, monkeypatch):
    draft = session.open_exercise("6.1").draft
    assert session.draft("6.1").save("x = 1\n").ok and not draft.is_dirty("x = 1\n")

    def no_space(*a, **k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_space)
    outcome = session.draft("6.1").save("x = 2\n")
    assert not outcome.ok and os.strerror(errno.ENOSPC) in outcome.reason
    assert not draft.is_dirty("x = 1\n") and draft.is_dirty("x = 2\n")
    assert draft.path.read_text() == "x = 1\n"
    with pytest.raises(RunRefused):  # never checks the older file
        session.run("6.1", text="x = 2\n")
    assert runner.jobs == []
    monkeypatch.undo()
    assert session.draft("6.1").save("x = 2\n").ok and not draft.is_dirty("x = 2\n")


def test_a_read_only_draft_refuses_the_save_with_a_reason(session):
    draft = session.open_exercise("6.1").draft
    os.chmod(draft.path, 0o444)
    outcome = session.draft("6.1").save("x = 3\n")
    assert not outcome.ok and str(draft.path) in outcome.reason
    assert draft.path.read_text() == session.course.exercise("6.1").starter


def test_drafts_save_safely_from_two_threads(session):
    draft = session.open_exercise("6.1").draft
    texts = [f"x = {i}\n" for i in range(40)]
    threads = [threading.Thread(target=draft.save, args=(text,)) for text in texts]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    on_disk = draft.path.read_text()
    assert on_disk in texts and not draft.is_dirty(on_disk)


def test_watch_targets_name_the_draft_or_the_file_given(session, tmp_path):
    session.ensure_draft("6.1")
    draft = session.watch_targets("6.1")
    assert draft.concerns(str(session.draft_path("6.1")))
    mine = tmp_path / "elsewhere" / "answer.py"
    given = session.watch_targets("6.1", mine)
    assert given.concerns(str(mine)) and not given.concerns(str(session.draft_path("6.1")))
    assert given.folders == (mine.parent,)


def test_time_spent_adds_up(session):
    session.add_time("6.1", 12.5)
    session.add_time("6.1", 7.5)
    session.add_time("6.1", -3.0)  # a clock that went back adds nothing
    assert session.stats("6.1").time_spent_s == 20.0


# ------------------------------------------------------------ runs and their verdicts


def test_run_checks_the_editor_text_saved_first_and_records(session, runner):
    session.open_exercise("6.1")
    outputs = []
    control = RunControl()
    verdict = session.run(
        "6.1",
        text="x = 1  # solved\n",
        listener=lambda update: isinstance(update, Output) and outputs.append(update.text),
        control=control,
    )
    assert runner.seen == [b"x = 1  # solved\n"]
    assert verdict.passed and verdict.exercise_status == "passed" and not verdict.reference
    assert outputs == ["hello\n"] and control.started
    assert session.stats("6.1").status == "passed" and session.solution_unlocked("6.1")
    assert runner.jobs[0].lang == "en" == session.lang  # --lang travels with the job


def test_a_run_never_saves_over_an_outside_change_the_editor_has_not_seen(session, runner):
    draft = session.open_exercise("6.1").draft
    draft.path.write_text("theirs = 1\n")  # another editor, not seen by this one
    with pytest.raises(DraftChangedOutside) as refused:
        session.run("6.1", text="mine = 1\n")
    assert refused.value.edit.text == "theirs = 1\n" and refused.value.reason
    assert draft.path.read_text() == "theirs = 1\n" and runner.jobs == []
    draft.path.write_bytes(GBK)  # a version that cannot be read
    with pytest.raises(DraftChangedOutside) as refused:
        session.run("6.1", text="mine = 1\n")
    assert "UTF-8" in str(refused.value.edit.error) and runner.jobs == []
    draft.keep_unreadable()  # kept byte for byte: the editor's text may replace it now
    assert session.run("6.1", text="mine = 1\n").passed
    assert runner.seen == [b"mine = 1\n"]
    draft.path.write_text("mine = 2\n")  # written outside exactly as the editor has it
    assert session.run("6.1", text="mine = 2\n").passed and len(runner.jobs) == 2
    assert session.run("6.1").passed  # no editor text: the file as it is, nothing refused


def test_a_run_takes_the_exercises_time_limit_or_refuses_an_impossible_one(session, runner):
    assert session.time_limit("6.1") == session.course.exercise("6.1").time_limit > 0
    session.run("6.1")
    assert runner.jobs[-1].time_limit == session.time_limit("6.1")
    session.run("6.1", timeout=3.5)  # `check --timeout`
    assert runner.jobs[-1].time_limit == 3.5
    with pytest.raises(RunRefused) as e:
        session.run("6.1", timeout=float("nan"))
    assert "nan" in e.value.reason and len(runner.jobs) == 2


def test_the_last_verdict_is_there_when_the_exercise_is_reopened(session, make_session, tmp_path):
    assert session.last_verdict("6.2") is None  # never run
    session.open_exercise("6.2")
    session.run("6.2", text="y = 2  # wrong\n")
    assert session.last_verdict("6.2").status == Status.FAILED
    session.close()
    again = make_session(tmp_path).open_exercise("6.2")
    assert again.last is not None and again.last.status == Status.FAILED
    assert again.last.stdout == "hello\n" and again.last.checks[0].status == CheckStatus.FAILED


def test_a_last_verdict_that_cannot_be_read_is_none(session, tmp_path):
    session.run("6.2", text="y = 2  # wrong\n")
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
        verdict = locked.run("6.1", text="z = 1  # solved\n")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert verdict.result.status == Status.PASSED
    assert verdict.exercise_status is None and "0.2" in verdict.record_error
    assert session.stats("6.1").status == "unseen"  # nothing recorded


def test_the_reference_solution_is_not_a_pass(session, course, tmp_path):
    ex = course.exercise("6.1")
    verdict = session.run("6.1", file=ex.solution_path)
    assert verdict.reference and verdict.passed and verdict.exercise_status == "started"
    assert session.stats("6.1").status == "started" and session.stats("6.1").solved_at is None
    assert not session.solution_unlocked("6.1")
    assert session.attempts("6.1")[-1].status == "reference"
    copy = tmp_path / "mine.py"
    copy.write_bytes(
        ex.solution_path.read_bytes() + b"\n# solved\n"
    )  # not byte-identical: a real pass
    verdict = session.run("6.1", file=copy)
    assert not verdict.reference and verdict.exercise_status == "passed"
    assert session.solution_unlocked("6.1")


def test_a_worker_that_cannot_start_is_a_verdict_not_an_attempt(make_session, tmp_path):
    class Broken(FakeRunner):
        def start(self, job, on_event=None, on_output=None):
            raise OSError("no worker today")

    session = make_session(tmp_path, runs=RunService(Broken()))
    verdict = session.run("6.1")
    assert verdict.result.status == Status.CRASHED and "no worker today" in verdict.result.message
    assert verdict.exercise_status is None and verdict.record_error is None
    assert session.attempts("6.1") == []


def test_checking_an_unchanged_file_again_is_not_a_new_attempt(session):
    """A `check` or a `watch` start on a draft nobody changed since the last run: shown in the
    history as unchanged, not counted as an attempt."""
    session.run("6.2", text="y = 2  # wrong\n")
    session.run("6.2")  # the same draft again
    assert session.stats("6.2").attempts == 1
    assert [a.unchanged for a in session.attempts("6.2")] == [False, True]
    session.run("6.2", text="y = 3  # changed\n")
    assert session.stats("6.2").attempts == 2


class EndsWith(FakeRunner):
    """Every run ends with `status`: a starter's real end (not attempted, or the symptom a
    repair's broken starter shows)."""

    def __init__(self, status):
        super().__init__()
        self.status = status

    def start(self, job, on_event=None, on_output=None):
        run = super().start(job, on_event, on_output)
        run.result.status = self.status
        return run


@pytest.mark.parametrize("ends", [Status.NOT_ATTEMPTED, Status.FAILED])
def test_checking_the_untouched_starter_is_no_attempt(make_session, tmp_path, ends):
    """A `check` of the starter as given (nothing of the learner's in it yet): shown in the
    history, not counted, and an unseen exercise stays unseen; the first changed draft counts."""
    session = make_session(tmp_path, runs=RunService(EndsWith(ends)))
    session.run("6.2")  # the draft is made from the starter
    assert session.stats("6.2").attempts == 0 and session.stats("6.2").status == "unseen"
    assert [a.unchanged for a in session.attempts("6.2")] == [True]
    session.run("6.2", text=session.draft("6.2").opening().text + "\nx = 1\n")
    assert session.stats("6.2").attempts == 1
    assert session.stats("6.2").status == ("started" if ends == Status.NOT_ATTEMPTED else "failed")


def test_a_snippet_runs_with_the_sessions_language_and_records_nothing(session, runner):
    outputs = []
    verdict = session.run_snippet(
        Snippet("print('hi')\n", label="lesson 6.1 block 3"),
        listener=lambda update: isinstance(update, Output) and outputs.append(update.text),
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
    assert session.run_snippet(snippet).passed
    assert runner.jobs[0].context == str(chapter.context_path)


def test_warm_asks_the_runner_for_a_worker_of_that_context(session, make_session, tmp_path, runner):
    context = session.course.chapters[0].context_path
    session.warm(context)
    assert runner.warmed == [context]
    cold = make_session(tmp_path, runs=RunService(runner, keep_warm=False))
    cold.warm(context)  # `check` keeps no worker warm
    assert runner.warmed == [context]


def test_close_ends_the_store_and_leaves_a_given_runner_to_its_owner(session, runner):
    session.run("6.1")
    session.close()
    assert not runner.closed  # given to the session, so closed by whoever gave it
    with pytest.raises(StoreError):
        session.stats("6.1")


# ------------------------------------------------------------ hints, the solution, reset


def test_hints_one_at_a_time(session, course):
    total = len(course.exercise("6.1").hints)
    assert session.hints("6.1") == []
    first = session.reveal_hint("6.1")
    assert first.count == 1 and first.new and first.total == total
    for _ in range(total + 2):
        last = session.reveal_hint("6.1")
    assert last.count == total and not last.new
    assert session.hints("6.1") == course.exercise("6.1").hints


def test_solution_locked_until_given_up(session, course, tmp_path):
    with pytest.raises(SolutionLocked):
        session.view_solution("6.3")
    session.give_up("6.3")
    assert session.view_solution("6.3") == course.exercise("6.3").solution
    stats = session.stats("6.3")
    assert stats.gave_up and stats.status != "passed"
    db = sqlite3.connect(tmp_path / DB_NAME)
    views = db.execute("SELECT gave_up FROM solution_view WHERE exercise = '6.3'").fetchall()
    db.close()
    assert views == [(1,)]  # viewed after giving up


def test_reset_backs_up_only_real_work(session, course):
    ex = course.exercise("6.1")
    session.open_exercise("6.1")
    assert session.reset("6.1").backup is None  # the starter: nothing to keep
    session.draft("6.1").save("my work\n")
    backup = session.reset("6.1").backup
    assert backup.read_text() == "my work\n"
    assert not session.draft("6.1").is_dirty(ex.starter)
    assert session.draft("6.1").path.read_text() == ex.starter


# ------------------------------------------------------------ the playground's file


def test_the_playground_draft_is_one_file_per_chapter(session, course, tmp_path):
    chapter = course.chapters[0]
    draft = session.playground_draft(chapter.id)
    assert draft is session.playground_draft(chapter.id)  # one per chapter in the session
    assert draft.path == tmp_path / "playground" / f"{chapter.id}.py"
    assert draft.opening().text == "" and draft.path.read_text() == ""
    assert draft.save("y = 2\n").ok and draft.path.read_text() == "y = 2\n"
    kept = draft.keep("y = 2\n", "cleared")
    assert kept.parent == tmp_path / "playground" / "backup" and kept.read_text() == "y = 2\n"


# ------------------------------------------------------------ the learner's place, answers


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
    assert session.lessons_read() == set()  # opened is not read
    assert session.location() == ("lesson", items[0].id)
    session.read_lesson(items[0].id)
    assert session.lessons_read() == {items[0].id}
    assert session.continue_item() == items[1]
    assert session.progress().lesson_done(items[0].id)


def test_the_chapter_beside_another_follows_the_map_and_wraps(session, course):
    ids = [c.id for c in course.chapters]
    assert len(ids) > 1
    assert [session.chapter_beside(i, 1) for i in ids] == ids[1:] + ids[:1]
    assert [session.chapter_beside(i, -1) for i in ids] == ids[-1:] + ids[:-1]
    assert session.chapter_beside(ids[0], len(ids)) == ids[0]


def test_a_setting_is_kept_for_the_next_session(session, make_session, tmp_path):
    assert session.location() is None and session.setting("theme") is None
    session.choose_setting("theme", "textual-light")
    assert session.setting("theme") == "textual-light"
    session.close()
    assert make_session(tmp_path).setting("theme") == "textual-light"


def test_the_first_quiz_answer_counts(session, course):
    quiz = next(
        c.quiz
        for c in course.chapters
        if c.quiz and any(q.kind == "choice" for q in c.quiz.questions)
    )
    q = next(q for q in quiz.questions if q.kind == "choice")
    wrong = next(letter for letter in "ABCD" if letter != q.answer)
    assert session.quiz_answers(quiz.chapter_id) == {}
    first = session.answer_choice(quiz.chapter_id, q.id, wrong)
    assert first.counted and first.correct is False and first.score == (0, 1)
    again = session.answer_choice(quiz.chapter_id, q.id, q.answer)
    assert not again.counted and again.correct is True
    assert (again.first_answer, again.first_correct) == (wrong, False) and again.score == (0, 1)
    assert session.quiz_answers(quiz.chapter_id) == {q.id: (wrong, False)}
    assert session.quiz_score(quiz.chapter_id) == (0, 1)


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


# ------------------------------------------------------------ a damaged store


def test_a_session_over_a_damaged_store_says_where_it_was_moved(make_session, tmp_path):
    healthy = make_session(tmp_path / "ok")
    assert healthy.recovered_from is None and healthy.salvaged_rows == 0
    home = tmp_path / "damaged"
    store = Store(home)
    for i in range(300):
        store.record_quiz_answer("6", f"q{i}", "A" * 150, True)
    store.close()
    data = bytearray((home / DB_NAME).read_bytes())
    page = 4096
    middle = len(data) // page // 2
    data[middle * page : (middle + 1) * page] = b"\xa5" * page  # one page of the table lost
    (home / DB_NAME).write_bytes(bytes(data))
    session = make_session(home)
    assert session.recovered_from is not None and session.recovered_from.exists()
    back = len(session.quiz_answers("6"))  # what SQLite could still read is back
    assert 0 < back <= 300 and session.salvaged_rows >= back


# ------------------------------------------------------------ every member is tested


def test_every_public_member_of_the_session_is_named_by_a_test_here(session):
    """A use case added to Session (or to its mixins) without a test here fails this test."""
    members = {name for name in dir(session) if not name.startswith("_")}
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    named = {
        node.attr
        for fn in tree.body
        if isinstance(fn, ast.FunctionDef) and fn.name.startswith("test_")
        if fn.name != "test_every_public_member_of_the_session_is_named_by_a_test_here"
        for node in ast.walk(fn)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in ("session", "healthy", "cold", "locked")
    }
    assert len(members) > 40 and {"store", "runs"}.isdisjoint(members)
    assert sorted(members - named) == []
