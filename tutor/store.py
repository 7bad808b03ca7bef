"""The progress store (design §5.5): one SQLite database in the learner's home holding
per-exercise status, every attempt, hints revealed, solutions viewed, pages read, quiz answers
and where the learner last was. Versioned schema with migrations; a damaged file is moved aside
with a message. WAL mode and a busy timeout let two processes (app + CLI) write at once."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from tutor.drafts import Drafts
from tutor.result import RunResult, Status

DB_NAME = "progress.sqlite3"

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
]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    pass


@dataclass
class Attempt:
    at: float
    duration_s: float
    status: str
    failing: list[str]


@dataclass
class ExerciseStats:
    id: str
    status: str              # unseen | started | failed | passed
    attempts: int
    hints_used: int
    time_spent_s: float
    solved_at: float | None
    gave_up: bool
    solution_viewed: bool


def _statements(script: str) -> list[str]:
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


def _is_damaged(exc: sqlite3.DatabaseError) -> bool:
    text = str(exc).lower()
    return any(s in text for s in ("malformed", "not a database", "file is encrypted", "disk image"))


class Store:
    def __init__(self, home: Path | str):
        self.home = Path(home)
        self.home.mkdir(parents=True, exist_ok=True)
        self.path = self.home / DB_NAME
        self.drafts = Drafts(self.home)
        self.recovered_from: Path | None = None   # where a damaged database was moved, if it was
        try:
            self._open()
        except sqlite3.DatabaseError as e:
            if not _is_damaged(e):
                raise
            self._move_aside()
            self._open()

    # ------------------------------------------------------------ opening and migrating

    def _open(self) -> None:
        self.db = sqlite3.connect(self.path, timeout=10.0, isolation_level=None)
        self.db.execute("PRAGMA busy_timeout = 10000")
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA foreign_keys = ON")
        ok = self.db.execute("PRAGMA quick_check").fetchone()[0]
        if ok != "ok":
            self.db.close()
            raise sqlite3.DatabaseError(f"database disk image is malformed ({ok})")
        self._migrate()

    def _move_aside(self) -> None:
        try:
            self.db.close()
        except Exception:
            pass
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.home / f"{DB_NAME}.damaged-{stamp}"
        self.path.replace(target)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                side.replace(Path(str(target) + suffix))
        self.recovered_from = target

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} has schema version {version}, newer than this jaxtutor "
                             f"({SCHEMA_VERSION}): upgrade jaxtutor")
        while version < SCHEMA_VERSION:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                current = self.db.execute("PRAGMA user_version").fetchone()[0]
                if current == version:   # another process may have migrated meanwhile
                    # statement by statement: executescript() would commit our transaction
                    for statement in _statements(MIGRATIONS[version]):
                        self.db.execute(statement)
                    self.db.execute(f"PRAGMA user_version = {version + 1}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            version = self.db.execute("PRAGMA user_version").fetchone()[0]

    @property
    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self.db.close()

    def _tx(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        return self.db.execute(sql, args)

    # ------------------------------------------------------------ exercises

    def _ensure_exercise(self, ex_id: str) -> None:
        self._tx("INSERT OR IGNORE INTO exercise(id) VALUES (?)", (ex_id,))

    def mark_started(self, ex_id: str) -> None:
        self._ensure_exercise(ex_id)
        self._tx("UPDATE exercise SET status = 'started' WHERE id = ? AND status = 'unseen'", (ex_id,))

    def record_attempt(self, result: RunResult, at: float | None = None) -> None:
        """Record one run. Status never goes back from passed; cancelled runs count as attempts
        but do not change the exercise's status."""
        at = time.time() if at is None else at
        failing = [c.name for c in result.failing_checks]
        ex_id = result.exercise
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self._ensure_exercise(ex_id)
            self._tx("INSERT INTO attempt(exercise, at, duration_s, status, failing) VALUES (?,?,?,?,?)",
                     (ex_id, at, result.duration_s, result.status.value, json.dumps(failing, ensure_ascii=False)))
            if result.status == Status.PASSED:
                self._tx("UPDATE exercise SET status = 'passed', first_passed_at = COALESCE(first_passed_at, ?) "
                         "WHERE id = ?", (at, ex_id))
            elif result.status == Status.NOT_ATTEMPTED or result.status == Status.CANCELLED:
                self._tx("UPDATE exercise SET status = 'started' WHERE id = ? AND status = 'unseen'", (ex_id,))
            else:
                self._tx("UPDATE exercise SET status = 'failed' WHERE id = ? AND status != 'passed'", (ex_id,))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def add_time(self, ex_id: str, seconds: float) -> None:
        if seconds <= 0:
            return
        self._ensure_exercise(ex_id)
        self._tx("UPDATE exercise SET time_spent_s = time_spent_s + ? WHERE id = ?", (seconds, ex_id))

    def exercise_status(self, ex_id: str) -> str:
        row = self._tx("SELECT status FROM exercise WHERE id = ?", (ex_id,)).fetchone()
        return row[0] if row else "unseen"

    def statuses(self) -> dict[str, str]:
        return dict(self._tx("SELECT id, status FROM exercise").fetchall())

    def attempts(self, ex_id: str) -> list[Attempt]:
        rows = self._tx("SELECT at, duration_s, status, failing FROM attempt WHERE exercise = ? ORDER BY seq",
                        (ex_id,)).fetchall()
        return [Attempt(at=r[0], duration_s=r[1], status=r[2], failing=json.loads(r[3])) for r in rows]

    def stats(self, ex_id: str) -> ExerciseStats:
        row = self._tx("SELECT status, first_passed_at, gave_up_at, time_spent_s FROM exercise WHERE id = ?",
                       (ex_id,)).fetchone() or ("unseen", None, None, 0.0)
        n = self._tx("SELECT COUNT(*) FROM attempt WHERE exercise = ?", (ex_id,)).fetchone()[0]
        viewed = self._tx("SELECT COUNT(*) FROM solution_view WHERE exercise = ?", (ex_id,)).fetchone()[0]
        return ExerciseStats(id=ex_id, status=row[0], attempts=n, hints_used=self.hints_revealed(ex_id),
                             time_spent_s=row[3], solved_at=row[1], gave_up=row[2] is not None,
                             solution_viewed=viewed > 0)

    # ------------------------------------------------------------ hints and solutions

    def hints_revealed(self, ex_id: str) -> int:
        return self._tx("SELECT COUNT(*) FROM hint WHERE exercise = ?", (ex_id,)).fetchone()[0]

    def reveal_hint(self, ex_id: str, total: int) -> int:
        """Reveal the next hint (if any is left); returns how many are revealed now."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            n = self.hints_revealed(ex_id)
            if n < total:
                self._tx("INSERT INTO hint(exercise, idx, at) VALUES (?,?,?)", (ex_id, n, time.time()))
                n += 1
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return n

    def solution_unlocked(self, ex_id: str) -> bool:
        row = self._tx("SELECT status, gave_up_at FROM exercise WHERE id = ?", (ex_id,)).fetchone()
        return bool(row) and (row[0] == "passed" or row[1] is not None)

    def give_up(self, ex_id: str) -> None:
        self._ensure_exercise(ex_id)
        self._tx("UPDATE exercise SET gave_up_at = COALESCE(gave_up_at, ?) WHERE id = ?", (time.time(), ex_id))

    def record_solution_view(self, ex_id: str) -> None:
        gave_up = self.exercise_status(ex_id) != "passed"
        self._tx("INSERT INTO solution_view(exercise, at, gave_up) VALUES (?,?,?)", (ex_id, time.time(), int(gave_up)))

    def reset_exercise(self, exercise) -> Path | None:
        """Starter back in the draft (old draft backed up); history is kept."""
        return self.drafts.reset(exercise)

    # ------------------------------------------------------------ lessons, quizzes, place

    def mark_read(self, lesson_id: str) -> None:
        self._tx("INSERT OR IGNORE INTO page_read(lesson, at) VALUES (?,?)", (lesson_id, time.time()))

    def lessons_read(self) -> set[str]:
        return {r[0] for r in self._tx("SELECT lesson FROM page_read").fetchall()}

    def record_quiz_answer(self, chapter_id: str, question_id: str, answer: str, correct: bool | None) -> None:
        self._tx("INSERT OR REPLACE INTO quiz_answer(chapter, question, answer, correct, at) VALUES (?,?,?,?,?)",
                 (chapter_id, question_id, answer, None if correct is None else int(correct), time.time()))

    def quiz_answers(self, chapter_id: str) -> dict[str, tuple[str, bool | None]]:
        rows = self._tx("SELECT question, answer, correct FROM quiz_answer WHERE chapter = ?", (chapter_id,)).fetchall()
        return {q: (a, None if c is None else bool(c)) for q, a, c in rows}

    def quiz_score(self, chapter_id: str) -> tuple[int, int]:
        """(correct, answered) for a chapter's quiz."""
        answers = self.quiz_answers(chapter_id)
        return sum(1 for _, c in answers.values() if c), len(answers)

    def set_location(self, kind: str, item_id: str) -> None:
        self.set_setting("location", json.dumps([kind, item_id]))

    def location(self) -> tuple[str, str] | None:
        raw = self.get_setting("location")
        if not raw:
            return None
        kind, item = json.loads(raw)
        return kind, item

    def get_setting(self, key: str, default: str | None = None) -> str | None:
        row = self._tx("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str) -> None:
        self._tx("INSERT OR REPLACE INTO setting(key, value) VALUES (?,?)", (key, value))
