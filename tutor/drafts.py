"""Learner drafts: plain files <home>/work/<id>.py (design §5.5), written atomically so that a
killed terminal loses nothing and an external editor (or `watch`) can share the file."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def atomic_write(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder + fsync + rename: readers see the old or the
    new content, never half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


class Drafts:
    def __init__(self, home: Path):
        self.folder = Path(home) / "work"

    def path(self, ex_id: str) -> Path:
        return self.folder / f"{ex_id}.py"

    def exists(self, ex_id: str) -> bool:
        return self.path(ex_id).is_file()

    def ensure(self, exercise) -> Path:
        """The draft's path, created from the starter on first use."""
        p = self.path(exercise.id)
        if not p.is_file():
            atomic_write(p, exercise.starter)
        return p

    def read(self, exercise) -> str:
        return self.ensure(exercise).read_text(encoding="utf-8")

    def write(self, ex_id: str, text: str) -> None:
        atomic_write(self.path(ex_id), text)

    def mtime(self, ex_id: str) -> float | None:
        try:
            return self.path(ex_id).stat().st_mtime
        except FileNotFoundError:
            return None

    def reset(self, exercise) -> Path | None:
        """Back up the current draft (if any) and put the starter back. Returns the backup path."""
        p = self.path(exercise.id)
        backup = None
        if p.is_file():
            backup = self.folder / "backup" / f"{exercise.id}.{time.strftime('%Y%m%d-%H%M%S')}.py"
            backup.parent.mkdir(parents=True, exist_ok=True)
            os.replace(p, backup)
        atomic_write(p, exercise.starter)
        return backup
