"""Recovery files: an editor's text that could not be saved in its draft (the draft made read-only,
a full disk) is written here when the learner quits or the terminal closes, so that no typing is
lost: `<cache>/recovered/<folder>-<id>.<time>.py` (the cache folder, tutor/paths.cache_dir; the
folder is `work` for an exercise, `playground` for a chapter's playground). When the cache cannot
be written either (the same full disk), the system's temporary folder takes it
(`<tmp>/jaxtutor-recovered-<user id>/`)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tutor.paths import cache_dir
from tutor.sourcefile import DraftError, DraftWriteError, atomic_write
from tutor.storage.drafts import unique_path

FOLDER = "recovered"


def recovery_folders() -> list[Path]:
    """Where a recovery file goes, in the order tried."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return [cache_dir() / FOLDER, Path(tempfile.gettempdir()) / f"jaxtutor-{FOLDER}-{uid}"]


def write_recovery(draft_path: Path, text: str) -> Path:
    """Write `text` (an editor's text for the draft at `draft_path`) to a new recovery file and
    return its path. Raises DraftError (the first folder's reason) when no folder can take it."""
    name = f"{draft_path.parent.name}-{draft_path.stem}"
    failures: list[DraftError] = []
    for folder in recovery_folders():
        try:
            target = unique_path(folder, name, ".py")
            atomic_write(target, text)
            return target
        except DraftError as e:
            failures.append(e)
        except OSError as e:  # the folder cannot even be looked at
            failures.append(DraftWriteError(folder, e.strerror or str(e), e.errno))
    raise failures[0]
