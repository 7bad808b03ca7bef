"""Learner source files, wherever they live (a draft, a playground file, the file `check` is given,
the file a worker executes): read as bytes and decoded as UTF-8 (a byte-order mark is dropped;
anything else is a DraftEncodingError, never a crash), written atomically into a symlink's target
keeping the file's permissions (a read-only file is refused with DraftWriteError; a link is
never written through to make folders: a link to nowhere is a DanglingLink). Every error
carries a sentence in the learner's language (str(error)). Shared by the storage, the course
index and the worker, so it imports nothing of theirs."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from tutor.words.catalog import t

BOM = b"\xef\xbb\xbf"


class DraftError(Exception):
    """A draft (or a learner's file) that cannot be read or written; str() is the message."""

    def __init__(self, path: Path | str, message: str):
        super().__init__(message)
        self.path = Path(path)


class DraftEncodingError(DraftError):
    """The file is not UTF-8 text (saved as GBK or latin-1 by another editor, or binary)."""

    def __init__(self, path: Path | str, error: UnicodeDecodeError):
        super().__init__(path, t("draft.not_utf8", path=path, offset=error.start + 1))
        self.offset = error.start


class DraftReadError(DraftError):
    def __init__(self, path: Path | str, error: OSError):
        super().__init__(path, t("draft.cannot_read", path=path, reason=error.strerror or error))
        self.errno = error.errno


class DanglingLink(DraftReadError):
    """The file is a symbolic link to something that does not exist, or into a folder that does
    not exist: nothing is read from it, nor written through it."""

    def __init__(self, path: Path | str):
        target = os.readlink(path) if Path(path).is_symlink() else ""
        DraftError.__init__(self, path, t("draft.dangling_link", path=path, target=target))
        self.errno = errno.ENOENT


def is_dangling(path: Path | str) -> bool:
    """A symbolic link whose target does not exist."""
    p = Path(path)
    return p.is_symlink() and not p.exists()


class DraftWriteError(DraftError):
    """The draft cannot be written: read-only, a full disk, a folder that refuses files."""

    def __init__(self, path: Path | str, reason: str, errno_: int | None = None):
        super().__init__(path, t("draft.cannot_write", path=path, reason=reason))
        self.errno = errno_


def decode_source(data: bytes, path: Path | str = "<draft>") -> str:
    """UTF-8 text from a file's bytes, without a leading byte-order mark."""
    if data.startswith(BOM):
        data = data[len(BOM) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DraftEncodingError(path, e) from None


def read_source(path: Path | str) -> str:
    """A learner's file as text; DraftReadError (DanglingLink for a link to nothing) or
    DraftEncodingError when it cannot be."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        if is_dangling(path):
            raise DanglingLink(path) from None
        raise DraftReadError(path, e) from None
    return decode_source(data, path)


def _write_target(path: Path) -> Path:
    """Where a write to `path` must land: the final target of a symlink, else the path."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write via a temporary file in the same folder + fsync + rename: readers see the old or the
    new content, never half of it. A symlink stays a symlink (its target is replaced, but no
    folder is made for it: a link into a missing folder is a DanglingLink); an existing file
    keeps its permissions; a read-only file is refused. Raises DraftWriteError, DanglingLink."""
    target = _write_target(Path(path))
    if target != Path(path) and not target.parent.is_dir():
        raise DanglingLink(path)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise DraftWriteError(path, e.strerror or str(e), e.errno) from None
    # no write bit: the learner made it read-only on purpose (root could still write it)
    if mode is not None and (not mode & stat.S_IWUSR or not os.access(target, os.W_OK)):
        raise DraftWriteError(path, t("draft.read_only"), errno.EACCES)
    tmp = None
    try:
        if target == Path(path):
            target.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when writing: reading commands start faster without it

        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(text if isinstance(text, bytes) else text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode if mode is not None else 0o666 & ~_umask())
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise DraftWriteError(path, e.strerror or str(e), e.errno) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()  # read once: setting it is process-wide, not safe while threads write


def _umask() -> int:
    return _UMASK
