"""The progress store: one SQLite database in the learner's home holding per-exercise status,
every attempt, the last result document, hints revealed, solutions viewed, pages read, quiz
answers and where the learner last was. Versioned schema with migrations (tutor/storage/schema.py).

Every problem (a read-only home, a home that is a file, a file with other tables, a newer
schema, a write lock held too long) is a StoreError with a message in the learner's language;
a damaged file is salvaged row by row into a new database before it is moved aside. One
connection, shared by threads under a lock; WAL mode and a busy timeout let two processes
(app + CLI) write at once."""

from __future__ import annotations

import functools
import json
import math
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tutor.storage.drafts import Drafts
from tutor.storage.schema import (
    DB_NAME,
    MIGRATIONS,
    SCHEMA_VERSION,
    StoreError,
    is_damaged,
    migrate,
    salvage_into,
)
from tutor.words.catalog import t

if TYPE_CHECKING:  # reading commands (list, progress) need no result model
    from tutor.protocol.result import RunResult


class AttemptRule(Protocol):
    """How a run is recorded (tutor.application.progress.AttemptRule: the status rules live there,
    in the one status table's module, not in the store)."""

    @property
    def status(self) -> str: ...

    def after(self, stored: str) -> str: ...


__all__ = [
    "Store",
    "StoreError",
    "Attempt",
    "ExerciseStats",
    "DB_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
]

LOCK_TIMEOUT_S = 10.0


@dataclass
class Attempt:
    at: float
    duration_s: float
    status: str  # a run status, or "reference" (the reference solution was checked)
    failing: list[str]
    unchanged: bool = False  # the same file as the attempt before: shown, not counted


@dataclass
class ExerciseStats:
    id: str
    status: str  # unseen | started | failed | passed
    attempts: int
    hints_used: int
    time_spent_s: float
    solved_at: float | None
    gave_up: bool
    solution_viewed: bool


def _number(value, default: float | None) -> float | None:
    """A stored number as a float. SQLite keeps whatever was written, whatever the column's type
    (another program, a hand edit): a value that is not a finite number reads as `default`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return default


def _names(value) -> list[str]:
    """A stored JSON list of check ids; anything else reads as no names."""
    try:
        names = json.loads(value)
    except (TypeError, ValueError):
        return []
    return [str(n) for n in names] if isinstance(names, list) else []


def _guarded(method):
    """One thread at a time on the connection; SQLite errors become StoreErrors."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self._lock:
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as e:
                raise self._error(e) from None

    return wrapper


class Store:
    def __init__(self, home: Path | str, *, timeout: float | None = None, read_only: bool = False):
        """Open (creating, migrating or salvaging) the database in `home`. With `read_only`, the
        file is copied into memory and never written: for views in a home that is not writable."""
        self.home = Path(home)
        self.path = self.home / DB_NAME
        self.timeout = LOCK_TIMEOUT_S if timeout is None else timeout
        self.read_only = read_only
        self.drafts = Drafts(self.home)
        self.recovered_from: Path | None = None  # where a damaged database was moved, if it was
        self.salvaged_rows = 0  # rows copied out of it
        self._lock = threading.RLock()
        self.db: sqlite3.Connection | None = None
        try:
            if read_only:
                self._open_read_only()
            else:
                self._open_writable()
        except sqlite3.Error as e:
            self._close_quietly()
            raise self._error(e) from None
        except BaseException:
            self._close_quietly()
            raise

    # ------------------------------------------------------------ opening

    def _open_writable(self) -> None:
        if self.home.exists() and not self.home.is_dir():
            raise StoreError("home_not_folder", t("store.home_not_folder", path=self.home))
        try:
            self.home.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(
                "home", t("store.home_unusable", path=self.home, reason=e.strerror or e)
            ) from None
        if not os.access(self.home, os.W_OK | os.X_OK):
            raise StoreError("read_only", t("store.read_only", path=self.home))
        self._check_database_path()
        try:
            self._connect()
        except sqlite3.DatabaseError as e:
            if not is_damaged(e):
                raise
            self._close_quietly()
            self._salvage_and_replace()
            self._connect()
        from tutor.storage.renames import move_renamed_drafts

        move_renamed_drafts(self.db, self.drafts.folder)

    def _check_database_path(self) -> None:
        """A database path that is a folder, or a link to nothing, gets its own sentence (SQLite
        would say only "unable to open", read as a home that cannot be written)."""
        if self.path.is_symlink() and not self.path.exists():
            target = os.readlink(self.path)
            raise StoreError("db_path", t("store.db_dangling", path=self.path, target=target))
        if self.path.exists() and not self.path.is_file():
            raise StoreError("db_path", t("store.db_not_file", path=self.path))

    def _connect(self) -> None:
        self.db = sqlite3.connect(
            self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
        )
        self.db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        self.db.execute("PRAGMA journal_mode = WAL")
        ok = self.db.execute("PRAGMA quick_check").fetchone()[0]
        if ok != "ok":
            raise sqlite3.DatabaseError(f"database disk image is malformed ({ok})")
        migrate(self.db, self.path)

    def _open_read_only(self) -> None:
        memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        if self.path.is_file():
            source = None
            for query in ("mode=ro", "immutable=1"):  # immutable: no -shm can be made beside it
                try:
                    source = sqlite3.connect(
                        f"file:{self.path}?{query}", uri=True, timeout=self.timeout
                    )
                    source.execute("PRAGMA user_version").fetchone()
                    break
                except sqlite3.OperationalError:
                    if source is not None:
                        source.close()
                    source = None
            if source is None:
                raise StoreError("read_only", t("store.cannot_read", path=self.path))
            try:
                source.backup(memory)
            finally:
                source.close()
        self.db = memory
        migrate(self.db, self.path)

    def _salvage_and_replace(self) -> None:
        """Copy what can be read into a new database, then move the damaged file aside under a
        name no other file has, and put the new one in its place."""
        from tutor.storage.drafts import unique_path

        fresh = self.home / f".{DB_NAME}.salvage"
        for leftover in (
            fresh,
            Path(f"{fresh}-wal"),
            Path(f"{fresh}-shm"),
            Path(f"{fresh}-journal"),
        ):
            leftover.unlink(missing_ok=True)
        self.salvaged_rows = salvage_into(self.path, fresh)
        target = unique_path(self.home, f"{DB_NAME}.damaged", "")
        self.path.replace(target)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                side.replace(Path(str(target) + suffix))
        fresh.replace(self.path)
        self.recovered_from = target

    def _error(self, e: sqlite3.Error) -> StoreError:
        if isinstance(e, StoreError):
            return e
        text = str(e).lower()
        if "locked" in text or "busy" in text:
            return StoreError("locked", t("store.locked", path=self.path, secs=self.timeout))
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            return StoreError("read_only", t("store.read_only", path=self.home))
        if is_damaged(e):
            return StoreError("damaged", t("store.damaged", path=self.path))
        if "no such table" in text or "no such column" in text or "already exists" in text:
            return StoreError("wrong_tables", t("store.wrong_tables", path=self.path))
        return StoreError("other", t("store.other", path=self.path, reason=str(e)))

    def _close_quietly(self) -> None:
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass
            self.db = None

    def close(self) -> None:
        with self._lock:
            self._close_quietly()

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        """Several statements in one write transaction."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                self.db.execute(sql, args)
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    # ------------------------------------------------------------ exercises

    @_guarded
    def mark_started(self, ex_id: str) -> None:
        self._write(
            [
                ("INSERT OR IGNORE INTO exercise(id) VALUES (?)", (ex_id,)),
                (
                    "UPDATE exercise SET status = 'started' WHERE id = ? AND status = 'unseen'",
                    (ex_id,),
                ),
            ]
        )

    @_guarded
    def record_attempt(
        self,
        result: RunResult,
        rule: AttemptRule,
        at: float | None = None,
        *,
        source: str | None = None,
    ) -> bool:
        """Record one run with its `rule` (tutor.application.progress.attempt_rule: the
        attempt's status and the exercise's status after it) and keep its result document as the
        exercise's last verdict. Returns True when it is the exercise's first pass. `source` (the
        checked file's digest) equal to the last attempt's marks the attempt "unchanged"."""
        at = time.time() if at is None else at
        ex_id = result.exercise
        failing = json.dumps([c.name for c in result.failing_checks], ensure_ascii=False)
        reference = rule.status == "reference"
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("INSERT OR IGNORE INTO exercise(id) VALUES (?)", (ex_id,))
            stored, first_passed_at = self.db.execute(
                "SELECT status, first_passed_at FROM exercise WHERE id = ?", (ex_id,)
            ).fetchone()
            status = rule.after(stored)
            first_pass = status == "passed" and first_passed_at is None
            last = self.db.execute(
                "SELECT source FROM attempt WHERE exercise = ? ORDER BY seq DESC LIMIT 1", (ex_id,)
            ).fetchone()
            unchanged = source is not None and last is not None and last[0] == source
            self.db.execute(
                "INSERT INTO attempt(exercise, at, duration_s, status, failing, source, unchanged)"
                " VALUES (?,?,?,?,?,?,?)",
                (ex_id, at, result.duration_s, rule.status, failing, source, int(unchanged)),
            )
            self.db.execute(
                "INSERT OR REPLACE INTO last_result(exercise, at, reference, doc) VALUES (?,?,?,?)",
                (ex_id, at, int(reference), json.dumps(result.to_dict(), ensure_ascii=False)),
            )
            self.db.execute(
                "UPDATE exercise SET status = ?, first_passed_at = ? WHERE id = ?",
                (status, at if first_pass else first_passed_at, ex_id),
            )
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        return first_pass

    @_guarded
    def last_result(self, ex_id: str) -> dict | None:
        """The result document of the exercise's last recorded run, or None."""
        row = self.db.execute("SELECT doc FROM last_result WHERE exercise = ?", (ex_id,)).fetchone()
        if row is None:
            return None
        try:
            doc = json.loads(row[0])
        except ValueError:
            return None
        return doc if isinstance(doc, dict) else None

    @_guarded
    def add_time(self, ex_id: str, seconds: float) -> None:
        if seconds <= 0:
            return
        self._write(
            [
                ("INSERT OR IGNORE INTO exercise(id) VALUES (?)", (ex_id,)),
                (
                    "UPDATE exercise SET time_spent_s = time_spent_s + ? WHERE id = ?",
                    (seconds, ex_id),
                ),
            ]
        )

    @_guarded
    def exercise_status(self, ex_id: str) -> str:
        row = self.db.execute("SELECT status FROM exercise WHERE id = ?", (ex_id,)).fetchone()
        return row[0] if row else "unseen"

    @_guarded
    def statuses(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT id, status FROM exercise").fetchall())

    @_guarded
    def attempts(self, ex_id: str) -> list[Attempt]:
        rows = self.db.execute(
            "SELECT at, duration_s, status, failing, unchanged FROM attempt WHERE exercise = ?"
            " ORDER BY seq",
            (ex_id,),
        ).fetchall()
        return [
            Attempt(
                at=_number(r[0], 0.0),
                duration_s=_number(r[1], 0.0),
                status=str(r[2]),
                failing=_names(r[3]),
                unchanged=bool(r[4]),
            )
            for r in rows
        ]

    @_guarded
    def stats(self, ex_id: str) -> ExerciseStats:
        row = self.db.execute(
            "SELECT status, first_passed_at, gave_up_at, time_spent_s FROM exercise WHERE id = ?",
            (ex_id,),
        ).fetchone() or ("unseen", None, None, 0.0)
        n = self.db.execute(  # a run of an unchanged file is not a new attempt
            "SELECT COUNT(*) FROM attempt WHERE exercise = ? AND unchanged = 0", (ex_id,)
        ).fetchone()[0]
        viewed = self.db.execute(
            "SELECT COUNT(*) FROM solution_view WHERE exercise = ?", (ex_id,)
        ).fetchone()[0]
        return ExerciseStats(
            id=ex_id,
            status=str(row[0]),
            attempts=n,
            hints_used=self.hints_revealed(ex_id),
            time_spent_s=_number(row[3], 0.0),
            solved_at=_number(row[1], None),
            gave_up=row[2] is not None,
            solution_viewed=viewed > 0,
        )

    # ------------------------------------------------------------ hints and solutions

    @_guarded
    def hints_revealed(self, ex_id: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM hint WHERE exercise = ?", (ex_id,)).fetchone()[
            0
        ]

    @_guarded
    def reveal_hint(self, ex_id: str, total: int) -> int:
        """Reveal the next hint (if any is left); returns how many are revealed now."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            n = self.db.execute(
                "SELECT COUNT(*) FROM hint WHERE exercise = ?", (ex_id,)
            ).fetchone()[0]
            if n < total:
                self.db.execute(
                    "INSERT INTO hint(exercise, idx, at) VALUES (?,?,?)", (ex_id, n, time.time())
                )
                n += 1
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        return n

    @_guarded
    def solution_unlocked(self, ex_id: str) -> bool:
        row = self.db.execute(
            "SELECT status, gave_up_at FROM exercise WHERE id = ?", (ex_id,)
        ).fetchone()
        return bool(row) and (row[0] == "passed" or row[1] is not None)

    @_guarded
    def give_up(self, ex_id: str) -> None:
        self._write(
            [
                ("INSERT OR IGNORE INTO exercise(id) VALUES (?)", (ex_id,)),
                (
                    "UPDATE exercise SET gave_up_at = COALESCE(gave_up_at, ?) WHERE id = ?",
                    (time.time(), ex_id),
                ),
            ]
        )

    @_guarded
    def record_solution_view(self, ex_id: str) -> None:
        gave_up = self.exercise_status(ex_id) != "passed"
        self.db.execute(
            "INSERT INTO solution_view(exercise, at, gave_up) VALUES (?,?,?)",
            (ex_id, time.time(), int(gave_up)),
        )

    # ------------------------------------------------------------ lessons, quizzes, place

    @_guarded
    def mark_read(self, lesson_id: str) -> None:
        self.db.execute(
            "INSERT OR IGNORE INTO page_read(lesson, at) VALUES (?,?)", (lesson_id, time.time())
        )

    @_guarded
    def lessons_read(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT lesson FROM page_read").fetchall()}

    @_guarded
    def record_quiz_answer(
        self, chapter_id: str, question_id: str, answer: str, correct: bool | None
    ) -> bool:
        """Keep the first answer to a question (later ones are practice and change nothing).
        Returns True when this answer was the first, the one that counts."""
        cur = self.db.execute(
            "INSERT OR IGNORE INTO quiz_answer(chapter, question, answer, correct, at) "
            "VALUES (?,?,?,?,?)",
            (
                chapter_id,
                question_id,
                answer,
                None if correct is None else int(correct),
                time.time(),
            ),
        )
        return cur.rowcount == 1

    @_guarded
    def quiz_answers(self, chapter_id: str) -> dict[str, tuple[str, bool | None]]:
        rows = self.db.execute(
            "SELECT question, answer, correct FROM quiz_answer WHERE chapter = ?", (chapter_id,)
        ).fetchall()
        return {q: (a, None if c is None else bool(c)) for q, a, c in rows}

    @_guarded
    def quiz_score(self, chapter_id: str) -> tuple[int, int]:
        """(correct, answered) for a chapter's quiz."""
        answers = self.quiz_answers(chapter_id)
        return sum(1 for _, c in answers.values() if c), len(answers)

    @_guarded
    def record_prediction(
        self, prediction_id: str, chapter_id: str, answer: str, correct: bool
    ) -> bool:
        """Keep the first prediction for a block; True when this one was it (the one that
        counts)."""
        cur = self.db.execute(
            "INSERT OR IGNORE INTO prediction(id, chapter, answer, correct, at) VALUES (?,?,?,?,?)",
            (prediction_id, chapter_id, answer, int(correct), time.time()),
        )
        return cur.rowcount == 1

    @_guarded
    def predictions(self, chapter_id: str) -> dict[str, tuple[str, bool]]:
        rows = self.db.execute(
            "SELECT id, answer, correct FROM prediction WHERE chapter = ?", (chapter_id,)
        ).fetchall()
        return {i: (a, bool(c)) for i, a, c in rows}

    def set_location(self, kind: str, item_id: str) -> None:
        self.set_setting("location", json.dumps([kind, item_id]))

    def location(self) -> tuple[str, str] | None:
        raw = self.get_setting("location")
        try:
            kind, item = json.loads(raw) if raw else (None, None)
        except ValueError:
            return None
        return (kind, item) if isinstance(kind, str) and isinstance(item, str) else None

    @_guarded
    def get_setting(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    @_guarded
    def set_setting(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO setting(key, value) VALUES (?,?)", (key, value))
