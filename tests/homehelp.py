"""Shared pieces of the tests of homes and their drafts: copies of homes written by earlier
versions (tests/fixtures/home-v4, home-v6), drafts for the renumbered ids, every kind of damage
that makes the store salvage (or replace) its database, and reading a home's files."""

import shutil
import sqlite3
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
RENUMBERED = ["6.4", "6.5", "6.6", "a1.2", "a1.3", "a1.4"]


def old_home(tmp_path, name):
    """A copy of the home fixture `name` (home-v4: before the renumbering; home-v6: after it,
    before homes recorded their content version)."""
    home = tmp_path / name
    shutil.copytree(FIXTURES / name, home)
    return home


def drafts(home):
    """Every file under work/ (drafts and backups, the staging folder included): relative path →
    bytes, or the link's target for a symbolic link."""
    work = Path(home) / "work"
    out = {}
    for p in sorted(work.rglob("*")):
        rel = str(p.relative_to(work))
        if p.is_symlink():
            out[rel] = ("link", str(p.readlink()))
        elif p.is_file():
            out[rel] = p.read_bytes()
    return out


def write_current_drafts(home, course):
    """Drafts for the six renumbered ids, written by today's code, each naming its own id, and
    a distinct time spent on each."""
    from tutor.storage.drafts import Draft
    from tutor.storage.store import Store

    with Store(home) as store:
        for n, ex_id in enumerate(RENUMBERED):
            Draft(store.drafts, course.exercise(ex_id)).save(f"# 我的 {ex_id} 草稿\nx = {n}\n")
            store.add_time(ex_id, 60.0 * (n + 1))
    return drafts(home)


def _overwrite_a_page(path):
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    last = len(data) // page - 1
    data[page * last : page * (last + 1)] = b"\xa5" * page  # the last page: a table's rows
    path.write_bytes(bytes(data))


def _truncate(path):
    data = path.read_bytes()
    page = int.from_bytes(data[16:18], "big") or 65536
    path.write_bytes(data[: len(data) - page - page // 2])  # the last page and a half are gone


def _zero_the_header(path):
    data = bytearray(path.read_bytes())
    data[:100] = bytes(100)
    path.write_bytes(bytes(data))


# every way a database can be lost or damaged: deleted, or one the store salvages (or, empty,
# takes for a new one)
DAMAGE = {
    "deleted": lambda path: path.unlink(),
    "page": _overwrite_a_page,
    "truncated": _truncate,
    "zero_length": lambda path: path.write_bytes(b""),
    "text": lambda path: path.write_text("这不是数据库\n" * 50),
    "zeroed_header": _zero_the_header,
}
SALVAGED = ["page", "truncated", "text", "zeroed_header"]


def damage(home, kind):
    """Damage the home's database (every write of the store checkpointed into the file
    first)."""
    path = Path(home) / "progress.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode = DELETE")
    db.close()
    DAMAGE[kind](path)


def renames_listed(home):
    """The rows of exercise_rename (old, new, files) in the home's database."""
    db = sqlite3.connect(f"file:{Path(home) / 'progress.sqlite3'}?mode=ro", uri=True)
    try:
        return db.execute("SELECT old, new, files FROM exercise_rename").fetchall()
    finally:
        db.close()
