"""Exercise ids that changed, and how a learner's home follows them: a schema migration renames
the ids in every table (status, attempts, hints, solution views, last verdicts, the place the
learner was) and lists the renames in `exercise_rename`; opening the store then moves the drafts
`<home>/work/<old>.py` and their backups `work/backup/<old>.<tag>.<time>.py` to the new names,
once (each row's `files` goes pending → staged → done). The moves go through a staging folder
so that a rename cycle (a1.2 → a1.3 → a1.4 → a1.2) never overwrites a draft, and a run stopped
half-way is finished by the next start."""

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


def rename_sql(pairs: tuple[tuple[str, str], ...]) -> str:
    """The migration script renaming exercise ids old → new in every table (ids are primary
    keys, and the renames may form a cycle: each row is first marked, then unmarked)."""
    case = "CASE {col} " + " ".join(f"WHEN '{o}' THEN '{n}'" for o, n in pairs) + " END"
    olds = ", ".join(f"'{o}'" for o, _ in pairs)
    out = [
        "CREATE TABLE IF NOT EXISTS exercise_rename (old TEXT NOT NULL, new TEXT NOT NULL, "
        "files TEXT NOT NULL DEFAULT 'pending')"
    ]
    out += [f"INSERT INTO exercise_rename(old, new) VALUES ('{o}', '{n}')" for o, n in pairs]
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


def _drafts_of(folder: Path, ex_id: str) -> list[Path]:
    """The draft of an exercise and its backups (paths relative to the work folder)."""
    found = [Path(f"{ex_id}.py")] if (folder / f"{ex_id}.py").is_file() else []
    backups = folder / "backup"
    if backups.is_dir():
        found += [
            Path("backup") / p.name
            for p in sorted(backups.iterdir())
            if p.name.startswith(f"{ex_id}.") and p.name.endswith(".py")
        ]
    return found


def _move(src: Path, dst: Path) -> None:
    from tutor.storage.drafts import unique_path

    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists() or dst.is_symlink():  # never overwrite: keep both under a new name
        dst = unique_path(dst.parent, dst.name.removesuffix(".py"), ".py")
    os.replace(src, dst)


def move_renamed_drafts(db: sqlite3.Connection, work: Path) -> None:
    """Move the drafts of renamed exercises to their new names, once (see the module doc).
    `db` is in autocommit mode; each phase is one transaction, so a phase stopped half-way is
    done again from where the files are."""
    if db.execute("SELECT COUNT(*) FROM exercise_rename WHERE files != 'done'").fetchone()[0] == 0:
        return
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
                        _move(work / rel, staging / rel.parent / name)
            elif staging.is_dir():
                for src in sorted(p for p in staging.rglob("*") if not p.is_dir()):
                    _move(src, work / src.relative_to(staging))
                for folder in sorted(staging.rglob("*"), reverse=True) + [staging]:
                    if folder.is_dir():
                        folder.rmdir()
            db.execute("UPDATE exercise_rename SET files = ? WHERE files = ?", (after, before))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
