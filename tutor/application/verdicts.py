"""The session's runs and their verdicts: `run` prepares an exercise run (the draft saved, the
file read), runs it through the run service and records it (`_record`, the one place a verdict
is annotated); lesson examples, quiz verifications and the playground run without a record.
Mixed into `Session` (tutor/application/session.py), whose course, store, run service and
drafts it uses."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tutor.application.progress import attempt_rule
from tutor.storage.drafts import DraftError, decode_source
from tutor.storage.schema import StoreError

if TYPE_CHECKING:
    from collections.abc import Callable

    from tutor.application.runs import Listener, RunService, Snippet, Verdict
    from tutor.course.loader import Course
    from tutor.protocol.events import Job
    from tutor.protocol.result import RunResult
    from tutor.storage.drafts import Draft
    from tutor.storage.store import Store

PLAYGROUND_TIME_LIMIT_S = 120.0  # the longest a lesson example may take (its `timeout=`) is 120 s


class Verdicts:
    course: Course
    _store: Store
    if TYPE_CHECKING:  # Session's: the run service, made at the first run

        @property
        def _runs(self) -> RunService: ...

    lang: str | None
    _draft_file: Callable[[str], Draft]  # Session._draft_file: the one Draft of an exercise

    def _prepare(
        self,
        ex_id: str,
        *,
        text: str | None = None,
        file: Path | str | None = None,
        timeout: float | None = None,
    ) -> tuple[Job, Path, bool, bool]:
        """The job for a run, the file it checks, whether that file is the reference solution
        and whether it is the starter as given (no attempt of the learner's yet). With `text` (an
        editor's content) the draft is saved first, unless the file changed outside since the
        editor last saved or loaded it: the run is refused (DraftChangedOutside) rather than
        overwrite a change the editor has not seen; the look and the write are one step of the
        draft. With `file`, that file is checked; else the draft (created from the starter if
        missing). Raises RunRefused when the text cannot be saved or the file cannot be read as
        UTF-8."""
        from tutor.application.outcomes import DraftChangedOutside, RunRefused
        from tutor.protocol.events import exercise_job

        ex = self.course.exercise(ex_id)
        if file is not None:
            path = Path(file)
        else:
            draft = self._draft_file(ex_id)
            if text is not None:
                saved = draft.save_if_unchanged(text)
                if saved.refused:
                    from tutor.application.editor_draft import OutsideEdit

                    edit = OutsideEdit(text=saved.outside, error=saved.outside_error)
                    raise DraftChangedOutside(edit)
                if not saved.ok:
                    raise RunRefused(saved.reason or "", saved.error)
            else:
                try:
                    self._store.drafts.ensure(ex)
                except DraftError as e:
                    raise RunRefused(str(e), e) from None
            path = draft.path
        try:
            data = path.read_bytes()
            text = decode_source(data, path)
        except DraftError as e:
            raise RunRefused(str(e), e) from None
        except OSError as e:
            from tutor.storage.drafts import DraftReadError

            err = DraftReadError(path, e)
            raise RunRefused(str(err), err) from None
        reference = is_reference(text, ex)
        untouched = ex.is_starter(text)  # in any language
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
        return job, path, reference, untouched

    async def run(
        self,
        ex_id: str,
        *,
        text: str | None = None,
        file: Path | str | None = None,
        timeout: float | None = None,
        listener: Listener | None = None,
    ) -> Verdict:
        """Prepare, run through the run service in the awaiting task and record; cancelling the
        task cancels the run (recorded as cancelled). Raises RunRefused before running; never
        raises for a recording problem (see Verdict.record_error)."""
        import asyncio

        from tutor.application.runs import Verdict, WorkerUnavailable

        # the draft's save and the store's write off the event loop (an app's loop draws the
        # screen and reads the run's pipes), as the run's own work is in it
        job, path, reference, untouched = await asyncio.to_thread(
            self._prepare, ex_id, text=text, file=file, timeout=timeout
        )
        source = _digest(path)  # the file as the worker will read it
        try:
            result = await self._runs.run(job, listener=listener)
        except WorkerUnavailable as e:  # a verdict that says so, not an attempt
            return Verdict(result=e.result, file=path, reference=reference)
        recording = asyncio.ensure_future(
            asyncio.to_thread(
                self._record, result, path, reference=reference, untouched=untouched, source=source
            )
        )
        try:
            return await asyncio.shield(recording)
        except asyncio.CancelledError:  # the run is judged: a cancel now comes too late
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()
            return await recording

    def time_limit(self, ex_id: str) -> float:
        """The wall-clock limit of the exercise's runs, in seconds."""
        return self.course.exercise(ex_id).time_limit

    def _record(
        self,
        result: RunResult,
        file: Path,
        *,
        reference: bool = False,
        untouched: bool = False,
        source: str | None = None,
    ) -> Verdict:
        """Record a finished run: the one place a verdict is annotated (reference, the
        exercise's status after it). A recording failure becomes `record_error`, not an
        exception. `source` (the checked file's digest) equal to the last attempt's: a run of an
        unchanged file, shown in the history but not counted as an attempt (a `check` or
        `watch` start); so is a run of the `untouched` starter, which also leaves the
        exercise's status as it was."""
        from tutor.application.runs import Verdict

        verdict = Verdict(result=result, file=Path(file), reference=reference)
        try:
            rule = attempt_rule(result.status, reference=reference, untouched=untouched)
            verdict.exercise_status = self._store.record_attempt(result, rule, source=source)
        except StoreError as e:
            verdict.record_error = str(e)
        return verdict

    async def run_snippet(self, snippet: Snippet, *, listener: Listener | None = None) -> Verdict:
        """A lesson example, a quiz verification or the playground: run, nothing recorded."""
        return await self._runs.snippet(snippet, lang=self.lang, listener=listener)

    def warm(self, context: Path | str | None = None) -> None:
        """Have a worker for this chapter context ready (blocking: call it off the UI thread)."""
        self._runs.warm(context)

    def playground_snippet(self, chapter_id: str, code: str) -> Snippet:
        """The playground's code as a run: the chapter context first, its own file name in
        tracebacks, the longest limit an example may have; run it with `run_snippet`."""
        from tutor.application.runs import Snippet
        from tutor.storage.playground import display_name

        return Snippet(
            code,
            label=f"playground {chapter_id}",
            time_limit=PLAYGROUND_TIME_LIMIT_S,
            context=self.course.chapter_by_id[chapter_id].context_path,
            filename=display_name(chapter_id),
        )


def _lines(text: str) -> list[str]:
    """A source's lines, white space that changes nothing aside: line endings (LF, CRLF, CR),
    spaces and tabs at line ends, blank lines (a byte-order mark is gone once decoded)."""
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def is_reference(text: str, ex) -> bool:
    """`text` is a reference solution of `ex` (its solution file, or a language's version of it,
    solution.<lang>.py) up to white space that changes nothing: not the learner's own work."""
    mine = _lines(text)
    for path in sorted(Path(ex.solution_path).parent.glob("solution*.py")):
        try:
            if _lines(decode_source(path.read_bytes(), path)) == mine:
                return True
        except (OSError, DraftError):
            continue
    return False


def _digest(path: Path) -> str | None:
    import hashlib

    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
