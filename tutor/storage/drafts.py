"""Learner drafts: plain files <home>/work/<id>.py, written atomically so that a killed terminal
loses nothing and an external editor (or `watch`) can share the file.

Reading takes bytes and decodes UTF-8 (a byte-order mark is dropped); anything else is a
DraftEncodingError, never a crash. Writing goes into a symlink's target, keeps the file's
permissions, and refuses a read-only draft with DraftWriteError. Every error carries a sentence
in the learner's language (str(error))."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tutor.sourcefile import (  # noqa: F401 - the drafts' errors and file operations
    BOM,
    DanglingLink,
    DraftEncodingError,
    DraftError,
    DraftReadError,
    DraftWriteError,
    atomic_write,
    decode_source,
    is_dangling,
    read_source,
)
from tutor.words.catalog import t

# An editor holds its draft whole (and a saved copy to compare): a larger draft is refused by
# Drafts.read and shown read-only, only its first HEAD_BYTES, so that the app's memory stays
# bounded whatever the file. Checks (the worker, `jaxtutor check`) read any size.
EDITABLE_MAX_BYTES = 2_000_000
HEAD_BYTES = 256_000


class DraftTooLarge(DraftError):
    """The draft is larger than an editor can hold (EDITABLE_MAX_BYTES): it is not read whole."""

    def __init__(self, path: Path | str, size: int, limit: int):
        super().__init__(path, t("draft.too_large", path=path, mb=size / 1e6, limit_mb=limit / 1e6))
        self.size = size


def read_head(path: Path | str, limit: int = HEAD_BYTES) -> str:
    """At most the first `limit` bytes of a file, as text (undecodable bytes replaced): what a
    read-only view shows of a draft that cannot be edited. Raises OSError."""
    with open(path, "rb") as fh:
        data = fh.read(limit)
    if data.startswith(BOM):
        data = data[len(BOM) :]
    return data.decode("utf-8", "replace")


def unique_path(folder: Path, stem: str, suffix: str) -> Path:
    """`folder/stem.<time>suffix`, or with -2, -3 … when that name is taken (two in a second)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = folder / f"{stem}.{stamp}{suffix}"
    n = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = folder / f"{stem}.{stamp}-{n}{suffix}"
        n += 1
    return candidate


class Drafts:
    def __init__(self, home: Path, where: dict[str, Path] | None = None):
        """`where`: exercise id → its draft, for drafts not at `work/<id>.py` (not moved yet to a
        renamed id: tutor/storage/renames.py)."""
        self.folder = Path(home) / "work"
        self.where = dict(where or {})

    def path(self, ex_id: str) -> Path:
        return self.where.get(ex_id, self.folder / f"{ex_id}.py")

    def exists(self, ex_id: str) -> bool:
        return self.path(ex_id).is_file()

    def ensure(self, exercise) -> Path:
        """The draft's path, created from the starter on first use (never through a link to
        nothing: DanglingLink). Raises DraftWriteError."""
        p = self.path(exercise.id)
        if is_dangling(p):
            raise DanglingLink(p)
        if not p.is_file():
            atomic_write(p, exercise.starter)
        return p

    def read(self, exercise) -> str:
        """The draft's text (created from the starter on first use). Raises DraftError, and
        DraftTooLarge, without reading it, for a draft over EDITABLE_MAX_BYTES."""
        path = self.ensure(exercise)
        try:
            size = path.stat().st_size
        except OSError as e:
            raise DraftReadError(path, e) from None
        if size > EDITABLE_MAX_BYTES:
            raise DraftTooLarge(path, size, EDITABLE_MAX_BYTES)
        return read_source(path)

    def write(self, ex_id: str, text: str) -> None:
        atomic_write(self.path(ex_id), text)

    def reset(self, exercise) -> Path | None:
        """Put the starter back. The current draft is copied to a backup first, unless it is
        missing or already the starter. Returns the backup path. Raises DraftError."""
        p = self.path(exercise.id)
        backup = None
        if p.is_file():
            try:
                current = p.read_bytes()
            except OSError as e:
                raise DraftReadError(p, e) from None
            if not exercise.is_starter(current.decode("utf-8", "replace")):
                backup = unique_path(self.folder / "backup", exercise.id, ".py")
                atomic_write(backup, current)  # all of it or nothing (a full disk)
        atomic_write(p, exercise.starter)
        return backup


@dataclass
class SaveOutcome:
    """What writing a draft did: written, or refused and why."""

    ok: bool
    reason: str | None = None  # why the write failed, in the learner's language
    error: DraftError | None = None
    outside: str | None = None  # refused: the file now holds this text, written by someone else
    outside_error: DraftError | None = None  # refused: the file changed and cannot be read

    @property
    def refused(self) -> bool:
        """Not written: the file changed since the last save or read (`save_if_unchanged`)."""
        return self.outside is not None or self.outside_error is not None


class Draft:
    """One exercise's draft as an editor sees it: the text last written (or read) successfully
    (`is_dirty` compares with it). Safe to use from the UI thread and a background thread at
    once."""

    def __init__(self, drafts: Drafts, exercise):
        self.drafts, self.exercise = drafts, exercise
        self._lock = threading.Lock()
        self._saved: str | None = None
        # the version of the file last kept byte for byte (`backup(None)`), and where
        self._kept: tuple[tuple[int, ...] | None, Path] | None = None

    @property
    def path(self) -> Path:
        return self.drafts.path(self.exercise.id)

    def exists(self) -> bool:
        return self.drafts.exists(self.exercise.id)

    def make_folder(self) -> None:
        """The drafts' folder, made if missing (to watch it before the draft exists)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:  # then the first save reports why
            pass

    def _version(self) -> tuple[int, ...] | None:
        """Which version of the file is there (a new write, in place or by a rename, changes
        it), or None when there is none."""
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns

    def _is_kept(self) -> bool:
        version = self._version()
        return version is not None and self._kept is not None and self._kept[0] == version

    def kept_unreadable(self) -> bool:
        """The version in the file now is the one last kept byte for byte (`backup(None)`)."""
        with self._lock:
            return self._is_kept()

    def read(self) -> str:
        """The file's text (created from the starter on first use). Raises DraftError."""
        with self._lock:
            text = self.drafts.read(self.exercise)
            self._saved = text
            return text

    def is_dirty(self, text: str) -> bool:
        with self._lock:
            return text != self._saved

    def save(self, text: str) -> SaveOutcome:
        """Write `text` unless it is already what the file holds; the saved text changes only once
        the write succeeded."""
        with self._lock:
            if text == self._saved and self.drafts.exists(self.exercise.id):
                return SaveOutcome(True)
            try:
                self.drafts.write(self.exercise.id, text)
            except DraftError as e:
                return SaveOutcome(False, str(e), e)
            self._saved = text
            return SaveOutcome(True)

    def save_if_unchanged(self, text: str) -> SaveOutcome:
        """Like `save`, but refuse (`SaveOutcome.refused`) when the file no longer holds the text
        last saved or read: someone else wrote it, and writing now would lose their change. The
        look at the file and the write happen under the same lock, so no save of this Draft can
        slip in between. A missing file is written (recreated; a link to nothing is written
        through when its target's folder exists, else the save fails with DanglingLink); one
        that now holds `text` itself is taken as saved; an unreadable version already kept byte
        for byte (`backup(None)`) may be replaced."""
        with self._lock:
            path = self.path
            if path.exists():  # a link to nothing is written like a missing file
                try:
                    on_disk = read_source(path)
                except DraftError as e:
                    if not self._is_kept():
                        return SaveOutcome(False, None, outside_error=e)
                else:
                    if on_disk != self._saved:
                        if on_disk != text:
                            return SaveOutcome(False, None, outside=on_disk)
                        self._saved = text  # written elsewhere exactly as the editor has it
                        return SaveOutcome(True)
                    if text == self._saved:
                        return SaveOutcome(True)
            try:
                self.drafts.write(self.exercise.id, text)
            except DraftError as e:
                return SaveOutcome(False, str(e), e)
            self._saved = text
            return SaveOutcome(True)

    def backup(self, text: str | None = None, tag: str = "backup") -> Path:
        """Keep a copy in `<work>/backup/<id>.<tag>.<time>.py` (a new, unique name; written
        atomically): `text`, or with None the file's bytes as they are (even when they are not
        UTF-8): that version is then known as kept, and keeping it again gives the same copy.
        Raises DraftError (DraftReadError when the file cannot be read)."""
        with self._lock:  # two backups in the same second get distinct names
            version = None
            if text is None:
                if self._is_kept() and self._kept is not None:
                    return self._kept[1]
                version = self._version()
                try:
                    data: str | bytes = self.path.read_bytes()
                except OSError as e:
                    raise DraftReadError(self.path, e) from None
            else:
                data = text
            target = unique_path(self.path.parent / "backup", f"{self.exercise.id}.{tag}", ".py")
            atomic_write(target, data)
            if text is None:
                self._kept = (version, target)
        return target

    def changed_outside(self) -> str | None:
        """The file's text when it differs from the saved text (another editor wrote it), else
        None. Raises DraftError when the file cannot be read."""
        with self._lock:
            text = self.drafts.read(self.exercise)
            if text == self._saved:
                return None
            return text

    def adopt(self, text: str) -> None:
        """The caller loaded the file's `text` into its editor (a reload)."""
        with self._lock:
            self._saved = text
