"""Exercise ids that changed, and how a learner's home follows them: a schema migration renames
the ids in every table (status, attempts, hints, solution views, last verdicts, the place the
learner was); when the home's files still use the old ids (tutor/storage/homeversion.py), the
same transaction lists the renames in `exercise_rename`, and opening the store then moves the
drafts `<home>/work/<old>.py` and their backups `work/backup/<old>.<tag>.<time>.py` to the new
names, once (each row's `files` goes pending → staged → done). The moves go through a staging
folder so that a rename cycle (a1.2 → a1.3 → a1.4 → a1.2) never overwrites a draft, and a run
stopped half-way is finished by the next start. A file found where a draft must go is never
overwritten: the draft coming in is kept in `work/backup/<name>.moved.<time>.py` and named to
the learner. Until the moves are done (a home that cannot be written), `unfinished` says where
each renamed exercise's draft is, so that it is the one read and checked."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

# 4 -> 5: exercises placed after the last page they need; chapters 6 and a1 renumbered so that
# the numbers go up along the map (lessons/README.md lists them).
RENAMES_5: tuple[tuple[str, str], ...] = (
    ("6.4", "6.6"),
    ("6.5", "6.4"),
    ("6.6", "6.5"),
    ("a1.2", "a1.3"),
    ("a1.3", "a1.4"),
    ("a1.4", "a1.2"),
)
# the schema version whose migration renamed ids → the renames. A home's content version (the
# ids its files use) is the number of these its files have followed.
ID_CHANGES: dict[int, tuple[tuple[str, str], ...]] = {5: RENAMES_5}
CONTENT_VERSION = len(ID_CHANGES)

# table → the column holding an exercise id
_ID_COLUMNS = {
    "exercise": "id",
    "attempt": "exercise",
    "hint": "exercise",
    "solution_view": "exercise",
    "last_result": "exercise",
}
_MARK = "~"  # no exercise id starts with it: renamed rows carry it between the two updates
STAGING = ".renaming"


def content_of_schema(schema_version: int) -> int:
    """The ids a database of this schema version uses, as a content version."""
    return sum(1 for step in ID_CHANGES if schema_version >= step)


def rename_sql(pairs: tuple[tuple[str, str], ...]) -> str:
    """The migration script renaming exercise ids old → new in every table (ids are primary
    keys, and the renames may form a cycle: each row is first marked, then unmarked). The list
    of file moves is not part of it: `journal_statements`, for a home whose files are older."""
    case = "CASE {col} " + " ".join(f"WHEN '{o}' THEN '{n}'" for o, n in pairs) + " END"
    olds = ", ".join(f"'{o}'" for o, _ in pairs)
    out = [
        "CREATE TABLE IF NOT EXISTS exercise_rename (old TEXT NOT NULL, new TEXT NOT NULL, "
        "files TEXT NOT NULL DEFAULT 'pending')"
    ]
    for table, col in _ID_COLUMNS.items():
        out.append(
            f"UPDATE {table} SET {col} = '{_MARK}' || {case.format(col=col)} "
            f"WHERE {col} IN ({olds})"
        )
    out.append(
        f"UPDATE last_result SET doc = json_set(doc, '$.exercise', substr(exercise, 2)) "
        f"WHERE exercise LIKE '{_MARK}%' AND json_valid(doc)"
    )
    for table, col in _ID_COLUMNS.items():
        out.append(f"UPDATE {table} SET {col} = substr({col}, 2) WHERE {col} LIKE '{_MARK}%'")
    where = "json_extract(value, '$[1]')"
    out.append(
        "UPDATE setting SET value = json_array(json_extract(value, '$[0]'), "
        f"{case.format(col=where)}) WHERE key = 'location' AND json_valid(value) "
        f"AND json_extract(value, '$[0]') = 'exercise' AND {where} IN ({olds})"
    )
    return ";\n".join(out) + ";\n"


def journal_statements(start: int, end: int, files_at: int) -> list[tuple[str, tuple]]:
    """The file moves to list when a database goes from schema `start` to `end` in a home whose
    files are at content version `files_at`: the renames of each step crossed that the files
    have not followed yet (written in the migration's transaction, so that a start stopped
    after it still knows the files are to move)."""
    out: list[tuple[str, tuple]] = []
    for step, pairs in ID_CHANGES.items():
        if start < step <= end and files_at < content_of_schema(step):
            sql = "INSERT INTO exercise_rename(old, new) VALUES (?, ?)"
            out += [(sql, pair) for pair in pairs]
    return out


def _drafts_of(folder: Path, ex_id: str) -> list[Path]:
    """The draft of an exercise (a file, or a symbolic link, even to nothing: the learner's
    link moves with its id) and its backups (paths relative to the work folder)."""
    draft = folder / f"{ex_id}.py"
    found = [Path(draft.name)] if draft.is_file() or draft.is_symlink() else []
    backups = folder / "backup"
    if backups.is_dir():
        found += [
            Path("backup") / p.name
            for p in sorted(backups.iterdir())
            if p.name.startswith(f"{ex_id}.") and p.name.endswith(".py")
        ]
    return found


def _move(src: Path, dst: Path, work: Path) -> Path | None:
    """Move `src` to `dst`; when something is already there, `src` goes to
    `work/backup/<name>.moved.<time>.py` instead, and that path is returned."""
    from tutor.storage.drafts import unique_path

    aside = None
    if dst.exists() or dst.is_symlink():  # never overwrite: keep both, the new one aside
        aside = dst = unique_path(work / "backup", f"{dst.name.removesuffix('.py')}.moved", ".py")
    dst.parent.mkdir(parents=True, exist_ok=True)
    os.replace(src, dst)
    return aside


def move_renamed_drafts(db: sqlite3.Connection, work: Path) -> list[Path]:
    """Move the drafts of renamed exercises to their new names, once (see the module doc).
    `db` is in autocommit mode; each phase is one transaction, so a phase stopped half-way is
    done again from where the files are. Returns the drafts kept aside in work/backup/ because
    their place was taken. Raises OSError when the work folder cannot be changed."""
    aside: list[Path] = []
    if not _has_unfinished(db):
        return aside
    staging = work / STAGING
    for phase, (before, after) in enumerate((("pending", "staged"), ("staged", "done"))):
        db.execute("BEGIN IMMEDIATE")
        try:
            rows = db.execute(
                "SELECT old, new FROM exercise_rename WHERE files = ?", (before,)
            ).fetchall()
            if phase == 0:
                for old, new in rows:
                    for rel in _drafts_of(work, old):
                        name = new + rel.name[len(old) :]
                        _move(work / rel, staging / rel.parent / name, work)
            elif staging.is_dir():
                files = [p for p in staging.rglob("*") if p.is_symlink() or not p.is_dir()]
                for src in sorted(files):
                    moved = _move(src, work / src.relative_to(staging), work)
                    if moved is not None:
                        aside.append(moved)
                for folder in sorted(staging.rglob("*"), reverse=True) + [staging]:
                    if folder.is_dir() and not folder.is_symlink():
                        folder.rmdir()
            db.execute("UPDATE exercise_rename SET files = ? WHERE files = ?", (after, before))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return aside


def _has_unfinished(db: sqlite3.Connection) -> bool:
    return bool(
        db.execute("SELECT COUNT(*) FROM exercise_rename WHERE files != 'done'").fetchone()[0]
    )


def forget_moves(db: sqlite3.Connection) -> None:
    """The home's files already use today's ids (its version file says so): a list of moves in
    its database (a database from before, put back) is not to be followed."""
    if _has_unfinished(db):
        db.execute("UPDATE exercise_rename SET files = 'done' WHERE files != 'done'")


def unfinished(db: sqlite3.Connection, work: Path) -> dict[str, Path]:
    """Where the draft of each renamed exercise is while its move is not done: new id → the old
    draft (pending), the staged one (staged), whichever is there when a phase stopped half-way
    left it on the other side."""
    where: dict[str, Path] = {}
    for old, new, files in db.execute("SELECT old, new, files FROM exercise_rename"):
        if files == "done":
            continue
        staged = work / STAGING / f"{new}.py"
        before, after = (work / f"{old}.py", staged) if files == "pending" else (staged, None)
        if _there(before) or after is None:
            where[new] = before if _there(before) else work / f"{new}.py"
        else:
            where[new] = after if _there(after) else before
    return where


def _there(path: Path) -> bool:
    return path.exists() or path.is_symlink()
