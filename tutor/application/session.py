"""The session: the one door of both front ends (the CLI and the Textual app). Every use case —
reads included — is a method here: open an exercise, save its draft, run the checks and record
the attempt, run a lesson example or the playground, reveal a hint, unlock or give up the
solution, reset, the attempt history, the learner's place and settings, move to the next item,
answer a quiz question, and show the last verdict again. Front ends import neither the store nor
the runner (an import-linter contract in pyproject.toml), and reach neither through the session:
its store and run service are its own, and a draft reaches them as an EditorDraft, whose methods
are use cases too (tutor/application/editor_draft.py).

Rules kept here:
- A draft's "saved text" changes only after a successful write (the storage `Draft`).
- A run checks the file on disk; when the caller passes the editor's text it is saved first, and
  a run whose text cannot be saved is refused (`RunRefused`), never run on an older file; nor is
  the text saved over a change made to the draft outside the app that the editor has not seen
  (`DraftChangedOutside`).
- A verdict is always returned, even when recording it fails (`Verdict.record_error`).
- Checking a file that is the reference solution (up to line endings and trailing white space)
  records "reference": neither a pass nor an unlocked solution. Resetting a draft equal to the
  starter makes no backup.
The quiz and prediction use cases are in tutor/application/answers.py, the learner's place and
settings in tutor/application/places.py, runs and their verdicts in tutor/application/verdicts.py.
The session never imports jax: runs go through its run service (tutor/application/runs.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tutor.application.answers import Answers
from tutor.application.places import Places
from tutor.application.verdicts import Verdicts
from tutor.storage.drafts import Draft, DraftError, SaveOutcome
from tutor.storage.exercise_records import Attempt, ExerciseStats
from tutor.storage.schema import StoreError

if TYPE_CHECKING:
    from tutor.application.editor_draft import DraftOpening, EditorDraft, OutsideEdit, WatchTargets
    from tutor.application.outcomes import (
        DraftChangedOutside,
        HintReveal,
        OpenedExercise,
        PredictionAnswer,
        QuizAnswer,
        ResetOutcome,
        RunRefused,
        SolutionLocked,
    )
    from tutor.application.runs import (
        CheckBegan,
        CheckEnded,
        Output,
        RunBegan,
        RunnerLike,
        RunService,
        RunUpdate,
        Snippet,
        Verdict,
        cancelled_verdict,
        failed_verdict,
        refused_result,
    )
    from tutor.course.loader import Course
    from tutor.protocol.result import RunResult
    from tutor.storage.store import Store

# What front ends catch or name, from the one door.
__all__ = [
    "Attempt",
    "CheckBegan",
    "CheckEnded",
    "DraftChangedOutside",
    "DraftError",
    "DraftOpening",
    "EditorDraft",
    "ExerciseStats",
    "HintReveal",
    "OpenedExercise",
    "Output",
    "OutsideEdit",
    "PredictionAnswer",
    "QuizAnswer",
    "ResetOutcome",
    "RunBegan",
    "RunRefused",
    "RunService",
    "RunUpdate",
    "RunnerLike",
    "SaveOutcome",
    "Session",
    "Snippet",
    "SolutionLocked",
    "StoreError",
    "Verdict",
    "WatchTargets",
    "cancelled_verdict",
    "failed_verdict",
    "open_session",
    "playground_with_example",
    "refused_result",
]

# The outcome and run names load with their first use, not with the session: `jaxtutor list`
# opens a session but runs and answers nothing, and these modules are a twentieth of its time.
_LATER = {
    **dict.fromkeys(
        ["DraftOpening", "EditorDraft", "OutsideEdit", "WatchTargets"],
        "tutor.application.editor_draft",
    ),
    **dict.fromkeys(
        ["HintReveal", "OpenedExercise", "PredictionAnswer", "QuizAnswer", "ResetOutcome"]
        + ["DraftChangedOutside", "RunRefused", "SolutionLocked"],
        "tutor.application.outcomes",
    ),
    **dict.fromkeys(
        ["Output", "RunnerLike", "RunService", "RunUpdate", "Snippet", "Verdict"]
        + ["CheckBegan", "CheckEnded", "RunBegan", "cancelled_verdict", "failed_verdict"]
        + ["refused_result"],
        "tutor.application.runs",
    ),
}


def __getattr__(name: str):
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_LATER[name]), name)


def open_session(
    home: Path | str,
    *,
    course: Course | None = None,
    lang: str | None = None,
    runs: RunService | None = None,
    read_only: bool = False,
) -> Session:
    """The session over the store in `home` (raises StoreError: e.g. a home that cannot be
    written; `read_only` opens it for reading only)."""
    from tutor.storage.store import Store

    if course is None:
        from tutor.course.loader import load_course

        course = load_course()
    store = Store(home, read_only=read_only)
    return Session(course, store, runs=runs, lang=lang)


def playground_with_example(text: str, code: str, heading: str) -> tuple[str, int]:
    """The playground's text once a lesson example is opened in it, and the 0-based line where
    the example starts; nothing the learner wrote is removed (tutor/storage/playground.py)."""
    from tutor.storage.playground import with_example

    return with_example(text, code, heading)


class Session(Answers, Places, Verdicts):
    """The learner's session over one course, one store and one run service; `lang` travels to
    the worker with each job."""

    def __init__(
        self,
        course: Course,
        store: Store,
        *,
        runs: RunService | None = None,
        lang: str | None = None,
    ):
        # the store and the run service are the session's own: front ends ask the session
        # (tests/test_structure.py keeps them from reaching either)
        self.course, self._store, self.lang = course, store, lang
        self._run_service = runs
        self._draft_files: dict[str, Draft] = {}  # the exercises' drafts, one object per file
        self._editors: dict[tuple[str, str], EditorDraft] = {}  # ("exercise" | "playground", id)

    @property
    def _runs(self) -> RunService:
        """The run service given, or one made at the first run (`jaxtutor list` runs nothing)."""
        if self._run_service is None:
            from tutor.application.runs import RunService

            self._run_service = RunService()
        return self._run_service

    def close(self) -> None:
        """End the runs' worker, if a run started one, and close the store."""
        if self._run_service is not None:
            self._run_service.close()
        self._store.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def switch_language(self, lang: str) -> Course:
        """The course in `lang` from now on, remembered as the learner's language; drafts, runs
        and records are left as they are (they do not depend on the language). Returns the
        course, whose texts the front end shows again. Raises ValueError for no language."""
        from tutor.application.language import SETTING
        from tutor.course.languages import LANGS
        from tutor.course.loader import load_course

        if lang not in LANGS:
            raise ValueError(f"no language {lang!r}: {', '.join(LANGS)}")
        self.course = load_course(self.course.root, lang=lang)
        self.lang = lang
        for draft in self._draft_files.values():  # a missing draft starts from this starter
            draft.exercise = self.course.exercise(draft.exercise.id)
        self._store.set_setting(SETTING, lang)
        return self.course

    @property
    def recovered_from(self) -> Path | None:
        """Where a damaged database was moved aside when this session opened, if it was."""
        return self._store.recovered_from

    @property
    def salvaged_rows(self) -> int:
        return self._store.salvaged_rows

    @property
    def moved_aside(self) -> list[Path]:
        """Drafts kept in work/backup/ when this session opened, because the new name of their
        renumbered exercise was taken."""
        return list(self._store.moved_aside)

    # ------------------------------------------------------------ exercises

    def _draft_file(self, ex_id: str) -> Draft:
        """The one storage Draft of an exercise in this session (its editor's and its runs')."""
        ex = self.course.exercise(ex_id)
        if ex.id not in self._draft_files:
            self._draft_files[ex.id] = Draft(self._store.drafts, ex)
        return self._draft_files[ex.id]

    def draft(self, ex_id: str) -> EditorDraft:
        """The exercise's draft as an editor keeps it in step with its file (one per exercise in
        this session): tutor/application/editor_draft.py."""
        key = ("exercise", self.course.exercise(ex_id).id)
        if key not in self._editors:
            from tutor.application.editor_draft import EditorDraft

            self._editors[key] = EditorDraft(self._draft_file(ex_id))
        return self._editors[key]

    def watch_targets(self, ex_id: str, file: Path | str | None = None) -> WatchTargets:
        """What to watch for saves of `file`, or else of the exercise's draft (`watch`)."""
        from tutor.application.editor_draft import WatchTargets

        return WatchTargets.of(file if file is not None else self.draft_path(ex_id))

    def ensure_draft(self, ex_id: str) -> tuple[Path, bool]:
        """The draft's path, created from the starter if missing; True when it was just created.
        Raises DraftError."""
        ex = self.course.exercise(ex_id)
        existed = self._store.drafts.exists(ex.id)
        return self._store.drafts.ensure(ex), not existed

    def draft_path(self, ex_id: str) -> Path:
        return self._store.drafts.path(self.course.exercise(ex_id).id)

    def open_exercise(self, ex_id: str, *, record: bool = True) -> OpenedExercise:
        """Ensure the draft, remember the place; everything a workspace shows on opening. With
        `record=False` the store write is left to the caller's `record_open` (a screen defers it
        until after its first frame). Raises UnknownId; store problems raise StoreError."""
        from tutor.application.outcomes import OpenedExercise

        ex = self.course.exercise(ex_id)
        draft = self.draft(ex_id)
        opening = draft.opening()
        if record:
            self.record_open(ex.id)
        return OpenedExercise(
            exercise=ex,
            chapter=self.course.chapter_by_id[ex.chapter_id],
            draft=draft,
            text=opening.text,
            read_error=opening.read_error,
            status=self._store.exercise_status(ex.id),
            hints_revealed=self._store.hints_revealed(ex.id),
            solution_unlocked=self._store.solution_unlocked(ex.id),
            last=self.last_verdict(ex.id),
        )

    def record_open(self, ex_id: str) -> None:
        """The store write of opening an exercise: the learner's place. Opening alone does not
        start it: an edit (`record_edit`) or a run does."""
        self._store.set_location("exercise", self.course.exercise(ex_id).id)

    def record_edit(self, ex_id: str) -> str:
        """The learner changed the draft: what an edit does to the status (progress.EDIT_RULE:
        an unseen exercise is started, in progress). Returns the exercise's status after it."""
        from tutor.application.progress import EDIT_RULE

        return self._store.record_edit(self.course.exercise(ex_id).id, EDIT_RULE)

    def last_verdict(self, ex_id: str) -> RunResult | None:
        """The last recorded result of the exercise, or None (never run, or unreadable)."""
        doc = self._store.last_result(ex_id)
        if doc is None:
            return None
        from tutor.protocol.result import RunResult

        try:
            return RunResult.from_dict(doc)
        except (KeyError, TypeError, ValueError):
            return None

    def attempts(self, ex_id: str) -> list[Attempt]:
        """The exercise's recorded runs, oldest first (the history table)."""
        return self._store.attempts(self.course.exercise(ex_id).id)

    def stats(self, ex_id: str) -> ExerciseStats:
        return self._store.stats(self.course.exercise(ex_id).id)

    def add_time(self, ex_id: str, seconds: float) -> None:
        """Time the learner spent in the exercise's workspace."""
        self._store.add_time(self.course.exercise(ex_id).id, seconds)

    # ------------------------------------------------------------ hints and the solution

    def reveal_hint(self, ex_id: str) -> HintReveal:
        from tutor.application.outcomes import HintReveal

        ex = self.course.exercise(ex_id)
        before = self._store.hints_revealed(ex.id)
        n = self._store.reveal_hint(ex.id, len(ex.hints))
        return HintReveal(revealed=list(ex.hints[:n]), total=len(ex.hints), new=n > before)

    def hints(self, ex_id: str) -> list[str]:
        ex = self.course.exercise(ex_id)
        return list(ex.hints[: self._store.hints_revealed(ex.id)])

    def solution_unlocked(self, ex_id: str) -> bool:
        return self._store.solution_unlocked(self.course.exercise(ex_id).id)

    def give_up(self, ex_id: str) -> None:
        """Unlock the solution without a pass (the front end has confirmed it)."""
        self._store.give_up(self.course.exercise(ex_id).id)

    def view_solution(self, ex_id: str) -> str:
        """The solution's source, recording the view. Raises SolutionLocked."""
        from tutor.application.outcomes import SolutionLocked

        ex = self.course.exercise(ex_id)
        if not self._store.solution_unlocked(ex.id):
            raise SolutionLocked(ex.id)
        from tutor.application.progress import viewed_after_giving_up

        self._store.record_solution_view(ex.id, viewed_after_giving_up)
        return ex.solution

    # ------------------------------------------------------------ reset

    def reset(self, ex_id: str) -> ResetOutcome:
        """The starter back in the draft; the old draft is backed up unless it equals the
        starter. Raises DraftError."""
        from tutor.application.outcomes import ResetOutcome

        ex = self.course.exercise(ex_id)
        backup = self._store.drafts.reset(ex)
        self._draft_file(ex_id).adopt(ex.starter)
        return ResetOutcome(backup)

    # ------------------------------------------------------------ the playground

    def playground_draft(self, chapter_id: str) -> EditorDraft:
        """The chapter's playground file as an editor keeps it, like an exercise's draft (one
        per chapter in this session; tutor/storage/playground.py)."""
        key = ("playground", self.course.chapter_by_id[chapter_id].id)
        if key not in self._editors:
            from tutor.application.editor_draft import EditorDraft
            from tutor.storage.playground import playground_draft

            self._editors[key] = EditorDraft(playground_draft(self._store.home, key[1]))
        return self._editors[key]
