"""The home's content version: which exercise ids the files of a home (drafts and their
backups in `work/`) use, recorded in the home itself, in `<home>/content-version` beside the
database (written atomically). It is what makes the file moves of tutor/storage/renames.py run
once per home: a home that records today's version never has its files moved, whatever happens
to its database (deleted, replaced by an older one, damaged and salvaged).

A home made before the file existed has none: its database says what its files are. A database
of a schema older than an id change (read from its header, which SQLite keeps even when the
rest of the file is damaged) means files that still use the old ids; any other database, none
or one whose header cannot be read means files that use today's ids (a list of moves left
unfinished in that database is still finished). The file is written once the files follow
today's ids."""

from __future__ import annotations

import os
from pathlib import Path

from tutor.storage.renames import CONTENT_VERSION, content_of_schema

VERSION_FILE = "content-version"
_HEADER = b"SQLite format 3\x00"


class NewerHome(Exception):
    """The home records a content version this tutor does not know (a newer tutor wrote it)."""

    def __init__(self, version: int):
        super().__init__(version)
        self.version = version


def schema_in_header(db_path: Path) -> int | None:
    """The schema version (SQLite's user_version) in a database file's header, or None when
    there is no file or its first 100 bytes are not a SQLite header. Raises OSError when the
    file is there but cannot be read."""
    try:
        with open(db_path, "rb") as fh:
            head = fh.read(100)
    except FileNotFoundError:
        return None
    if len(head) < 100 or not head.startswith(_HEADER):
        return None
    return int.from_bytes(head[60:64], "big", signed=True)


def recorded(home: Path) -> int | None:
    """The content version the home records, or None when it records none (a home made before
    the file existed, or a file that does not hold a version). Raises OSError when the file is
    there but cannot be read, NewerHome for a version above ours."""
    try:
        text = (home / VERSION_FILE).read_text(encoding="ascii", errors="replace")
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return None
    try:
        version = int(text.strip())
    except ValueError:
        return None
    if version > CONTENT_VERSION:
        raise NewerHome(version)
    return version if version >= 0 else None


def files_version(home: Path, db_path: Path) -> tuple[int, bool]:
    """The content version of the home's files, and whether the home records it (else it is
    judged from the database, see the module doc). Raises OSError, NewerHome."""
    version = recorded(home)
    if version is not None:
        return version, True
    schema = schema_in_header(db_path)
    if schema is None or schema <= 0:
        return CONTENT_VERSION, False
    return content_of_schema(schema), False


def record(home: Path) -> None:
    """Record that the home's files use today's ids: a temporary file, synced, then renamed over
    the version file. Raises OSError."""
    target = home / VERSION_FILE
    tmp = home / f".{VERSION_FILE}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w", encoding="ascii") as fh:
            fh.write(f"{CONTENT_VERSION}\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as e:  # named by the file the learner would look for
        raise OSError(e.errno, e.strerror, str(target)) from None
    finally:
        tmp.unlink(missing_ok=True)
