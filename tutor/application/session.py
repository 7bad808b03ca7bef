"""The session: the one door of both front ends (the CLI and the Textual app). Every use case —
reads included — is a method here: open an exercise, save its draft, run the checks and record
the attempt, run a lesson example or the playground, reveal a hint, unlock or give up the
solution, reset, the attempt history, the learner's place and settings, move to the next item,
answer a quiz question, and show the last verdict again. Front ends import neither the store nor
the runner (an import-linter contract in pyproject.toml).

Rules kept here:
- A draft's "saved text" changes only after a successful write (`Draft.save`).
- A run checks the file on disk; when the caller passes the editor's text it is saved first, and
  a run whose text cannot be saved is refused (`RunRefused`), never run on an older file.
- A verdict is always returned, even when recording it fails (`Verdict.record_error`).
- Checking a file byte-identical to the reference solution records "reference": neither a pass
  nor an unlocked solution. Resetting a draft equal to the starter makes no backup.
The quiz and prediction use cases are in tutor/application/answers.py, the learner's place and
settings in tutor/application/places.py. The session never imports
jax: runs go through its run service (tutor/application/runs.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.application.answers import Answers
from tutor.application.outcomes import (
    HintReveal,
    OpenedExercise,
    PredictionAnswer,
    QuizAnswer,
    ResetOutcome,
    RunRefused,
    SolutionLocked,
)
from tutor.application.places import Places
from tutor.application.progress import attempt_rule
from tutor.application.runs import (
    Listener,
    Output,
    RunControl,
    RunnerLike,
    RunService,
    RunUpdate,
    Snippet,
    Verdict,
    WorkerUnavailable,
)
from tutor.storage.drafts import Draft, DraftError, SaveOutcome, decode_source, read_head
from tutor.storage.exercise_records import Attempt, ExerciseStats
from tutor.storage.schema import StoreError

if TYPE_CHECKING:
    from tutor.course.loader import Course
    from tutor.protocol.events import Job
    from tutor.protocol.result import RunResult
    from tutor.storage.store import Store

# What front ends catch or name, from the one door.
__all__ = [
    "Attempt",
    "Draft",
    "DraftError",
    "ExerciseStats",
    "HintReveal",
    "OpenedExercise",
    "Output",
    "PredictionAnswer",
    "QuizAnswer",
    "ResetOutcome",
    "RunControl",
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
    "open_session",
    "playground_with_example",
    "read_head",
]

PLAYGROUND_TIME_LIMIT_S = 120.0  # the longest a lesson example may take (its `timeout=`) is 120 s


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
    return Session(course, store, runs=runs or RunService(), lang=lang)


def playground_with_example(text: str, code: str, heading: str) -> tuple[str, int]:
    """The playground's text once a lesson example is opened in it, and the 0-based line where
    the example starts; nothing the learner wrote is removed (tutor/storage/playground.py)."""
    from tutor.storage.playground import with_example

    return with_example(text, code, heading)


@dataclass
class Session(Answers, Places):
    """The learner's session over one course, one store and one run service; `lang` travels to
    the worker with each job."""

    course: Course
    store: Store
    runs: RunService = field(default_factory=RunService)
    lang: str | None = None
    _drafts: dict[str, Draft] = field(default_factory=dict, repr=False)

    def close(self) -> None:
        """End the runs' worker and close the store."""
        self.runs.close()
        self.store.close()

    @property
    def recovered_from(self) -> Path | None:
        """Where a damaged database was moved aside when this session opened, if it was."""
        return self.store.recovered_from

    @property
    def salvaged_rows(self) -> int:
        return self.store.salvaged_rows

    # ------------------------------------------------------------ exercises

    def draft(self, ex_id: str) -> Draft:
        """The one Draft object of an exercise in this session."""
        if ex_id not in self._drafts:
            self._drafts[ex_id] = Draft(self.store.drafts, self.course.exercise(ex_id))
        return self._drafts[ex_id]

    def ensure_draft(self, ex_id: str) -> tuple[Path, bool]:
        """The draft's path, created from the starter if missing; True when it was just created.
        Raises DraftError."""
        ex = self.course.exercise(ex_id)
        existed = self.store.drafts.exists(ex.id)
        return self.store.drafts.ensure(ex), not existed

    def draft_path(self, ex_id: str) -> Path:
        return self.store.drafts.path(self.course.exercise(ex_id).id)

    def open_exercise(self, ex_id: str, *, record: bool = True) -> OpenedExercise:
        """Ensure the draft, remember the place; everything a workspace shows on opening. With
        `record=False` the store write is left to the caller's `record_open` (a screen defers it
        until after its first frame). Raises UnknownId; store problems raise StoreError."""
        ex = self.course.exercise(ex_id)
        draft = self.draft(ex_id)
        text, error = None, None
        try:
            text = draft.read()
        except DraftError as e:
            error = e
        if record:
            self.record_open(ex.id)
        return OpenedExercise(
            exercise=ex,
            chapter=self.course.chapter_by_id[ex.chapter_id],
            draft=draft,
            text=text,
            read_error=error,
            status=self.store.exercise_status(ex.id),
            hints_revealed=self.store.hints_revealed(ex.id),
            solution_unlocked=self.store.solution_unlocked(ex.id),
            last=self.last_verdict(ex.id),
        )

    def record_open(self, ex_id: str) -> None:
        """The store write of opening an exercise: the learner's place. Opening alone does not
        start it: an edit (`record_edit`) or a run does."""
        self.store.set_location("exercise", self.course.exercise(ex_id).id)

    def record_edit(self, ex_id: str) -> None:
        """The learner changed the draft: the exercise is started (进行中) unless it is further."""
        self.store.mark_started(self.course.exercise(ex_id).id)

    def last_verdict(self, ex_id: str) -> RunResult | None:
        """The last recorded result of the exercise, or None (never run, or unreadable)."""
        doc = self.store.last_result(ex_id)
        if doc is None:
            return None
        from tutor.protocol.result import RunResult

        try:
            return RunResult.from_dict(doc)
        except (KeyError, TypeError, ValueError):
            return None

    def attempts(self, ex_id: str) -> list[Attempt]:
        """The exercise's recorded runs, oldest first (the history table)."""
        return self.store.attempts(self.course.exercise(ex_id).id)

    def stats(self, ex_id: str) -> ExerciseStats:
        return self.store.stats(self.course.exercise(ex_id).id)

    def add_time(self, ex_id: str, seconds: float) -> None:
        """Time the learner spent in the exercise's workspace."""
        self.store.add_time(self.course.exercise(ex_id).id, seconds)

    # ------------------------------------------------------------ running

    def prepare(
        self,
        ex_id: str,
        *,
        text: str | None = None,
        file: Path | str | None = None,
        timeout: float | None = None,
    ) -> tuple[Job, Path, bool]:
        """The job for a run, the file it checks and whether that file is the reference
        solution. With `text` (an editor's content) the draft is saved first; with `file`, that
        file is checked; else the draft (created from the starter if missing). Raises RunRefused
        when the text cannot be saved or the file cannot be read as UTF-8."""
        from tutor.protocol.events import exercise_job

        ex = self.course.exercise(ex_id)
        if file is not None:
            path = Path(file)
        else:
            draft = self.draft(ex_id)
            if text is not None:
                saved = draft.save(text)
                if not saved.ok:
                    raise RunRefused(saved.reason or "", saved.error)
            else:
                try:
                    self.store.drafts.ensure(ex)
                except DraftError as e:
                    raise RunRefused(str(e), e) from None
            path = draft.path
        try:
            data = path.read_bytes()
            decode_source(data, path)
        except DraftError as e:
            raise RunRefused(str(e), e) from None
        except OSError as e:
            from tutor.storage.drafts import DraftReadError

            err = DraftReadError(path, e)
            raise RunRefused(str(err), err) from None
        reference = data == ex.solution_path.read_bytes()
        try:
            job = exercise_job(
                ex,
                path,
                self.course.chapter_of(ex.id).context_path,
                time_limit=timeout,
                lang=self.lang,
            )
        except ValueError as e:  # a time limit no run can honour
            raise RunRefused(str(e)) from None
        return job, path, reference

    def run(
        self,
        ex_id: str,
        *,
        text: str | None = None,
        file: Path | str | None = None,
        timeout: float | None = None,
        listener: Listener | None = None,
        control: RunControl | None = None,
    ) -> Verdict:
        """Prepare, run through the run service (blocking: call it off the UI thread) and
        record. `control` cancels the run. Raises RunRefused before running; never raises for a
        recording problem (see Verdict.record_error)."""
        job, path, reference = self.prepare(ex_id, text=text, file=file, timeout=timeout)
        source = _digest(path)  # the file as the worker will read it
        try:
            result = self.runs.run(job, listener=listener, control=control)
        except WorkerUnavailable as e:  # a verdict that says so, not an attempt
            return Verdict(result=e.result, file=path, reference=reference)
        return self.record(result, path, reference=reference, source=source)

    def time_limit(self, ex_id: str) -> float:
        """The wall-clock limit of the exercise's runs, in seconds."""
        return self.course.exercise(ex_id).time_limit

    def record(
        self, result: RunResult, file: Path, *, reference: bool = False, source: str | None = None
    ) -> Verdict:
        """Record a finished run: the one place a verdict is annotated (reference, recorded).
        A recording failure becomes `record_error`, not an exception. `source` (the checked
        file's digest) equal to the last attempt's: a run of an unchanged file, shown in the
        history but not counted as an attempt (a `check` or `watch` start)."""
        verdict = Verdict(result=result, file=Path(file), reference=reference)
        try:
            rule = attempt_rule(result.status, reference=reference)
            verdict.first_pass = self.store.record_attempt(result, rule, source=source)
            verdict.recorded = True
        except StoreError as e:
            verdict.record_error = str(e)
        return verdict

    def run_snippet(
        self,
        snippet: Snippet,
        *,
        listener: Listener | None = None,
        control: RunControl | None = None,
    ) -> Verdict:
        """A lesson example, a quiz verification or the playground: run, nothing recorded."""
        return self.runs.snippet(snippet, lang=self.lang, listener=listener, control=control)

    def warm(self, context: Path | str | None = None) -> None:
        """Have a worker for this chapter context ready (blocking: call it off the UI thread)."""
        self.runs.warm(context)

    # ------------------------------------------------------------ hints and the solution

    def reveal_hint(self, ex_id: str) -> HintReveal:
        ex = self.course.exercise(ex_id)
        before = self.store.hints_revealed(ex.id)
        n = self.store.reveal_hint(ex.id, len(ex.hints))
        return HintReveal(revealed=list(ex.hints[:n]), total=len(ex.hints), new=n > before)

    def hints(self, ex_id: str) -> list[str]:
        ex = self.course.exercise(ex_id)
        return list(ex.hints[: self.store.hints_revealed(ex.id)])

    def solution_unlocked(self, ex_id: str) -> bool:
        return self.store.solution_unlocked(self.course.exercise(ex_id).id)

    def give_up(self, ex_id: str) -> None:
        """Unlock the solution without a pass (the front end has confirmed it)."""
        self.store.give_up(self.course.exercise(ex_id).id)

    def view_solution(self, ex_id: str) -> str:
        """The solution's source, recording the view. Raises SolutionLocked."""
        ex = self.course.exercise(ex_id)
        if not self.store.solution_unlocked(ex.id):
            raise SolutionLocked(ex.id)
        self.store.record_solution_view(ex.id)
        return ex.solution

    # ------------------------------------------------------------ reset

    def reset(self, ex_id: str) -> ResetOutcome:
        """The starter back in the draft; the old draft is backed up unless it equals the
        starter. Raises DraftError."""
        ex = self.course.exercise(ex_id)
        backup = self.store.drafts.reset(ex)
        self.draft(ex_id).adopt(ex.starter)
        return ResetOutcome(backup)

    # ------------------------------------------------------------ the playground

    def playground_draft(self, chapter_id: str) -> Draft:
        """The chapter's playground file as an editor sees it (tutor/storage/playground.py)."""
        from tutor.storage.playground import playground_draft

        return playground_draft(self.store.home, self.course.chapter_by_id[chapter_id].id)

    def playground_snippet(self, chapter_id: str, code: str) -> Snippet:
        """The playground's code as a run: the chapter context first, its own file name in
        tracebacks, the longest limit an example may have; run it with `run_snippet`."""
        from tutor.storage.playground import display_name

        return Snippet(
            code,
            label=f"playground {chapter_id}",
            time_limit=PLAYGROUND_TIME_LIMIT_S,
            context=self.course.chapter_by_id[chapter_id].context_path,
            filename=display_name(chapter_id),
        )


def _digest(path: Path) -> str | None:
    import hashlib

    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
