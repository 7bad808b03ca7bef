"""The course's parsed TOML, kept between processes.

Every process that loads the course (the app, each CLI command) would otherwise read and parse
some 130 TOML documents (exercise files, chapter files, lesson front matter): with the import of
tomllib about 20 ms of a `jaxtutor list` that takes 120. The parsed tables are kept in one JSON
file in the cache folder, each under its file's size, modification and change times; a file
whose times or size differ is read and parsed again, and the index is rewritten. A file changed
in the last RACY_S seconds is not kept: file times are coarse, and a second edit within the same
tick could leave them as they were. A missing, damaged or unwritable index only means parsing
everything, never an error."""

from __future__ import annotations

import json
import os
import time
import zlib
from collections.abc import Callable
from pathlib import Path

VERSION = 2  # 2: a lesson page's entry is its page_header (front matter and predict count)
RACY_S = 2.0


def index_path(root: Path, lang: str = "zh") -> Path:
    """One index per content root (a checkout, an installed wheel, a test's course) and language
    (a load keeps only the files it read: two languages in one index would evict each other).
    Two roots sharing a name would only take turns rewriting it: entries are kept by full path."""
    from tutor import paths

    digest = zlib.crc32(str(root).encode("utf-8", "surrogateescape"))
    tag = "" if lang == "zh" else f"-{lang}"
    return paths.cache_dir() / "course" / f"index-{digest:08x}{tag}.json"


def _stamp(st: os.stat_result) -> list[int]:
    # the change time too: a copy that keeps the modification time still changes it
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns]


class ParsedFiles:
    """Parsed documents by path, reused while the file is unchanged. Use `read` for every
    document of one course load, then `save`."""

    def __init__(self, index: Path | None):
        self.index = index
        self._entries: dict[str, list] = {}
        self._used: set[str] = set()
        self._changed = False
        if index is None:
            return
        try:
            doc = json.loads(index.read_bytes())
            if doc.get("version") == VERSION and isinstance(doc.get("files"), dict):
                self._entries = doc["files"]
        except (OSError, ValueError, AttributeError):
            pass

    def read(self, path: Path, parse: Callable[[str], dict]) -> dict:
        """`parse(text)` of the file at `path`, from the index when the file is unchanged.
        Raises OSError when the file cannot be read, and whatever `parse` raises."""
        key = str(path)
        stamp = _stamp(os.stat(path))
        self._used.add(key)
        kept = self._entries.get(key)
        if (
            isinstance(kept, list)
            and len(kept) == 2
            and kept[0] == stamp
            and isinstance(kept[1], dict)
        ):
            return kept[1]
        data = parse(path.read_text(encoding="utf-8"))
        if time.time_ns() - max(stamp[1], stamp[2]) > RACY_S * 1e9:
            self._entries[key] = [stamp, data]
            self._changed = True
        elif self._entries.pop(key, None) is not None:
            self._changed = True
        return data

    def save(self) -> None:
        """Write the index if anything was parsed, keeping only the files read this time."""
        if self.index is None or not (self._changed or set(self._entries) - self._used):
            return
        files = {k: v for k, v in self._entries.items() if k in self._used}
        try:
            blob = json.dumps({"version": VERSION, "files": files}, ensure_ascii=False).encode(
                "utf-8"
            )
        except (TypeError, ValueError):  # a TOML date or time: not worth keeping
            return
        from tutor.sourcefile import DraftWriteError, atomic_write

        try:
            atomic_write(self.index, blob)
        except DraftWriteError:
            pass
