"""The progress store: what it records and gives back, read-only homes, two writers and threads
at once, a lock held too long, a home that is a file; every problem a StoreError with its kind.
(Opening an old, newer, foreign or damaged database: test_store_opening.py; drafts:
test_draft_files.py.)"""

import os
import sqlite3
import subprocess
import sys
import threading

import pytest

from tutor.application.progress import EDIT_RULE, attempt_rule, viewed_after_giving_up
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status
from tutor.storage.schema import DB_NAME, StoreError
from tutor.storage.store import Store
from tutor.words.catalog import t


def result(ex, status, failing=()):
    checks = [CheckOutcome(id=n, name=n, status=CheckStatus.FAILED) for n in failing]
    return RunResult(exercise=ex, status=status, duration_s=0.5, checks=checks)


def record(store, run_result, *, reference=False):
    """Record a run as the session does (the status rules of tutor/application/progress.py)."""
    return store.record_attempt(run_result, attempt_rule(run_result.status, reference=reference))


def test_status_attempts_hints_and_solution(tmp_path):
    with Store(tmp_path) as s:
        assert s.exercise_status("6.1") == "unseen"
        record(s, result("6.1", Status.FAILED, ["eager"]))
        assert s.exercise_status("6.1") == "failed"
        assert not s.solution_unlocked("6.1")
        rule = attempt_rule(Status.PASSED)
        assert s.record_attempt(result("6.1", Status.PASSED), rule, at=1000.0) == "passed"
        failed = attempt_rule(Status.FAILED)  # a later failure does not undo the pass
        assert s.record_attempt(result("6.1", Status.FAILED), failed, at=2000.0) == "passed"
        assert s.exercise_status("6.1") == "passed" and s.stats("6.1").solved_at == 1000.0
        assert s.solution_unlocked("6.1")
        assert [a.failing for a in s.attempts("6.1")] == [["eager"], [], []]
        assert [s.reveal_hint("6.1", 2) for _ in range(3)] == [1, 2, 2]
        st = s.stats("6.1")
    assert (st.attempts, st.hints_used, st.gave_up) == (3, 2, False)


def test_a_run_of_the_reference_is_recorded_as_such(tmp_path):
    with Store(tmp_path) as s:
        assert record(s, result("6.1", Status.PASSED), reference=True) == "started"
        assert s.exercise_status("6.1") == "started" and s.stats("6.1").solved_at is None
        assert not s.solution_unlocked("6.1")
        assert [a.status for a in s.attempts("6.1")] == ["reference"]


def test_last_result_document_is_kept(tmp_path):
    with Store(tmp_path) as s:
        assert s.last_result("6.1") is None
        record(s, result("6.1", Status.FAILED, ["eager"]))
        record(s, result("6.1", Status.ERROR))
    with Store(tmp_path) as s:
        doc = s.last_result("6.1")
    assert doc["status"] == "error" and RunResult.from_dict(doc).status == Status.ERROR


def test_give_up_unlocks_and_is_recorded(tmp_path):
    with Store(tmp_path) as s:
        s.give_up("6.2")
        s.record_solution_view("6.2", viewed_after_giving_up)
        assert s.solution_unlocked("6.2")
        st = s.stats("6.2")
    assert st.gave_up and st.status != "passed"
    assert solution_views(tmp_path, "6.2") == [1]  # viewed after giving up


def solution_views(home, ex_id) -> list[int]:
    """The `gave_up` mark of each recorded view of the exercise's solution, in order."""
    db = sqlite3.connect(home / DB_NAME)
    try:
        rows = db.execute("SELECT gave_up FROM solution_view WHERE exercise = ?", (ex_id,))
        return [r[0] for r in rows.fetchall()]
    finally:
        db.close()


def test_the_store_applies_the_status_rules_it_is_given(tmp_path):
    """The store keeps no status rule of its own (docs/architecture.md §2): an edit and a view
    of the solution record what the rules of tutor/application/progress.py say."""
    with Store(tmp_path) as s:
        assert s.record_edit("6.1", EDIT_RULE) == "started" == s.exercise_status("6.1")
        record(s, result("6.1", Status.FAILED))
        assert s.record_edit("6.1", EDIT_RULE) == "failed"  # an edit does not take a failure back

        class Odd:  # not a rule of the course: the store must still write exactly what it says
            def after(self, stored):
                return "passed" if stored == "failed" else "unseen"

        assert s.record_edit("6.1", Odd()) == "passed" == s.exercise_status("6.1")
        s.record_solution_view("6.1", lambda stored: stored == "passed")
        s.record_solution_view("6.1", lambda stored: False)
    assert solution_views(tmp_path, "6.1") == [1, 0]


def test_lessons_quiz_location_survive_reopen(tmp_path):
    with Store(tmp_path) as s:
        s.mark_read("6.1")
        assert s.record_quiz_answer("6", "q1", "B", True) is True
        assert s.record_quiz_answer("6", "q2", "A", False) is True
        # practice: the first answer counts
        assert s.record_quiz_answer("6", "q2", "C", True) is False
        s.set_location("exercise", "6.3")
    with Store(tmp_path) as s:
        assert s.lessons_read() == {"6.1"}
        assert s.quiz_score("6") == (1, 2)
        assert s.quiz_answers("6")["q2"] == ("A", False)
        assert s.location() == ("exercise", "6.3")


def test_a_home_that_is_a_file(tmp_path):
    home = tmp_path / "home"
    home.write_text("not a folder")
    with pytest.raises(StoreError) as e:
        Store(home)
    assert e.value.kind == "home_not_folder" and str(home) in str(e.value)


def test_a_read_only_home_is_refused_and_can_be_read(tmp_path, monkeypatch):
    with Store(tmp_path) as s:
        s.mark_read("6.1")
    real_access = os.access
    # root may write anywhere: the refusal of a read-only folder is injected
    monkeypatch.setattr(
        os,
        "access",
        lambda p, mode, **kw: False if str(p) == str(tmp_path) else real_access(p, mode, **kw),
    )
    with pytest.raises(StoreError) as e:
        Store(tmp_path)
    assert e.value.kind == "read_only"
    with Store(tmp_path, read_only=True) as ro:
        assert ro.lessons_read() == {"6.1"}
        ro.mark_read("6.2")  # goes to memory only
    monkeypatch.undo()
    with Store(tmp_path) as s:
        assert s.lessons_read() == {"6.1"}


def test_a_read_only_view_of_a_home_without_a_database(tmp_path):
    with Store(tmp_path / "empty", read_only=True) as s:
        assert s.statuses() == {}
    assert not (tmp_path / "empty").exists()


def test_a_write_lock_held_too_long_is_a_store_error(tmp_path):
    Store(tmp_path).close()
    holder = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    with Store(tmp_path, timeout=0.3) as s:
        try:
            assert s.exercise_status("6.1") == "unseen"  # reading is not blocked (WAL)
            with pytest.raises(StoreError) as e:
                record(s, result("6.1", Status.PASSED))
            # the store waited as long as it was told to (0.3 s), and says so
            assert e.value.kind == "locked"
            assert str(e.value) == t("store.locked", path=tmp_path / DB_NAME, secs=0.3)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        record(s, result("6.1", Status.PASSED))  # the store is usable afterwards
        assert s.exercise_status("6.1") == "passed"


WRITER = """
import sys
from tutor.application.progress import attempt_rule
from tutor.storage.store import Store
from tutor.protocol.result import RunResult, Status
with Store(sys.argv[1]) as s:
    for i in range(60):
        s.record_attempt(
            RunResult(exercise=sys.argv[2], status=Status.FAILED, duration_s=0.01),
            attempt_rule("failed"),
        )
        s.reveal_hint(sys.argv[2], 100)
"""


def test_two_writers_at_once(tmp_path):
    Store(tmp_path).close()
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), ex]) for ex in ("6.1", "6.2")
    ]
    assert [p.wait(60) for p in procs] == [0, 0]
    with Store(tmp_path) as s:
        assert len(s.attempts("6.1")) == 60 and len(s.attempts("6.2")) == 60
        assert s.hints_revealed("6.1") == 60


def test_one_store_shared_by_threads(tmp_path):
    errors = []

    def work(s, ex):
        try:
            for _ in range(30):
                record(s, result(ex, Status.FAILED))
                s.statuses()
        except Exception as e:  # noqa: BLE001 - collected for the assert
            errors.append(e)

    with Store(tmp_path) as s:
        threads = [threading.Thread(target=work, args=(s, ex)) for ex in ("6.1", "6.2", "6.3")]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert errors == [] and len(s.attempts("6.3")) == 30
