"""Opening the progress database in the learner's home, and what can go wrong doing it.

Every problem (a read-only home, a home that is a file, a file with other tables, a newer
schema, a write lock held too long) is a StoreError with a message in the learner's language;
a damaged file is salvaged row by row into a new database before it is moved aside. The ids the
home's files use are the home's own record (tutor/storage/homeversion.py): drafts are moved to
renamed ids once per home (tutor/storage/renames.py), never because of what became of the
database, and a work folder that cannot be changed for that is a StoreError too. A home that
cannot be written can still be read: its file is copied into memory and never written, and the
drafts not moved yet are read where they are (`unmoved`). One
connection, shared by threads under a lock; WAL mode and a busy timeout let two processes
(app + CLI) write at once. The records kept in it are the store's parts (exercise_records.py,
answers.py, places.py), each a Database with its own tables' methods."""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Concatenate, Self

from tutor.storage import homeversion, renames
from tutor.storage.drafts import Drafts, unique_path
from tutor.storage.salvage import salvage_into
from tutor.storage.schema import DB_NAME, StoreError, is_damaged, migrate
from tutor.words.catalog import t

LOCK_TIMEOUT_S = 10.0


def guarded[S: Database, **P, R](
    method: Callable[Concatenate[S, P], R],
) -> Callable[Concatenate[S, P], R]:
    """One thread at a time on the connection; SQLite errors become StoreErrors."""

    @functools.wraps(method)
    def wrapper(self: S, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._lock:
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as e:
                raise self._error(e) from None

    return wrapper


class Database:
    def __init__(self, home: Path | str, *, timeout: float | None = None, read_only: bool = False):
        """Open (creating, migrating or salvaging) the database in `home`. With `read_only`, the
        file is copied into memory and never written: for views in a home that is not writable."""
        self.home = Path(home)
        self.path = self.home / DB_NAME
        self.timeout = LOCK_TIMEOUT_S if timeout is None else timeout
        self.read_only = read_only
        self.recovered_from: Path | None = None  # where a damaged database was moved, if it was
        self.salvaged_rows = 0  # rows copied out of it
        # drafts kept in work/backup/ because their new name was taken when they were moved
        self.moved_aside: list[Path] = []
        # renamed exercise → where its draft is, while the move is not done (a read-only home)
        self.unmoved: dict[str, Path] = {}
        self._lock = threading.RLock()
        try:  # each way of opening closes its own connection when it fails
            self.db = self._open_read_only() if read_only else self._open_writable()
        except sqlite3.Error as e:
            raise self._error(e) from None

    def _open_writable(self) -> sqlite3.Connection:
        if self.home.exists() and not self.home.is_dir():
            raise StoreError("home_not_folder", t("store.home_not_folder", path=self.home))
        try:
            self.home.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(
                "home", t("store.home_unusable", path=self.home, reason=e.strerror or e)
            ) from None
        if not os.access(self.home, os.W_OK | os.X_OK):
            raise StoreError("read_only", t("store.read_only", path=self.home))
        self._check_database_path()
        files_at, recorded = self._files_version()
        try:
            db = self._connect(files_at)
        except sqlite3.DatabaseError as e:
            if not is_damaged(e):
                raise
            self._salvage_and_replace(files_at)
            db = self._connect(files_at)
        with _closed_on_error(db):
            self._follow_renames(db, recorded)
        return db

    def _files_version(self) -> tuple[int, bool]:
        """homeversion.files_version, its problems as StoreErrors."""
        try:
            return homeversion.files_version(self.home, self.path)
        except homeversion.NewerHome as e:
            theirs = self.home / homeversion.VERSION_FILE
            ours = renames.CONTENT_VERSION
            raise StoreError(
                "newer_schema", t("store.newer_schema", path=theirs, version=e.version, ours=ours)
            ) from None
        except OSError as e:
            raise StoreError(
                "home", t("store.home_unusable", path=self.home, reason=e.strerror or e)
            ) from None

    def _follow_renames(self, db: sqlite3.Connection, recorded: bool) -> None:
        """The drafts follow the renamed ids once per home: a home that records its version
        has its files in place already; any other has the moves its database lists done, then
        records it. A work folder that cannot be changed is a StoreError ("work")."""
        if recorded:
            renames.forget_moves(db)
            return
        work = Drafts(self.home).folder
        try:
            self.moved_aside = renames.move_renamed_drafts(db, work)
            homeversion.record(self.home)
        except OSError as e:
            where = e.filename or work
            raise StoreError(
                "work", t("store.work_unusable", path=where, reason=e.strerror or e)
            ) from None

    def _check_database_path(self) -> None:
        """A database path that is a folder, or a link to nothing, gets its own sentence (SQLite
        would say only "unable to open", read as a home that cannot be written)."""
        if self.path.is_symlink() and not self.path.exists():
            target = os.readlink(self.path)
            raise StoreError("db_path", t("store.db_dangling", path=self.path, target=target))
        if self.path.exists() and not self.path.is_file():
            raise StoreError("db_path", t("store.db_not_file", path=self.path))

    def _connect(self, files_at: int) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
        )
        with _closed_on_error(db):
            db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            db.execute("PRAGMA journal_mode = WAL")
            ok = db.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise sqlite3.DatabaseError(f"database disk image is malformed ({ok})")
            migrate(db, self.path, files_at)
        return db

    def _open_read_only(self) -> sqlite3.Connection:
        memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        with _closed_on_error(memory):
            self._copy_into(memory)
            files_at, recorded = self._files_version()
            migrate(memory, self.path, files_at)
            if recorded:
                renames.forget_moves(memory)
            self.unmoved = renames.unfinished(memory, Drafts(self.home).folder)
        return memory

    def _copy_into(self, memory: sqlite3.Connection) -> None:
        """The database file's rows, when there is a file, read without writing beside it."""
        if self.path.is_file():
            source = None
            for query in ("mode=ro", "immutable=1"):  # immutable: no -shm can be made beside it
                try:
                    source = sqlite3.connect(
                        f"file:{self.path}?{query}", uri=True, timeout=self.timeout
                    )
                    source.execute("PRAGMA user_version").fetchone()
                    break
                except sqlite3.Error as e:  # a damaged file too: its connection is closed
                    if source is not None:
                        source.close()
                    source = None
                    if not isinstance(e, sqlite3.OperationalError):
                        raise  # not a way of opening that failed: the file is damaged
            if source is None:
                raise StoreError("read_only", t("store.cannot_read", path=self.path))
            try:
                source.backup(memory)
            finally:
                source.close()

    def _salvage_and_replace(self, files_at: int) -> None:
        """Copy what can be read into a new database, then move the damaged file aside under a
        name no other file has, and put the new one in its place."""
        fresh = self.home / f".{DB_NAME}.salvage"
        for leftover in (
            fresh,
            Path(f"{fresh}-wal"),
            Path(f"{fresh}-shm"),
            Path(f"{fresh}-journal"),
        ):
            leftover.unlink(missing_ok=True)
        self.salvaged_rows = salvage_into(self.path, fresh, files_at)
        target = unique_path(self.home, f"{DB_NAME}.damaged", "")
        self.path.replace(target)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                side.replace(Path(str(target) + suffix))
        fresh.replace(self.path)
        self.recovered_from = target

    def _error(self, e: sqlite3.Error) -> StoreError:
        if isinstance(e, StoreError):
            return e
        text = str(e).lower()
        if "locked" in text or "busy" in text:
            return StoreError("locked", t("store.locked", path=self.path, secs=self.timeout))
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            return StoreError("read_only", t("store.read_only", path=self.home))
        if is_damaged(e):
            return StoreError("damaged", t("store.damaged", path=self.path))
        if "no such table" in text or "no such column" in text or "already exists" in text:
            return StoreError("wrong_tables", t("store.wrong_tables", path=self.path))
        return StoreError("other", t("store.other", path=self.path, reason=str(e)))

    def close(self) -> None:
        """Close the connection; a store used after it raises a StoreError ("other")."""
        with self._lock:
            _close_quietly(self.db)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        """Several statements in one write transaction."""
        with self._transaction():
            for sql, args in statements:
                self.db.execute(sql, args)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: what is read in it is what the writes in it change (another
        process waits), committed at the end, rolled back on any error."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise


def _close_quietly(db: sqlite3.Connection) -> None:
    try:
        db.close()
    except sqlite3.Error:
        pass


@contextlib.contextmanager
def _closed_on_error(db: sqlite3.Connection) -> Iterator[None]:
    """A connection being opened is closed when opening it fails, so no file stays held."""
    try:
        yield
    except BaseException:
        _close_quietly(db)
        raise
