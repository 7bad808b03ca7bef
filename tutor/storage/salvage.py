"""The salvage of a damaged progress database: every row SQLite can still read, copied into a
fresh database. Rows keep the meaning they had: the fresh database is first made the schema of
the damaged one (its header gives the version, even when the rest is damaged), the rows go in,
and the migrations then bring them to today, renaming the ids of an older database row by row
exactly as an intact one would be (tutor/storage/schema.py). A file whose header cannot be read
holds no readable row either: the fresh database is today's schema."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tutor.storage.homeversion import schema_in_header
from tutor.storage.renames import CONTENT_VERSION
from tutor.storage.schema import SCHEMA_VERSION, create_at, expected_columns, migrate


def _readable_rows(db: sqlite3.Connection, table: str, columns: list[str]) -> list[tuple]:
    """Every row of `table` SQLite can read: forwards by rowid until a damaged page stops the
    scan, then backwards from the end down to the last row read."""
    cols = ", ".join(columns)
    rows: dict[int, tuple] = {}
    last = None
    try:
        for row in db.execute(f"SELECT rowid, {cols} FROM {table} ORDER BY rowid"):
            rows[row[0]] = row[1:]
            last = row[0]
    except sqlite3.DatabaseError:
        try:
            floor = -(2**63) if last is None else last
            for row in db.execute(
                f"SELECT rowid, {cols} FROM {table} WHERE rowid > ? ORDER BY rowid DESC", (floor,)
            ):
                rows[row[0]] = row[1:]
        except sqlite3.DatabaseError:
            pass
    return [rows[k] for k in sorted(rows)]


def _schema_of(damaged: Path) -> int:
    """The schema the damaged file's rows follow: its version as SQLite reads it (a write-ahead
    log beside it included), else as its header says, when it is one we know; else today's."""
    version = None
    try:
        src = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
        try:
            version = src.execute("PRAGMA user_version").fetchone()[0]
        finally:
            src.close()
    except sqlite3.Error:
        try:
            version = schema_in_header(damaged)
        except OSError:
            version = None
    if version is None or not 0 < version <= SCHEMA_VERSION:
        return SCHEMA_VERSION
    return version


def salvage_into(damaged: Path, fresh: Path, files_at: int = CONTENT_VERSION) -> int:
    """Create `fresh` with the current schema holding every row of our tables that can still be
    read from `damaged`, migrated to today (`files_at`: the content version of the home's
    files, as for `migrate`). Returns the number of rows copied (0 when nothing is readable,
    e.g. the file is not a database at all)."""
    version = _schema_of(damaged)
    out = sqlite3.connect(fresh, isolation_level=None)
    copied = 0
    try:
        create_at(out, version)
        try:
            src = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
        except sqlite3.Error:
            src = None
        if src is not None:
            try:
                copied = _copy_rows(src, out, expected_columns(version))
            finally:
                src.close()
        migrate(out, fresh, files_at)
    finally:
        out.close()
    return copied


def _copy_rows(
    src: sqlite3.Connection, out: sqlite3.Connection, tables: dict[str, frozenset[str]]
) -> int:
    copied = 0
    out.execute("BEGIN")
    try:
        for table, wanted in tables.items():
            try:
                have = [r[1] for r in src.execute(f"PRAGMA table_info({table})")]
            except sqlite3.DatabaseError:
                continue
            columns = [c for c in have if c in wanted]
            if not columns:
                continue
            marks = ", ".join("?" * len(columns))
            for row in _readable_rows(src, table, columns):
                try:
                    out.execute(
                        f"INSERT OR IGNORE INTO {table}({', '.join(columns)}) VALUES ({marks})",
                        row,
                    )
                    copied += 1
                except sqlite3.Error:  # a row that breaks a constraint of the new schema
                    pass
        out.execute("COMMIT")
    except BaseException:
        if out.in_transaction:
            out.execute("ROLLBACK")
        raise
    return copied
