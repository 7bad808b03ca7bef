"""What the session's use cases return or raise, apart from a run's verdict
(tutor/application/runs.py): an opened exercise, a hint revealed, a quiz answer, a prediction, a
reset, and the refusals."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.storage.drafts import DraftError
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.application.editor_draft import EditorDraft, OutsideEdit
    from tutor.course.loader import Chapter, Exercise
    from tutor.course.predictions import Prediction
    from tutor.protocol.result import RunResult


class RunRefused(Exception):
    """The run was not started: the text to check could not be saved or read, or the time limit
    is impossible. `reason` is a sentence in the learner's language; `cause` the DraftError."""

    def __init__(self, reason: str, cause: DraftError | None = None):
        super().__init__(reason)
        self.reason, self.cause = reason, cause


class DraftChangedOutside(RunRefused):
    """The run was not started: the draft changed outside the app since the editor last saved
    or loaded it, and saving the editor's text would overwrite that change. `edit` is what
    changed, for the editor to take (EditorDraft's OutsideEdit: reload, or keep both)."""

    def __init__(self, edit: OutsideEdit):
        super().__init__(t("draft.changed_before_run"), edit.error)
        self.edit = edit


class SolutionLocked(Exception):
    """The solution is asked for before a pass and without giving up."""


@dataclass
class OpenedExercise:
    """Everything a workspace shows when an exercise opens."""

    exercise: Exercise
    chapter: Chapter
    draft: EditorDraft
    text: str  # what the editor opens (EditorDraft.opening)
    read_error: DraftError | None  # why it cannot be edited (e.g. not UTF-8): show read-only
    status: str  # unseen | started | failed | passed
    hints_revealed: int
    solution_unlocked: bool
    last: RunResult | None  # the last verdict, to show again on reopening


@dataclass
class HintReveal:
    """The hints shown after one more was asked for."""

    revealed: list[str]  # every hint revealed so far, in order
    total: int
    new: bool  # False when all were already revealed

    @property
    def count(self) -> int:
        return len(self.revealed)


@dataclass
class QuizAnswer:
    """What answering a quiz question did: this answer, and the first answer that counts."""

    correct: bool | None  # this answer; None for an open question not yet marked
    counted: bool  # True for the first answer to the question
    first_answer: str  # the answer that counts
    first_correct: bool | None
    score: tuple[int, int] = (0, 0)  # (correct, answered) of the chapter's quiz, first answers


@dataclass
class PredictionAnswer:
    """What answering a predict-then-run question did."""

    prediction: Prediction
    correct: bool
    counted: bool  # the first prediction for this block counts; later ones are practice


@dataclass
class ResetOutcome:
    """A draft put back to its starter, and where the old text was kept."""

    backup: Path | None  # None: there was nothing to keep (no draft, or the starter)
