"""The progress store: one SQLite database in the learner's home holding per-exercise status,
every attempt, the last result document, hints revealed, solutions viewed, pages read, quiz
answers and where the learner last was, beside the drafts folder of the same home. Versioned
schema with migrations (tutor/storage/schema.py).

A Store is its parts, each the methods of its own tables over the one connection that
tutor/storage/database.py opens (with its handling of read-only, locked and damaged homes):
exercise_records.py (status, attempts, hints, solutions), answers.py (quiz answers,
predictions), places.py (pages read, the learner's place, settings)."""

from __future__ import annotations

from pathlib import Path

from tutor.storage.answers import AnswerRecords
from tutor.storage.drafts import Drafts
from tutor.storage.exercise_records import ExerciseRecords
from tutor.storage.places import PlaceRecords


class Store(ExerciseRecords, AnswerRecords, PlaceRecords):
    def __init__(self, home: Path | str, *, timeout: float | None = None, read_only: bool = False):
        """The database of `home` (tutor.storage.database.Database: opening, `read_only`) and
        its drafts folder (where the drafts not moved to renamed ids yet are read from)."""
        super().__init__(home, timeout=timeout, read_only=read_only)
        self.drafts = Drafts(Path(home), where=self.unmoved)
