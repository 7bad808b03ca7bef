"""The progress store: schema migration, damaged files salvaged and moved aside, two writers at
once, every store problem as a StoreError with its kind, and drafts under faults."""

import errno
import os
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

from tutor.application.progress import EDIT_RULE, attempt_rule, viewed_after_giving_up
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status
from tutor.storage.drafts import (
    DraftEncodingError,
    Drafts,
    DraftWriteError,
    atomic_write,
    decode_source,
    unique_path,
)
from tutor.storage.schema import DB_NAME, MIGRATIONS, SCHEMA_VERSION, StoreError, _statements
from tutor.storage.store import Store


def result(ex, status, failing=()):
    checks = [CheckOutcome(id=n, name=n, status=CheckStatus.FAILED) for n in failing]
    return RunResult(exercise=ex, status=status, duration_s=0.5, checks=checks)


def record(store, run_result, *, reference=False):
    """Record a run as the session does (the status rules of tutor/application/progress.py)."""
    return store.record_attempt(run_result, attempt_rule(run_result.status, reference=reference))


def user_version(home):
    """The schema version written in the database file itself."""
    db = sqlite3.connect(home / DB_NAME)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def test_status_attempts_hints_and_solution(tmp_path):
    s = Store(tmp_path)
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
    assert (
        s.reveal_hint("6.1", 2) == 1
        and s.reveal_hint("6.1", 2) == 2
        and s.reveal_hint("6.1", 2) == 2
    )
    st = s.stats("6.1")
    assert (st.attempts, st.hints_used, st.gave_up) == (3, 2, False)


def test_a_run_of_the_reference_is_recorded_as_such(tmp_path):
    s = Store(tmp_path)
    assert record(s, result("6.1", Status.PASSED), reference=True) == "started"
    assert s.exercise_status("6.1") == "started" and s.stats("6.1").solved_at is None
    assert not s.solution_unlocked("6.1")
    assert [a.status for a in s.attempts("6.1")] == ["reference"]


def test_last_result_document_is_kept(tmp_path):
    s = Store(tmp_path)
    assert s.last_result("6.1") is None
    record(s, result("6.1", Status.FAILED, ["eager"]))
    record(s, result("6.1", Status.ERROR))
    s.close()
    doc = Store(tmp_path).last_result("6.1")
    assert doc["status"] == "error" and RunResult.from_dict(doc).status == Status.ERROR


def test_give_up_unlocks_and_is_recorded(tmp_path):
    s = Store(tmp_path)
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
    s = Store(tmp_path)
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
    s = Store(tmp_path)
    s.mark_read("6.1")
    assert s.record_quiz_answer("6", "q1", "B", True) is True
    assert s.record_quiz_answer("6", "q2", "A", False) is True
    assert s.record_quiz_answer("6", "q2", "C", True) is False  # practice: the first answer counts
    s.set_location("exercise", "6.3")
    s.close()
    s = Store(tmp_path)
    assert s.lessons_read() == {"6.1"}
    assert s.quiz_score("6") == (1, 2)
    assert s.quiz_answers("6")["q2"] == ("A", False)
    assert s.location() == ("exercise", "6.3")


def _db_at_version(path, version):
    db = sqlite3.connect(path / DB_NAME, isolation_level=None)
    for script in MIGRATIONS[:version]:
        for stmt in _statements(script):
            db.execute(stmt)
    db.execute(f"PRAGMA user_version = {version}")
    return db


def test_migration_from_version_1_keeps_data(tmp_path):
    db = _db_at_version(tmp_path, 1)
    db.execute("INSERT INTO exercise(id, status) VALUES ('6.1', 'passed')")
    db.close()
    s = Store(tmp_path)
    assert user_version(tmp_path) == SCHEMA_VERSION
    assert s.exercise_status("6.1") == "passed"
    s.add_time("6.1", 12.5)
    assert s.stats("6.1").time_spent_s == 12.5


def test_migration_from_version_2_adds_the_last_result(tmp_path):
    db = _db_at_version(tmp_path, 2)
    db.execute(
        "INSERT INTO attempt(exercise, at, duration_s, status) VALUES ('6.2', 1.0, 0.1, 'failed')"
    )
    db.close()
    s = Store(tmp_path)
    assert user_version(tmp_path) == SCHEMA_VERSION == 6
    assert len(s.attempts("6.2")) == 1 and s.last_result("6.2") is None
    record(s, result("6.2", Status.PASSED))
    assert s.last_result("6.2")["status"] == "passed"


def test_newer_schema_is_refused_with_its_kind(tmp_path):
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.close()
    with pytest.raises(StoreError) as e:
        Store(tmp_path)
    assert e.value.kind == "newer_schema" and "jaxtutor" in str(e.value)


def test_a_database_with_other_tables_is_refused(tmp_path):
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("CREATE TABLE exercise (name TEXT)")  # same name, other columns
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as e:
        Store(tmp_path)
    assert e.value.kind == "wrong_tables"
    (tmp_path / "sub").mkdir()
    db = _db_at_version(tmp_path / "sub", SCHEMA_VERSION)
    db.execute("DROP TABLE hint")  # our version number, a table missing
    db.close()
    with pytest.raises(StoreError) as e:
        Store(tmp_path / "sub")
    assert e.value.kind == "wrong_tables"


def test_a_home_that_is_a_file(tmp_path):
    home = tmp_path / "home"
    home.write_text("not a folder")
    with pytest.raises(StoreError) as e:
        Store(home)
    assert e.value.kind == "home_not_folder" and str(home) in str(e.value)


def test_a_read_only_home_is_refused_and_can_be_read(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.mark_read("6.1")
    s.close()
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
    ro = Store(tmp_path, read_only=True)
    assert ro.lessons_read() == {"6.1"}
    ro.mark_read("6.2")  # goes to memory only
    ro.close()
    monkeypatch.undo()
    assert Store(tmp_path).lessons_read() == {"6.1"}


def test_a_read_only_view_of_a_home_without_a_database(tmp_path):
    s = Store(tmp_path / "empty", read_only=True)
    assert s.statuses() == {} and not (tmp_path / "empty").exists()


def test_a_write_lock_held_too_long_is_a_store_error(tmp_path):
    Store(tmp_path).close()
    holder = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        s = Store(tmp_path, timeout=0.3)
        assert s.exercise_status("6.1") == "unseen"  # reading is not blocked (WAL)
        start = time.monotonic()
        with pytest.raises(StoreError) as e:
            record(s, result("6.1", Status.PASSED))
        assert e.value.kind == "locked" and time.monotonic() - start < 5
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    record(s, result("6.1", Status.PASSED))  # the store is usable afterwards
    assert s.exercise_status("6.1") == "passed"


def test_garbage_is_moved_aside_and_nothing_is_lost(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"this is not sqlite" * 500)
    s = Store(tmp_path)
    assert s.recovered_from is not None and s.recovered_from.exists()
    assert s.recovered_from.read_bytes().startswith(
        b"this is not sqlite"
    )  # the file itself is kept
    assert s.salvaged_rows == 0
    record(s, result("6.1", Status.PASSED))
    assert s.exercise_status("6.1") == "passed"


def test_one_bad_page_loses_only_that_page(tmp_path):
    s = Store(tmp_path)
    s.mark_read("6.1")
    record(s, result("6.1", Status.PASSED))
    for i in range(1500):
        record(s, result("6.2", Status.FAILED, [f"check number {i} " + "x" * 150]))
    s.record_quiz_answer("6", "q1", "B", True)
    s.close()
    data = bytearray((tmp_path / DB_NAME).read_bytes())
    assert (
        not (tmp_path / f"{DB_NAME}-wal").exists()
        or (tmp_path / f"{DB_NAME}-wal").stat().st_size == 0
    )
    page = 4096
    pages = len(data) // page
    bad = pages // 2  # in the middle of the attempts
    data[bad * page : (bad + 1) * page] = b"\xa5" * page
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    s = Store(tmp_path)
    assert s.recovered_from is not None and s.recovered_from.exists()
    kept = len(s.attempts("6.2"))
    assert 1000 < kept < 1500, kept  # one page of rows is gone, the rest is back
    assert s.exercise_status("6.1") == "passed"
    assert s.lessons_read() == {"6.1"}
    assert s.quiz_score("6") == (1, 1)
    assert s.salvaged_rows >= kept


def test_cli_reports_a_damaged_database(tmp_path):
    from helpers import jaxtutor_cmd

    (tmp_path / DB_NAME).write_bytes(b"garbage" * 1000)
    p = subprocess.run(
        jaxtutor_cmd() + ["--home", str(tmp_path), "progress"], capture_output=True, text=True
    )
    assert p.returncode == 0
    assert "损坏" in p.stderr and str(tmp_path) in p.stderr


def test_two_damaged_files_within_a_second_get_their_own_names(tmp_path):
    moved = []
    for n in range(2):
        (tmp_path / DB_NAME).unlink(missing_ok=True)
        (tmp_path / DB_NAME).write_bytes(b"garbage %d" % n * 800)
        s = Store(tmp_path)
        moved.append(s.recovered_from)
        s.close()
    assert moved[0] != moved[1] and all(p.exists() for p in moved)
    assert moved[0].read_bytes() != moved[1].read_bytes()


def test_unique_path_counts_up(tmp_path):
    first = unique_path(tmp_path, "x", ".py")
    first.write_text("1")
    second = unique_path(tmp_path, "x", ".py")
    assert second != first and second.name.startswith(first.stem)


WRITER = """
import sys
from tutor.application.progress import attempt_rule
from tutor.storage.store import Store
from tutor.protocol.result import RunResult, Status
s = Store(sys.argv[1])
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
    s = Store(tmp_path)
    assert len(s.attempts("6.1")) == 60 and len(s.attempts("6.2")) == 60
    assert s.hints_revealed("6.1") == 60


def test_one_store_shared_by_threads(tmp_path):
    s = Store(tmp_path)
    errors = []

    def work(ex):
        try:
            for _ in range(30):
                record(s, result(ex, Status.FAILED))
                s.statuses()
        except Exception as e:  # noqa: BLE001 - collected for the assert
            errors.append(e)

    threads = [threading.Thread(target=work, args=(ex,)) for ex in ("6.1", "6.2", "6.3")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == [] and len(s.attempts("6.3")) == 30


# ---------------------------------------------------------------- drafts


def test_atomic_write_and_drafts(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    path = drafts.ensure(ex)
    assert path == tmp_path / "work" / "6.1.py" and path.read_text() == ex.starter
    assert drafts.reset(ex) is None  # the starter needs no backup
    drafts.write("6.1", "x = 1\n")
    assert path.read_text() == "x = 1\n"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    backup = drafts.reset(ex)
    assert backup.read_text() == "x = 1\n" and path.read_text() == ex.starter
    drafts.write("6.1", "x = 2\n")
    second = drafts.reset(ex)  # within the same second
    assert second != backup and second.read_text() == "x = 2\n" and backup.read_text() == "x = 1\n"
    atomic_write(tmp_path / "deep" / "f.txt", "ok")
    assert (tmp_path / "deep" / "f.txt").read_text() == "ok"


def test_a_draft_that_is_not_utf8_is_a_clear_error(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    drafts.ensure(ex)
    drafts.path("6.1").write_bytes("x = '计数'\n".encode("gbk"))
    with pytest.raises(DraftEncodingError) as e:
        drafts.read(ex)
    assert "UTF-8" in str(e.value) and e.value.path == drafts.path("6.1")
    drafts.path("6.1").write_bytes("x = 'é'\n".encode("latin-1"))
    with pytest.raises(DraftEncodingError):
        drafts.read(ex)


def test_a_byte_order_mark_is_dropped(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    drafts.ensure(ex)
    drafts.path("6.1").write_bytes(b"\xef\xbb\xbfx = 1\n")
    assert drafts.read(ex) == "x = 1\n"
    assert decode_source("é".encode()) == "é"


def test_a_symlinked_draft_is_written_through(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    mine = tmp_path / "projects" / "counter.py"
    mine.parent.mkdir()
    mine.write_text("old\n")
    os.chmod(mine, 0o640)
    drafts.folder.mkdir(parents=True)
    drafts.path("6.1").symlink_to(mine)
    drafts.write("6.1", "new\n")
    assert drafts.path("6.1").is_symlink()  # still a link
    assert mine.read_text() == "new\n" and (mine.stat().st_mode & 0o777) == 0o640
    assert drafts.read(ex) == "new\n"


def test_a_read_only_draft_is_not_overwritten(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    path = drafts.ensure(ex)
    os.chmod(path, 0o444)
    with pytest.raises(DraftWriteError) as e:
        drafts.write("6.1", "new\n")
    assert path.read_text() == ex.starter and str(path) in str(e.value)
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_full_disk_keeps_the_old_draft(tmp_path, course, monkeypatch):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    path = drafts.ensure(ex)

    def no_space(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(DraftWriteError) as e:
        drafts.write("6.1", "new\n")
    assert e.value.errno == errno.ENOSPC and os.strerror(errno.ENOSPC) in str(e.value)
    assert path.read_text() == ex.starter
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_migration_from_version_3_adds_predictions_and_the_first_one_counts(tmp_path):
    db = _db_at_version(tmp_path, 3)
    db.close()
    s = Store(tmp_path)
    assert user_version(tmp_path) == SCHEMA_VERSION == 6
    assert s.predictions("6") == {}
    assert s.record_prediction("6.2/1", "6", "B", False) is True
    assert s.record_prediction("6.2/1", "6", "A", True) is False  # later guesses are practice
    assert s.predictions("6") == {"6.2/1": ("B", False)}
