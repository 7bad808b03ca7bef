"""Keeps the exercise editor and its draft file in step, so that no text is ever lost.

Every look at the file and every write is a use case of the session's EditorDraft
(tutor/application/editor_draft.py); this widget keeps the timing, the messages and the choices.

- Autosave: a save starts at most AUTOSAVE_MAX_S after the first unsaved keystroke, however fast
  the typing, and AUTOSAVE_IDLE_S after the last one when the typing stops sooner. The write runs
  in a thread worker (an fsync must not stall the editor); the draft changes its saved text only
  once a write succeeded. A failed save keeps the text in the editor, shows the reason until a
  save succeeds, and is retried.
- Outside edits (another editor, `jaxtutor watch` users): the draft's WatchTargets report changes
  of its file (watchfiles, imported lazily in the watching worker: it is not needed for the first
  frame). With nothing unsaved in the editor the new text is loaded; when both changed, both are
  kept: the outside text goes to a backup file at once and the learner chooses which one stays in
  the draft. A save refuses to overwrite a change it has not seen (`EditorDraft.save`).
- A draft that cannot be read (not UTF-8) is shown read-only with the reason; once the file is
  readable again (re-saved as UTF-8 outside), it is loaded and editing resumes.
- `flush_now()` saves synchronously: Ctrl+S, leaving the screen, SIGHUP/SIGTERM; when the app
  quits, a text that cannot be saved goes to a recovery file (`recover`, tutor/app/quitting.py)."""

from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path

from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from tutor.app.editor import DraftNotice
from tutor.application.session import DraftError, EditorDraft, OutsideEdit, SaveOutcome
from tutor.words.catalog import t

AUTOSAVE_IDLE_S = 0.3  # after the last keystroke
AUTOSAVE_MAX_S = 0.8  # after the first unsaved keystroke
RETRY_S = 2.0  # after a failed save
WATCH_DELAY_S = 0.3  # the watcher starts after the first frame
RECHECK_S = 1.0  # then one look at the file catches a change made during its start


class DraftConflict(Message):
    """The file changed outside while the editor had unsaved edits: the screen asks the learner
    (keep mine / take theirs). `backup` holds the outside text meanwhile."""

    def __init__(self, backup: Path | None):
        super().__init__()
        self.backup = backup


class SaveFinished(Message):
    bubble = False

    def __init__(self, text: str, outcome: SaveOutcome):
        super().__init__()
        self.text, self.outcome = text, outcome


class OutsideChange(Message):
    bubble = False

    def __init__(
        self, text: str | None = None, error: DraftError | None = None, missing: bool = False
    ):
        super().__init__()
        self.text, self.error, self.missing = text, error, missing


class WatchStarted(Message):
    bubble = False


class DraftSync(Widget):
    """Invisible companion of the editor (mounted in the exercise screen)."""

    DEFAULT_CSS = "DraftSync { display: none; }"

    def __init__(self, draft: EditorDraft, editor, *, read_error: DraftError | None = None):
        super().__init__()
        self.draft, self.editor = draft, editor
        self.read_error = read_error  # the draft could not be read: read-only
        self.error: str | None = None  # the last save failure, until a save succeeds
        self.conflict: str | None = None  # outside text waiting for the learner's choice
        self._first_dirty: float | None = None
        self.due: float | None = None  # monotonic time the pending autosave is due
        self._timer: Timer | None = None
        self._retry: Timer | None = None
        self._saving = False
        self._again = False
        self._stop = threading.Event()
        self.watching = threading.Event()  # set once the watcher is about to wait for changes

    @property
    def read_only(self) -> bool:
        return self.read_error is not None

    def on_mount(self) -> None:
        if self.read_error is not None:
            self.post_message(DraftNotice(str(self.read_error), "bold red", sticky=True))
        elif self.draft.needs_save(self.editor.text):  # it could not be created: keep trying
            self.save_soon()
        self.set_timer(WATCH_DELAY_S, self._start_watching)

    def on_unmount(self) -> None:
        self._stop.set()

    # ------------------------------------------------------------ autosave

    def edited(self) -> None:
        """The editor's text changed (a keystroke, a paste, an undo)."""
        if self.read_only or self.conflict is not None:
            return
        now = time.monotonic()
        if self._first_dirty is None:
            self._first_dirty = now
        self._stop_timer()
        self.due = min(now + AUTOSAVE_IDLE_S, self._first_dirty + AUTOSAVE_MAX_S)
        self._timer = self.set_timer(
            max(0.01, self.due - now), self.save_soon
        )  # Textual: no 0 s timer

    def _stop_timer(self) -> None:
        self.due = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    @property
    def dirty(self) -> bool:
        """The editor holds text the draft file does not."""
        return self.draft.is_dirty(self.editor.text)

    def save_soon(self) -> None:
        """Save the editor's text in a thread worker (if it differs from the file)."""
        self._timer, self.due = None, None
        if self.read_only or self.conflict is not None:
            return
        if self._saving:
            self._again = True
            return
        text = self.editor.text
        if not self.draft.needs_save(text) and self.error is None:
            self._first_dirty = None
            return
        self._saving = True
        self._first_dirty = None
        self.run_worker(
            lambda: self._write(text),
            name=f"save draft {self.draft.id}",
            group="draft-save",
            thread=True,
            exit_on_error=False,
        )

    def _write(self, text: str) -> None:
        """Worker thread: write unless the file changed outside since the last save or load (the
        draft looks and writes under one lock). Never touches widgets."""
        outcome = self.draft.save(text)
        if outcome.outside_error is not None:
            self.post_message(OutsideChange(error=outcome.outside_error))
        elif outcome.outside is not None:
            self.post_message(OutsideChange(text=outcome.outside))
        self.post_message(SaveFinished(text, outcome))

    def on_save_finished(self, message: SaveFinished) -> None:
        self._saving = False
        outcome = message.outcome
        if outcome.ok:
            if self.error is not None:
                self.error = None
                self.post_message(DraftNotice(t("app.ex.saved")))
        elif outcome.reason:  # None: skipped for an outside change
            self._report_failure(outcome.reason)
        if self._again:
            self._again = False
            self.save_soon()

    def _report_failure(self, reason: str) -> None:
        self.error = reason
        self.post_message(
            DraftNotice(t("app.ex.save_failed", reason=reason), "bold red", sticky=True)
        )
        if self._retry is not None:
            self._retry.stop()
        self._retry = self.set_timer(RETRY_S, self.save_soon)

    def flush_now(self) -> SaveOutcome | None:
        """Save now, on this thread (Ctrl+S, leaving, the terminal closing). With a choice
        pending, the outside text is already in a backup, so the editor's text is written."""
        self._stop_timer()
        if self.read_only:
            return None
        outcome = self.draft.save_now(self.editor.text, outside_kept=self.conflict is not None)
        if outcome.ok:
            self.error = None
        elif outcome.reason:
            self._report_failure(outcome.reason)
        return outcome

    def kept_safe(self) -> bool:
        """Save now (leaving for good): True when the editor's text is in the draft file, or
        the editor is a read-only view that holds nothing of its own."""
        outcome = self.flush_now()
        return outcome is None or outcome.ok

    def recover(self) -> Path:
        """The editor's text, which cannot be saved, written to a recovery file outside the home
        (tutor/app/quitting.py); returns its path. Raises DraftError."""
        return self.draft.recover(self.editor.text)

    def pause(self) -> None:
        """A run saves the text itself: no autosave may race it."""
        self._stop_timer()

    # ------------------------------------------------------------ outside changes

    def _start_watching(self) -> None:
        if not self._stop.is_set():
            self.run_worker(
                self._watch,
                name=f"watch draft {self.draft.id}",
                group="draft-watch",
                thread=True,
                exit_on_error=False,
            )

    def _watch(self) -> None:
        """Worker thread: report every change of the draft file until the screen goes."""
        changes = self.draft.watch_targets().changes(self._stop, step_ms=25, debounce_ms=50)
        self.watching.set()
        # what changed while the watcher was starting up is caught by one look a moment later
        self.post_message(WatchStarted())
        try:
            for _burst in changes:
                self.check_outside()
        # watchfiles is a declared dependency: without it outside edits show on save; the
        # folder may go away, or no inotify watch be left
        except (ImportError, OSError, RuntimeError):
            return

    def on_watch_started(self, _message: WatchStarted) -> None:
        self.set_timer(RECHECK_S, self._recheck)

    def _recheck(self) -> None:
        if not self._stop.is_set():
            self.run_worker(
                self.check_outside,
                name=f"recheck draft {self.draft.id}",
                group="draft-watch-recheck",
                thread=True,
                exit_on_error=False,
            )

    def check_outside(self) -> OutsideChange | None:
        """Look at the draft's file once: a change made outside the app is posted and returned."""
        edit = self.draft.outside_edit()
        if edit is None:
            return None
        return self.take_outside(edit)

    def take_outside(self, edit: OutsideEdit) -> OutsideChange:
        """Handle a change made outside (found here, or by a run the session refused)."""
        change = OutsideChange(text=edit.text, error=edit.error, missing=edit.missing)
        self.post_message(change)
        return change

    def on_outside_change(self, message: OutsideChange) -> None:
        if message.missing:
            self.save_soon()  # deleted outside: the editor's text recreates it
            return
        if message.error is not None:
            if self.read_only:
                self.read_error = message.error
                self.post_message(DraftNotice(str(message.error), "bold red", sticky=True))
                return
            backup = self._backup_bytes()
            self.post_message(
                DraftNotice(
                    t("app.ex.outside_unreadable", reason=str(message.error), backup=backup or "-"),
                    "bold yellow",
                    sticky=True,
                )
            )
            return
        text = message.text
        if text is None or not self.draft.is_dirty(text):  # nothing new
            return
        editor_text = self.editor.text
        if text == editor_text:
            self.draft.adopt(text)
        elif self.read_only or not self.draft.is_dirty(editor_text):
            self.load(text)
            self.read_error = None
            self.editor.read_only = False
            self.post_message(DraftNotice(t("app.ex.reloaded_outside"), "bold cyan"))
        elif self.conflict is None:
            self.conflict = text
            self._stop_timer()
            backup = self._backup_text(text, "outside")
            self.post_message(DraftConflict(backup))

    def resolve(self, keep_mine: bool) -> None:
        """The learner's choice after a DraftConflict. Both texts stay on disk either way."""
        theirs, self.conflict = self.conflict, None
        if theirs is None:
            return
        if keep_mine:
            self.draft.adopt(theirs)  # seen: the save below may replace it
            self.flush_now()
        else:
            self._backup_text(self.editor.text, "mine")
            self.load(theirs)
        self.post_message(
            DraftNotice(t("app.ex.conflict_mine" if keep_mine else "app.ex.conflict_theirs"))
        )

    def edit_outside(self) -> None:
        """Ctrl+O: save, let the learner edit the draft in their own editor (the app suspended),
        then load what they wrote. Every failure is a notice; the editor's text is never lost."""
        from tutor.app.editor import external_editor_command

        command = external_editor_command()  # $VISUAL, $EDITOR, else nano or vi
        if not command:
            self.app.notify(t("app.ex.no_editor_found"), severity="warning", markup=False)
            return
        saved = self.flush_now()
        if saved is not None and not saved.ok:
            return  # the reason is on the status line; the text stays here
        try:
            with self.app.suspend():
                subprocess.call(command + [str(self.draft.path)])
        except Exception as e:  # noqa: BLE001 - any failure is reported, the app keeps going
            self.app.notify(
                t("app.ex.editor_failed", detail=str(e)), severity="error", markup=False
            )
            return
        edit = self.draft.outside_edit()
        if edit is not None and edit.error is not None:
            self.post_message(DraftNotice(str(edit.error), "bold red"))
        elif edit is not None and edit.text is not None:
            self.load(edit.text)
            self.post_message(DraftNotice(t("app.ex.reloaded")))
        elif edit is not None:  # deleted in the other editor: the editor's text recreates it
            self.save_soon()

    def load(self, text: str) -> None:
        """Put `text` (what the file holds now) into the editor, undoably."""
        self._stop_timer()
        self.draft.adopt(text)
        self.editor.load_text_undoably(text)
        self._first_dirty = None

    # ------------------------------------------------------------ backups

    def _backup_text(self, text: str, tag: str) -> Path | None:
        try:
            return self.draft.keep(text, tag)
        except (DraftError, OSError):
            return None

    def _backup_bytes(self) -> Path | None:
        """Keep an unreadable outside version byte for byte before the editor's text replaces it."""
        try:
            return self.draft.keep_unreadable()
        except (DraftError, OSError):
            return None
