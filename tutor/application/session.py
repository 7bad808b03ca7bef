"""The use cases both front ends call (the CLI and the Textual app), with their rules in one
place: open an exercise, save its draft, run the checks and record the attempt, reveal a hint,
unlock or give up the solution, reset, move to the next item, answer a quiz question, and show
the last verdict again.

Rules kept here:
- A draft's "saved text" changes only after a successful write (`Draft.save`).
- A run checks the file on disk; when the caller passes the editor's text it is saved first, and
  a run whose text cannot be saved is refused (`RunRefused`), never run on an older file.
- A verdict is always returned, even when recording it fails (`Verdict.record_error`).
- Checking a file byte-identical to the reference solution records "reference": neither a pass
  nor an unlocked solution. Resetting a draft equal to the starter makes no backup.
- The first answer to a quiz question counts; later answers are practice.
The session never imports jax; the runner is a parameter (see `RunnerLike`). `Draft` and
`SaveOutcome` live in tutor.storage.drafts and are re-exported here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tutor.application.progress import Item, Progress, course_items
from tutor.protocol.result import RunResult, Status
from tutor.storage.drafts import Draft, DraftError, SaveOutcome, decode_source
from tutor.storage.store import StoreError
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.course.loader import Chapter, Course, Exercise
    from tutor.course.predictions import Prediction
    from tutor.protocol.events import Event
    from tutor.running.runner import Job
    from tutor.storage.store import Store


# ---------------------------------------------------------------- what the session needs from a runner


class RunLike(Protocol):
    """One started run (tutor.running.runner.Run)."""

    def cancel(self) -> None: ...
    def wait(self, timeout: float | None = None) -> RunResult | None: ...


class RunnerLike(Protocol):
    """What the session needs from a runner (tutor.running.runner.Runner); tests' fakes implement it."""

    def start(
        self,
        job: Job,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> RunLike: ...


# ---------------------------------------------------------------- outcomes


class RunRefused(Exception):
    """The run was not started: the text to check could not be saved or read, or the time limit
    is impossible. `reason` is a sentence in the learner's language; `cause` the DraftError."""

    def __init__(self, reason: str, cause: DraftError | None = None):
        super().__init__(reason)
        self.reason, self.cause = reason, cause


class SolutionLocked(Exception):
    """The solution is asked for before a pass and without giving up."""


@dataclass
class Verdict:
    """What a run produced, and what became of recording it."""

    result: RunResult
    file: Path  # the file that was checked
    reference: bool = False  # the file is the reference solution, byte for byte
    recorded: bool = False
    record_error: str | None = None  # why the attempt could not be recorded, if it could not
    first_pass: bool = False  # this run is the exercise's first recorded pass

    @property
    def passed(self) -> bool:
        return self.result.status == Status.PASSED


@dataclass
class OpenedExercise:
    exercise: Exercise
    chapter: Chapter
    draft: Draft
    text: str | None  # the draft's text; None when it cannot be read
    read_error: DraftError | None  # why it cannot be read (e.g. not UTF-8): show read-only
    status: str  # unseen | started | failed | passed
    hints_revealed: int
    solution_unlocked: bool
    last: RunResult | None  # the last verdict, to show again on reopening


@dataclass
class HintReveal:
    revealed: list[str]  # every hint revealed so far, in order
    total: int
    new: bool  # False when all were already revealed

    @property
    def count(self) -> int:
        return len(self.revealed)


@dataclass
class QuizAnswer:
    correct: bool | None  # this answer; None for an open question not yet marked
    counted: bool  # True for the first answer to the question
    first_answer: str  # the answer that counts
    first_correct: bool | None
    score: tuple[int, int] = (0, 0)  # (correct, answered) of the chapter's quiz, first answers


@dataclass
class PredictionAnswer:
    prediction: Prediction
    correct: bool
    counted: bool  # the first prediction for this block counts; later ones are practice


@dataclass
class ResetOutcome:
    backup: Path | None  # None: there was nothing to keep (no draft, or the starter)


# ---------------------------------------------------------------- the session


@dataclass
class Session:
    """The learner's session over one course and one store. `runner` may be given later, per
    call (the app creates its runner lazily); `lang` travels to the worker with each job."""

    course: Course
    store: Store
    runner: RunnerLike | None = None
    lang: str | None = None
    _drafts: dict[str, Draft] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------ exercises

    def draft(self, ex_id: str) -> Draft:
        """The one Draft object of an exercise in this session."""
        if ex_id not in self._drafts:
            self._drafts[ex_id] = Draft(self.store.drafts, self.course.exercise(ex_id))
        return self._drafts[ex_id]

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

    def save_draft(self, ex_id: str, text: str) -> SaveOutcome:
        return self.draft(ex_id).save(text)

    def last_verdict(self, ex_id: str) -> RunResult | None:
        """The last recorded result of the exercise, or None (never run, or unreadable)."""
        doc = self.store.last_result(ex_id)
        if doc is None:
            return None
        try:
            return RunResult.from_dict(doc)
        except (KeyError, TypeError, ValueError):
            return None

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
        from tutor.running.runner import exercise_job

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
        runner: RunnerLike | None = None,
        text: str | None = None,
        file: Path | str | None = None,
        timeout: float | None = None,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
        on_started: Callable[[RunLike], None] | None = None,
    ) -> Verdict:
        """Prepare, run (blocking: call it off the UI thread) and record. `on_started` receives
        the run so the caller can cancel it. Raises RunRefused before running; never raises
        for a recording problem (see Verdict.record_error)."""
        job, path, reference = self.prepare(ex_id, text=text, file=file, timeout=timeout)
        source = _digest(path)  # the file as the worker will read it
        runner = runner or self.runner
        if runner is None:
            raise ValueError("the session has no runner")
        try:
            run = runner.start(job, on_event=on_event, on_output=on_output)
        except Exception as e:  # noqa: BLE001 - no worker: a verdict that says so, not an attempt
            result = RunResult(
                exercise=ex_id, status=Status.CRASHED, message=t("run.worker_failed", detail=e)
            )
            return Verdict(result=result, file=path, reference=reference)
        if on_started is not None:
            on_started(run)
        return self.record(run.wait(), path, reference=reference, source=source)

    def record(
        self, result: RunResult, file: Path, *, reference: bool = False, source: str | None = None
    ) -> Verdict:
        """Record a finished run. A recording failure becomes `record_error`, not an exception.
        `source` (the checked file's digest) equal to the last attempt's: a run of an unchanged
        file, shown in the history but not counted as an attempt (a `check` or `watch` start)."""
        verdict = Verdict(result=result, file=Path(file), reference=reference)
        try:
            verdict.first_pass = self.store.record_attempt(
                result, reference=reference, source=source
            )
            verdict.recorded = True
        except StoreError as e:
            verdict.record_error = str(e)
        return verdict

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

    # ------------------------------------------------------------ moving on

    def progress(self) -> Progress:
        return Progress(self.course, self.store)

    def _place(self, current: tuple[str, str]) -> tuple[list[Item], int | None]:
        """The course in the map's order and where `current` (kind, id) stands in it; an
        exercise is found under either exercise kind (main or repair)."""
        items = course_items(self.course)
        kind, item_id = current
        for n, item in enumerate(items):
            if item.id == item_id and (
                item.kind == kind or {kind, item.kind} <= {"exercise", "repair"}
            ):
                return items, n
        return items, None

    def next_item(self, current: tuple[str, str]) -> Item | None:
        """The item after `current` on the course map, done or not; None after the last one.
        Every "next" of the app and the CLI goes through here, so that all follow the map."""
        items, n = self._place(current)
        return items[n + 1] if n is not None and n + 1 < len(items) else None

    def previous_item(self, current: tuple[str, str]) -> Item | None:
        """The item before `current` on the course map; None before the first one."""
        items, n = self._place(current)
        return items[n - 1] if n else None

    def continue_item(self) -> Item | None:
        """Where "continue" goes: the first unfinished item from the learner's last place."""
        return self.progress().next_item(self.store.location())

    def visit(self, kind: str, item_id: str) -> None:
        """Remember the learner's place. Opening a lesson page does not make it read: the front
        end calls `read_lesson` once the learner has seen the whole page."""
        self.store.set_location(kind, item_id)

    def read_lesson(self, lesson_id: str) -> None:
        """The learner has seen a lesson page to its end (scrolled or paged through it)."""
        self.store.mark_read(self.course.lesson(lesson_id).id)

    # ------------------------------------------------------------ quizzes

    def answer_choice(self, chapter_id: str, question_id: str, letter: str) -> QuizAnswer:
        """A multiple-choice answer; only the first one per question counts."""
        question = self._question(chapter_id, question_id)
        correct = letter == question.answer
        return self._answer(chapter_id, question_id, letter, correct)

    def predict(self, lesson_id: str, block_line: int, given: str) -> PredictionAnswer:
        """The learner's prediction for a lesson block, before it runs; only the first counts."""
        lesson = self.course.lesson(lesson_id)
        prediction = lesson.predictions[block_line]
        correct = prediction.is_right(given)
        counted = self.store.record_prediction(
            prediction.id, lesson.chapter_id, given.strip(), correct
        )
        return PredictionAnswer(prediction=prediction, correct=correct, counted=counted)

    def mark_open(self, chapter_id: str, question_id: str, right: bool) -> QuizAnswer:
        """The learner's own mark on an open question; only the first one counts."""
        self._question(chapter_id, question_id)
        return self._answer(chapter_id, question_id, "self", right)

    def _question(self, chapter_id: str, question_id: str):
        quiz = self.course.quiz(chapter_id)
        for q in quiz.questions:
            if q.id == question_id:
                return q
        raise KeyError(f"quiz {chapter_id} has no question {question_id!r}")

    def _answer(self, chapter_id: str, question_id: str, answer: str, correct: bool) -> QuizAnswer:
        counted = self.store.record_quiz_answer(chapter_id, question_id, answer, correct)
        first_answer, first_correct = self.store.quiz_answers(chapter_id)[question_id]
        return QuizAnswer(
            correct=correct,
            counted=counted,
            first_answer=first_answer,
            first_correct=first_correct,
            score=self.store.quiz_score(chapter_id),
        )


def _digest(path: Path) -> str | None:
    import hashlib

    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
