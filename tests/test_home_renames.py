"""A home made by the schema-4 tutor (tests/fixtures/home-v4, written by make_home_v4.py with the
code of that version) opens with every status, attempt, hint, solution view, last verdict,
draft and backup under the exercise's new id, once; a move stopped half-way is finished by the
next start."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from tutor.storage.renames import RENAMES_5
from tutor.storage.store import Store

FIXTURE = Path(__file__).parent / "fixtures" / "home-v4"
RENAMED = dict(RENAMES_5)


def _rows(path: Path) -> dict[str, tuple]:
    """Per exercise id of the fixture: (status, attempts, hints, solution views, time spent)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out = {}
        for ex_id, status, spent in db.execute("SELECT id, status, time_spent_s FROM exercise"):
            out[ex_id] = (
                status,
                db.execute("SELECT COUNT(*) FROM attempt WHERE exercise=?", (ex_id,)).fetchone()[0],
                db.execute("SELECT COUNT(*) FROM hint WHERE exercise=?", (ex_id,)).fetchone()[0],
                db.execute(
                    "SELECT COUNT(*) FROM solution_view WHERE exercise=?", (ex_id,)
                ).fetchone()[0],
                spent,
            )
        return out
    finally:
        db.close()


@pytest.fixture
def old_home(tmp_path):
    home = tmp_path / "home"
    shutil.copytree(FIXTURE, home)
    return home


def test_a_home_made_before_the_renumbering_keeps_everything_under_the_new_ids(old_home, course):
    before = _rows(FIXTURE / "progress.sqlite3")
    drafts_before = {p.name: p.read_bytes() for p in (FIXTURE / "work").glob("*.py")}
    backups_before = sorted(p.name for p in (FIXTURE / "work" / "backup").iterdir())
    store = Store(old_home)
    try:
        db = sqlite3.connect(old_home / "progress.sqlite3")
        assert db.execute("PRAGMA user_version").fetchone()[0] >= 5
        db.close()
        after = _rows(old_home / "progress.sqlite3")
        for old, row in before.items():
            new = RENAMED.get(old, old)
            stats = store.stats(new)
            assert (stats.status, stats.attempts, stats.hints_used) == row[:3], (old, new)
            assert after[new][3] == row[3] and stats.time_spent_s == row[4]  # solution views
            assert store.last_result(new)["exercise"] == new
            draft = (old_home / "work" / f"{new}.py").read_bytes()
            assert draft == drafts_before[f"{old}.py"], (old, new)
            # the draft is the solution of the exercise that has the id now
            assert all(name in draft.decode() for name in course.exercise(new).names), new
        for old, new in RENAMED.items():  # the id a1.3 now means what a1.2 meant
            assert store.stats(new).status == before[old][0]
        assert store.location() == ("exercise", RENAMED["a1.2"])
        backups = sorted(p.name for p in (old_home / "work" / "backup").iterdir())
        expected = []
        for name in backups_before:
            ex_id = name.split(".reset.")[0]
            expected.append(RENAMED.get(ex_id, ex_id) + name[len(ex_id) :])
        assert backups == sorted(expected)
        assert not (old_home / "work" / ".renaming").exists()
    finally:
        store.close()


def test_the_drafts_move_once(old_home):
    Store(old_home).close()
    moved = (old_home / "work" / "6.4.py").read_bytes()
    assert moved == (FIXTURE / "work" / "6.5.py").read_bytes()  # 6.5 is now called 6.4
    (old_home / "work" / "6.4.py").write_text("# 学员重开之后写的新草稿\n")
    Store(old_home).close()  # a second start moves nothing
    assert (old_home / "work" / "6.4.py").read_text() == "# 学员重开之后写的新草稿\n"


def test_a_move_stopped_half_way_is_finished_by_the_next_start(old_home, monkeypatch):
    drafts_before = {p.name: p.read_bytes() for p in (FIXTURE / "work").glob("*.py")}
    real_replace = os.replace
    calls = []

    def dying_replace(src, dst):
        # phase two (staging → work) dies after its second file
        if ".renaming" in str(src):
            calls.append(src)
            if len(calls) == 3:
                raise KeyboardInterrupt
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", dying_replace)
    with pytest.raises(KeyboardInterrupt):
        Store(old_home)
    monkeypatch.setattr(os, "replace", real_replace)
    store = Store(old_home)
    store.close()
    for old, new in RENAMED.items():
        assert (old_home / "work" / f"{new}.py").read_bytes() == drafts_before[f"{old}.py"]
    assert (old_home / "work" / "a1.2-fix1.py").read_bytes() == drafts_before["a1.2-fix1.py"]
    assert not (old_home / "work" / ".renaming").exists()


def test_a_read_only_view_of_an_old_home_shows_the_new_ids(old_home):
    store = Store(old_home, read_only=True)
    try:
        assert store.stats("a1.3").status == _rows(FIXTURE / "progress.sqlite3")["a1.2"][0]
        assert json.loads(store.get_setting("location")) == ["exercise", "a1.3"]
    finally:
        store.close()
