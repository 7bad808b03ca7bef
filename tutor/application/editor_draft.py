"""A draft as a front end's editor keeps it in step with its file: the use cases the app's
DraftSync (tutor/app/draftsync.py) calls, so that no front end calls the storage Draft
(tutor/storage/drafts.py) or looks at the file itself; `jaxtutor watch` asks for its
`WatchTargets` too. An exercise's draft and a chapter's playground are both one of these
(`Session.draft`, `Session.playground_draft`).

- `opening()`: the text to open in the editor, and why it cannot be edited when it cannot.
- `save(text)`: autosave, refused when the file changed outside since the last save or load,
  so that nothing the editor has not seen is overwritten; `save_now(text)`: written at once
  (Ctrl+S, leaving, an end signal), the outside version kept in backup/ first.
- `outside_edit()`: what changed outside; `keep` and `keep_unreadable`: a version kept in
  backup/, so that both stay; `adopt(text)`: the editor took the file's text.
- `recover(text)`: the editor's text, when it cannot be saved, written to a recovery file in
  the cache folder (quitting, the terminal closing).
- `watch_targets()`: what to watch for the file's changes."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.storage.drafts import DraftError, SaveOutcome, read_head
from tutor.storage.recovery import write_recovery

if TYPE_CHECKING:
    import threading

    from tutor.storage.drafts import Draft


@dataclass(frozen=True)
class DraftOpening:
    """The text an editor opens, and why it is read-only when it is."""

    text: str
    # not None: the draft cannot be edited (not UTF-8, too large), `text` is its beginning
    read_error: DraftError | None = None


@dataclass(frozen=True)
class OutsideEdit:
    """A change of the file made outside the app that the editor has not seen: exactly one of
    its new text, why the new version cannot be read, or that the file is gone."""

    text: str | None = None
    error: DraftError | None = None
    missing: bool = False


def _where(path: str | Path) -> tuple[str, str]:
    """A file's folder, symlinks resolved, and its name: the same file however it is named."""
    folder, name = os.path.split(os.path.abspath(path))
    return os.path.realpath(folder), name


@dataclass(frozen=True)
class WatchTargets:
    """What to watch for the changes of one file: its folder and, when it is a symlink, its
    target's folder (an editor saves there); a change counts when it is one of the two files."""

    folders: tuple[Path, ...]
    files: frozenset[tuple[str, str]]  # (_where) of the file and of its target

    @classmethod
    def of(cls, path: Path | str) -> WatchTargets:
        named, target = Path(path).absolute(), Path(os.path.realpath(path))
        folders = {os.path.realpath(p.parent): p.parent for p in (named, target)}
        return cls(tuple(folders.values()), frozenset({_where(named), _where(target)}))

    def concerns(self, changed: str) -> bool:
        return _where(changed) in self.files

    def changes(self, stop: threading.Event, *, step_ms: int, debounce_ms: int) -> Iterator[None]:
        """One item per burst of changes of the file, until `stop` is set (blocking: iterate it
        on a thread). A folder that does not exist is not watched. Raises ImportError without
        watchfiles, OSError or RuntimeError when the folders cannot be watched."""
        from watchfiles import watch

        folders = [f for f in self.folders if f.is_dir()]
        if not folders:
            return
        for _changes in watch(
            *folders,
            watch_filter=lambda _change, changed: self.concerns(changed),
            step=step_ms,
            debounce=debounce_ms,
            stop_event=stop,
            recursive=False,
            ignore_permission_denied=True,
            raise_interrupt=False,
        ):
            if stop.is_set():
                return
            yield


class EditorDraft:
    """One draft file kept in step with an editor. Safe to use from the UI thread and a
    background thread at once (the storage Draft looks and writes under one lock)."""

    def __init__(self, file: Draft):
        self._file = file

    @property
    def id(self) -> str:
        """The exercise's id, or the chapter's for a playground."""
        return self._file.exercise.id

    @property
    def path(self) -> Path:
        """Where the file is, to show it and to open it in the learner's own editor."""
        return self._file.path

    def opening(self) -> DraftOpening:
        """The draft's text (created from the starter on first use). One that cannot be
        edited opens read-only with the reason, its beginning only (the editor's memory stays
        bounded); one that could not even be created opens with the starter, editable, saved
        when a save succeeds."""
        try:
            return DraftOpening(self._file.read())
        except DraftError as e:
            error = e
        try:
            return DraftOpening(read_head(self._file.path), error)
        except OSError:
            pass
        if self._file.exists():  # there, but not readable at all: nothing to edit over it
            return DraftOpening("", error)
        return DraftOpening(self._file.exercise.starter)

    def is_dirty(self, text: str) -> bool:
        """The editor's `text` is not what was last saved or loaded."""
        return self._file.is_dirty(text)

    def needs_save(self, text: str) -> bool:
        """A save of `text` would write something: it is not in the file, or the file is gone."""
        return self._file.is_dirty(text) or not self._file.exists()

    def save(self, text: str) -> SaveOutcome:
        """Write `text` unless the file changed outside since the last save or load: then the
        outcome is `refused`, with the file's text (or why it cannot be read), and nothing is
        written. An unreadable version already kept (`keep_unreadable`) may be replaced."""
        return self._file.save_if_unchanged(text)

    def save_now(self, text: str, *, outside_kept: bool = False) -> SaveOutcome:
        """Write `text` now, losing nothing: a version written outside that the editor has not
        seen is first kept in backup/ (byte for byte when it cannot be read); when the editor
        holds nothing of its own, that version stays and nothing is written. `outside_kept`:
        the caller has kept the outside version already (a choice is pending)."""
        edit = None if outside_kept else self.outside_edit()
        if edit is not None and edit.error is not None:
            self._quietly(self.keep_unreadable)
        elif edit is not None and (theirs := edit.text) is not None and theirs != text:
            if not self._file.is_dirty(text):
                return SaveOutcome(True)  # nothing of ours to write; theirs stays
            self._quietly(lambda: self.keep(theirs, "outside"))
        return self._file.save(text)

    def outside_edit(self) -> OutsideEdit | None:
        """What changed in the file outside the app since the last save or load; None when
        nothing did, or when the unreadable version there is the one already kept."""
        if not self._file.path.exists():
            return OutsideEdit(missing=True)
        try:
            text = self._file.changed_outside()
        except DraftError as e:
            return None if self._file.kept_unreadable() else OutsideEdit(error=e)
        return None if text is None else OutsideEdit(text=text)

    def keep(self, text: str, tag: str) -> Path:
        """Keep `text` in `backup/<id>.<tag>.<time>.py` (a new name). Raises DraftError."""
        return self._file.backup(text, tag)

    def keep_unreadable(self) -> Path:
        """Keep the file's bytes as they are (a version that cannot be read) in backup/, once
        per version: the editor's text may then replace it. Raises DraftError."""
        return self._file.backup(None, "outside")

    def recover(self, text: str) -> Path:
        """Write `text` to a new recovery file outside the home (tutor/storage/recovery.py): the
        editor's text when it cannot be saved in the draft and the editor goes away. Returns
        its path; raises DraftError when no recovery folder can take it."""
        return write_recovery(self._file.path, text)

    def adopt(self, text: str) -> None:
        """The editor loaded `text`, what the file holds now (a reload, or a choice made)."""
        self._file.adopt(text)

    def watch_targets(self) -> WatchTargets:
        """What to watch for the file's changes; its folder is made first (the draft may not
        exist yet)."""
        self._file.make_folder()
        return WatchTargets.of(self._file.path)

    @staticmethod
    def _quietly(keep: Callable[[], Path]) -> Path | None:
        try:
            return keep()
        except (DraftError, OSError):  # no copy: the editor's text is written all the same
            return None
