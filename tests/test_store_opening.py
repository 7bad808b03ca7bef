"""Opening the progress database: an older schema is migrated with its data, a newer one or a
database of another program is refused with its kind, a damaged file is salvaged row by row and
moved aside under a name of its own (also when the home can only be read)."""

import sqlite3

import pytest
from test_store import record, result

from tutor.protocol.result import Status
from tutor.storage.schema import DB_NAME, MIGRATIONS, SCHEMA_VERSION, StoreError
from tutor.storage.store import Store


def user_version(home):
    """The schema version written in the database file itself."""
    db = sqlite3.connect(home / DB_NAME)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def _db_at_version(path, version):
    """A database as a release with schema `version` left it."""
    db = sqlite3.connect(path / DB_NAME, isolation_level=None)
    for script in MIGRATIONS[:version]:
        db.executescript(script)
    db.execute(f"PRAGMA user_version = {version}")
    return db


def test_migration_from_version_1_keeps_data(tmp_path):
    db = _db_at_version(tmp_path, 1)
    db.execute("INSERT INTO exercise(id, status) VALUES ('6.1', 'passed')")
    db.close()
    with Store(tmp_path) as s:
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
    with Store(tmp_path) as s:
        assert user_version(tmp_path) == SCHEMA_VERSION == 6
        assert len(s.attempts("6.2")) == 1 and s.last_result("6.2") is None
        record(s, result("6.2", Status.PASSED))
        assert s.last_result("6.2")["status"] == "passed"


def test_migration_from_version_3_adds_predictions_and_the_first_one_counts(tmp_path):
    db = _db_at_version(tmp_path, 3)
    db.close()
    with Store(tmp_path) as s:
        assert user_version(tmp_path) == SCHEMA_VERSION == 6
        assert s.predictions("6") == {}
        assert s.record_prediction("6.2/1", "6", "B", False) is True
        assert s.record_prediction("6.2/1", "6", "A", True) is False  # later guesses: practice
        assert s.predictions("6") == {"6.2/1": ("B", False)}


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


def test_garbage_is_moved_aside_and_nothing_is_lost(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"this is not sqlite" * 500)
    with Store(tmp_path) as s:
        assert s.recovered_from is not None and s.recovered_from.exists()
        # the file itself is kept
        assert s.recovered_from.read_bytes().startswith(b"this is not sqlite")
        assert s.salvaged_rows == 0
        record(s, result("6.1", Status.PASSED))
        assert s.exercise_status("6.1") == "passed"


def _refusal(home) -> str | None:
    """The kind of StoreError a read-only view of `home` is refused with (the error, and what
    its traceback holds, gone when this returns)."""
    try:
        Store(home, read_only=True).close()
    except StoreError as e:
        return e.kind
    return None


def test_a_damaged_file_in_a_home_that_can_only_be_read_is_reported(tmp_path):
    """Nothing can be salvaged without writing: the view is refused as damaged, and the file
    it could not read is closed again (the suite turns a connection left open into an error)."""
    import gc

    (tmp_path / DB_NAME).write_bytes(b"this is not sqlite" * 500)
    assert _refusal(tmp_path) == "damaged"
    gc.collect()  # a connection left open is freed, and reported, here
    assert (tmp_path / DB_NAME).read_bytes().startswith(b"this is not sqlite")


def test_one_bad_page_loses_only_that_page(tmp_path):
    with Store(tmp_path) as s:
        s.mark_read("6.1")
        record(s, result("6.1", Status.PASSED))
        for i in range(1500):
            record(s, result("6.2", Status.FAILED, [f"check number {i} " + "x" * 150]))
        s.record_quiz_answer("6", "q1", "B", True)
    data = bytearray((tmp_path / DB_NAME).read_bytes())
    wal = tmp_path / f"{DB_NAME}-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    page = 4096
    pages = len(data) // page
    bad = pages // 2  # in the middle of the attempts
    data[bad * page : (bad + 1) * page] = b"\xa5" * page
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    with Store(tmp_path) as s:
        assert s.recovered_from is not None and s.recovered_from.exists()
        kept = len(s.attempts("6.2"))
        assert 1000 < kept < 1500, kept  # one page of rows is gone, the rest is back
        assert s.exercise_status("6.1") == "passed"
        assert s.lessons_read() == {"6.1"}
        assert s.quiz_score("6") == (1, 1)
        assert s.salvaged_rows >= kept


def test_cli_reports_a_damaged_database(tmp_path, capsys):
    from tutor.cli import main

    (tmp_path / DB_NAME).write_bytes(b"garbage" * 1000)
    assert main(["--home", str(tmp_path), "progress"]) == 0
    err = capsys.readouterr().err
    assert "损坏" in err and str(tmp_path) in err


def test_two_damaged_files_within_a_second_get_their_own_names(tmp_path):
    moved = []
    for n in range(2):
        (tmp_path / DB_NAME).unlink(missing_ok=True)
        (tmp_path / DB_NAME).write_bytes(b"garbage %d" % n * 800)
        with Store(tmp_path) as s:
            moved.append(s.recovered_from)
    assert moved[0] != moved[1] and all(p.exists() for p in moved)
    assert moved[0].read_bytes() != moved[1].read_bytes()
