"""The progress database's schema: migrations, and the check that a file holds our tables (the
salvage of a damaged file is tutor/storage/salvage.py)."""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path

from tutor.storage.renames import CONTENT_VERSION, RENAMES_5, journal_statements, rename_sql
from tutor.words.catalog import t

DB_NAME = "progress.sqlite3"


class StoreError(Exception):
    """A problem with the progress store, with a message for the learner (str()) and a `kind`:
    home_not_folder | home | read_only | locked | damaged | wrong_tables | newer_schema | other."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


# Each entry upgrades the schema from version i to i + 1. Never edit a released step: append.
MIGRATIONS: list[str] = [
    # 0 -> 1
    """
    CREATE TABLE exercise (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL DEFAULT 'unseen',      -- unseen | started | failed | passed
        first_passed_at REAL,
        gave_up_at REAL
    );
    CREATE TABLE attempt (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        exercise TEXT NOT NULL,
        at REAL NOT NULL,
        duration_s REAL NOT NULL,
        status TEXT NOT NULL,
        failing TEXT NOT NULL DEFAULT '[]'
    );
    CREATE INDEX attempt_by_exercise ON attempt(exercise, at);
    CREATE TABLE hint (exercise TEXT NOT NULL, idx INTEGER NOT NULL, at REAL NOT NULL,
                       PRIMARY KEY (exercise, idx));
    CREATE TABLE solution_view (exercise TEXT NOT NULL, at REAL NOT NULL, gave_up INTEGER NOT NULL);
    CREATE TABLE page_read (lesson TEXT PRIMARY KEY, at REAL NOT NULL);
    CREATE TABLE quiz_answer (chapter TEXT NOT NULL, question TEXT NOT NULL, answer TEXT NOT NULL,
                              correct INTEGER, at REAL NOT NULL, PRIMARY KEY (chapter, question));
    CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 1 -> 2: time spent in the exercise workspace
    """
    ALTER TABLE exercise ADD COLUMN time_spent_s REAL NOT NULL DEFAULT 0;
    """,
    # 2 -> 3: the last result document of each exercise, shown again when it is reopened
    """
    CREATE TABLE last_result (exercise TEXT PRIMARY KEY, at REAL NOT NULL,
                              reference INTEGER NOT NULL DEFAULT 0, doc TEXT NOT NULL);
    """,
    # 3 -> 4: predictions made before running a lesson's block (the first one counts)
    """
    CREATE TABLE prediction (id TEXT PRIMARY KEY, chapter TEXT NOT NULL, answer TEXT NOT NULL,
                             correct INTEGER NOT NULL, at REAL NOT NULL);
    """,
    # 4 -> 5: exercises of chapters 6 and a1 renumbered. The drafts follow only in a home whose
    # files use the old ids: `migrate` lists their moves then (storage/renames.py). Until this
    # step also listed them in a new or salvaged database, and drafts were moved in homes that
    # already used the new ids (issue 36).
    rename_sql(RENAMES_5),
    # 5 -> 6: the checked file's digest; a run of the same file again is not a new attempt
    """
    ALTER TABLE attempt ADD COLUMN source TEXT;
    ALTER TABLE attempt ADD COLUMN unchanged INTEGER NOT NULL DEFAULT 0;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


def _statements(script: str) -> list[str]:
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


def is_damaged(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return any(
        s in text for s in ("malformed", "not a database", "file is encrypted", "disk image")
    )


@cache
def expected_columns(version: int = SCHEMA_VERSION) -> dict[str, frozenset[str]]:
    """Table → columns of the schema at `version` (built once in memory)."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for script in MIGRATIONS[:version]:
            for statement in _statements(script):
                db.execute(statement)
        tables = [
            r[0]
            for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {
            name: frozenset(r[1] for r in db.execute(f"PRAGMA table_info({name})"))
            for name in tables
        }
    finally:
        db.close()


def create_at(db: sqlite3.Connection, version: int) -> None:
    """Make an empty database (autocommit mode) the schema of `version`, in one transaction: a
    salvage copies an older database's rows into it, then `migrate` brings them to today."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for script in MIGRATIONS[:version]:
            for statement in _statements(script):
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {version}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def migrate(db: sqlite3.Connection, path: Path, files_at: int = CONTENT_VERSION) -> None:
    """Bring `db` (autocommit mode) to SCHEMA_VERSION, then make sure it holds our tables. The
    home's files are at content version `files_at` (tutor/storage/homeversion.py): the moves of
    the id changes migrated here that they have not followed are listed in the same
    transaction. Raises StoreError for a newer schema or a database that belongs to something
    else."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StoreError(
            "newer_schema", t("store.newer_schema", path=path, version=version, ours=SCHEMA_VERSION)
        )
    if version == 0 and db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
        raise StoreError("wrong_tables", t("store.wrong_tables", path=path))
    while version < SCHEMA_VERSION:
        db.execute("BEGIN IMMEDIATE")
        try:
            # another process may have migrated meanwhile; what is left goes in one transaction
            # (one commit: a fresh home's first start does not wait for a sync per step)
            current = db.execute("PRAGMA user_version").fetchone()[0]
            if current < SCHEMA_VERSION:
                for script in MIGRATIONS[current:]:
                    # statement by statement: executescript() would commit our transaction
                    for statement in _statements(script):
                        db.execute(statement)
                for sql, args in journal_statements(current, SCHEMA_VERSION, files_at):
                    db.execute(sql, args)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        version = db.execute("PRAGMA user_version").fetchone()[0]
    for table, columns in expected_columns().items():
        have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        if not columns <= have:
            raise StoreError("wrong_tables", t("store.wrong_tables", path=path))
