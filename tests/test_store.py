"""The progress store: schema migration, a damaged file moved aside, two writers at once, drafts."""

import sqlite3
import subprocess
import sys

import pytest

from tutor.drafts import atomic_write
from tutor.result import CheckOutcome, CheckStatus, RunResult, Status
from tutor.store import DB_NAME, MIGRATIONS, SCHEMA_VERSION, Store, _statements


def result(ex, status, failing=()):
    checks = [CheckOutcome(id=n, name=n, status=CheckStatus.FAILED) for n in failing]
    return RunResult(exercise=ex, status=status, duration_s=0.5, checks=checks)


def test_status_attempts_hints_and_solution(tmp_path):
    s = Store(tmp_path)
    assert s.exercise_status("6.1") == "unseen"
    s.record_attempt(result("6.1", Status.FAILED, ["eager"]))
    assert s.exercise_status("6.1") == "failed"
    assert not s.solution_unlocked("6.1")
    s.record_attempt(result("6.1", Status.PASSED))
    s.record_attempt(result("6.1", Status.FAILED))     # a later failure does not undo a pass
    assert s.exercise_status("6.1") == "passed"
    assert s.solution_unlocked("6.1")
    assert [a.failing for a in s.attempts("6.1")] == [["eager"], [], []]
    assert s.reveal_hint("6.1", 2) == 1 and s.reveal_hint("6.1", 2) == 2 and s.reveal_hint("6.1", 2) == 2
    st = s.stats("6.1")
    assert (st.attempts, st.hints_used, st.gave_up) == (3, 2, False) and st.solved_at


def test_give_up_unlocks_and_is_recorded(tmp_path):
    s = Store(tmp_path)
    s.give_up("6.2")
    s.record_solution_view("6.2")
    assert s.solution_unlocked("6.2")
    st = s.stats("6.2")
    assert st.gave_up and st.solution_viewed and st.status != "passed"


def test_lessons_quiz_location_survive_reopen(tmp_path):
    s = Store(tmp_path)
    s.mark_read("6.1")
    s.record_quiz_answer("6", "q1", "B", True)
    s.record_quiz_answer("6", "q2", "A", False)
    s.set_location("exercise", "6.3")
    s.close()
    s = Store(tmp_path)
    assert s.lessons_read() == {"6.1"}
    assert s.quiz_score("6") == (1, 2)
    assert s.location() == ("exercise", "6.3")


def test_migration_from_version_1_keeps_data(tmp_path):
    db = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    for stmt in _statements(MIGRATIONS[0]):
        db.execute(stmt)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO exercise(id, status) VALUES ('6.1', 'passed')")
    db.close()
    s = Store(tmp_path)
    assert s.schema_version == SCHEMA_VERSION
    assert s.exercise_status("6.1") == "passed"
    s.add_time("6.1", 12.5)
    assert s.stats("6.1").time_spent_s == 12.5


def test_newer_schema_is_refused(tmp_path):
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.close()
    with pytest.raises(Exception, match="upgrade jaxtutor"):
        Store(tmp_path)


def test_damaged_database_is_moved_aside(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"this is not sqlite" * 500)
    s = Store(tmp_path)
    assert s.recovered_from is not None and s.recovered_from.exists()
    assert s.recovered_from.read_bytes().startswith(b"this is not sqlite")   # nothing lost
    s.record_attempt(result("6.1", Status.PASSED))
    assert s.exercise_status("6.1") == "passed"


def test_cli_reports_a_damaged_database(tmp_path):
    from helpers import jaxtutor_cmd

    (tmp_path / DB_NAME).write_bytes(b"garbage" * 1000)
    p = subprocess.run(jaxtutor_cmd() + ["--home", str(tmp_path), "progress"], capture_output=True, text=True)
    assert p.returncode == 0
    assert "damaged" in p.stderr or "损坏" in p.stderr


WRITER = """
import sys
from tutor.store import Store
from tutor.result import RunResult, Status
s = Store(sys.argv[1])
for i in range(60):
    s.record_attempt(RunResult(exercise=sys.argv[2], status=Status.FAILED, duration_s=0.01))
    s.reveal_hint(sys.argv[2], 100)
"""


def test_two_writers_at_once(tmp_path):
    Store(tmp_path).close()
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), ex]) for ex in ("6.1", "6.2")]
    assert [p.wait(60) for p in procs] == [0, 0]
    s = Store(tmp_path)
    assert len(s.attempts("6.1")) == 60 and len(s.attempts("6.2")) == 60
    assert s.hints_revealed("6.1") == 60


def test_atomic_write_and_drafts(tmp_path, course):
    ex = course.exercise("6.1")
    s = Store(tmp_path)
    path = s.drafts.ensure(ex)
    assert path == tmp_path / "work" / "6.1.py" and path.read_text() == ex.starter
    s.drafts.write("6.1", "x = 1\n")
    assert path.read_text() == "x = 1\n"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    backup = s.reset_exercise(ex)
    assert backup.read_text() == "x = 1\n" and path.read_text() == ex.starter
    atomic_write(tmp_path / "deep" / "f.txt", "ok")
    assert (tmp_path / "deep" / "f.txt").read_text() == "ok"
