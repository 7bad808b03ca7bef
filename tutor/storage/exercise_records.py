"""What the store keeps of each exercise: its status, every attempt (the status of each run and
the checks that failed), the last result document, time spent, hints revealed, giving up and
solutions viewed."""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tutor.storage.database import Database, guarded

if TYPE_CHECKING:  # reading commands (list, progress) need no result model
    from collections.abc import Callable

    from tutor.protocol.result import RunResult


class StatusRule(Protocol):
    """What the store needs to change an exercise's status: the shape of the rules of
    tutor.application.progress (EditRule, AttemptRule). The status rules live there, beside the
    one status table; the store applies what it is given, inside its write."""

    def after(self, stored: str) -> str: ...


class RecordingRule(StatusRule, Protocol):
    """What the store needs to record a run (tutor.application.progress.AttemptRule): also the
    attempt's own status."""

    @property
    def status(self) -> str: ...

    @property
    def counted(self) -> bool: ...


@dataclass
class Attempt:
    """One recorded run of an exercise."""

    at: float
    duration_s: float
    status: str  # a run status, or "reference" (the reference solution was checked)
    failing: list[str]
    unchanged: bool = False  # the same file as the attempt before: shown, not counted


@dataclass
class ExerciseStats:
    """What the store holds about one exercise, for the progress views."""

    id: str
    status: str  # unseen | started | failed | passed
    attempts: int
    hints_used: int
    time_spent_s: float
    solved_at: float | None
    gave_up: bool


def _number[D: (float, None)](value: object, default: D) -> float | D:
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


class ExerciseRecords(Database):
    @guarded
    def record_edit(self, ex_id: str, rule: StatusRule) -> str:
        """The learner edited the draft: `rule` (tutor.application.progress.EDIT_RULE) applied to
        the stored status in one write. Returns the exercise's status after it."""
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO exercise(id) VALUES (?)", (ex_id,))
            (stored,) = db.execute("SELECT status FROM exercise WHERE id = ?", (ex_id,)).fetchone()
            status = rule.after(stored)
            if status != stored:
                db.execute("UPDATE exercise SET status = ? WHERE id = ?", (status, ex_id))
        return status

    @guarded
    def record_attempt(
        self,
        result: RunResult,
        rule: RecordingRule,
        at: float | None = None,
        *,
        source: str | None = None,
    ) -> str:
        """Record one run with its `rule` (tutor.application.progress.attempt_rule: the
        attempt's status and the exercise's status after it) and keep its result document as the
        exercise's last verdict. Returns the exercise's status after it. `source` (the checked
        file's digest) equal to the last attempt's, or a rule that does not count the run, marks
        the attempt "unchanged": shown, not counted."""
        at = time.time() if at is None else at
        ex_id = result.exercise
        failing = json.dumps([c.name for c in result.failing_checks], ensure_ascii=False)
        reference = rule.status == "reference"
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO exercise(id) VALUES (?)", (ex_id,))
            stored, first_passed_at = db.execute(
                "SELECT status, first_passed_at FROM exercise WHERE id = ?", (ex_id,)
            ).fetchone()
            status = rule.after(stored)
            if status == "passed" and first_passed_at is None:  # when it was solved
                first_passed_at = at
            last = db.execute(
                "SELECT source FROM attempt WHERE exercise = ? ORDER BY seq DESC LIMIT 1", (ex_id,)
            ).fetchone()
            same_file = source is not None and last is not None and last[0] == source
            unchanged = same_file or not rule.counted
            db.execute(
                "INSERT INTO attempt(exercise, at, duration_s, status, failing, source, unchanged)"
                " VALUES (?,?,?,?,?,?,?)",
                (ex_id, at, result.duration_s, rule.status, failing, source, int(unchanged)),
            )
            db.execute(
                "INSERT OR REPLACE INTO last_result(exercise, at, reference, doc) VALUES (?,?,?,?)",
                (ex_id, at, int(reference), json.dumps(result.to_dict(), ensure_ascii=False)),
            )
            db.execute(
                "UPDATE exercise SET status = ?, first_passed_at = ? WHERE id = ?",
                (status, first_passed_at, ex_id),
            )
        return status

    @guarded
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

    @guarded
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

    @guarded
    def exercise_status(self, ex_id: str) -> str:
        row = self.db.execute("SELECT status FROM exercise WHERE id = ?", (ex_id,)).fetchone()
        return row[0] if row else "unseen"

    @guarded
    def statuses(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT id, status FROM exercise").fetchall())

    @guarded
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

    @guarded
    def stats(self, ex_id: str) -> ExerciseStats:
        row = self.db.execute(
            "SELECT status, first_passed_at, gave_up_at, time_spent_s FROM exercise WHERE id = ?",
            (ex_id,),
        ).fetchone() or ("unseen", None, None, 0.0)
        n = self.db.execute(  # a run of an unchanged file is not a new attempt
            "SELECT COUNT(*) FROM attempt WHERE exercise = ? AND unchanged = 0", (ex_id,)
        ).fetchone()[0]
        return ExerciseStats(
            id=ex_id,
            status=str(row[0]),
            attempts=n,
            hints_used=self.hints_revealed(ex_id),
            time_spent_s=_number(row[3], 0.0),
            solved_at=_number(row[1], None),
            gave_up=row[2] is not None,
        )

    # ------------------------------------------------------------ hints and solutions

    @guarded
    def hints_revealed(self, ex_id: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM hint WHERE exercise = ?", (ex_id,)).fetchone()[
            0
        ]

    @guarded
    def reveal_hint(self, ex_id: str, total: int) -> int:
        """Reveal the next hint (if any is left); returns how many are revealed now."""
        with self._transaction() as db:
            n = db.execute("SELECT COUNT(*) FROM hint WHERE exercise = ?", (ex_id,)).fetchone()[0]
            if n < total:
                db.execute(
                    "INSERT INTO hint(exercise, idx, at) VALUES (?,?,?)", (ex_id, n, time.time())
                )
                n += 1
        return n

    @guarded
    def solution_unlocked(self, ex_id: str) -> bool:
        row = self.db.execute(
            "SELECT status, gave_up_at FROM exercise WHERE id = ?", (ex_id,)
        ).fetchone()
        return bool(row) and (row[0] == "passed" or row[1] is not None)

    @guarded
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

    @guarded
    def record_solution_view(self, ex_id: str, after_giving_up: Callable[[str], bool]) -> None:
        """A view of the solution, marked as one after giving up when `after_giving_up`
        (tutor.application.progress.viewed_after_giving_up) says so of the stored status."""
        with self._transaction() as db:
            row = db.execute("SELECT status FROM exercise WHERE id = ?", (ex_id,)).fetchone()
            gave_up = after_giving_up(row[0] if row else "unseen")
            db.execute(
                "INSERT INTO solution_view(exercise, at, gave_up) VALUES (?,?,?)",
                (ex_id, time.time(), int(gave_up)),
            )
