"""Migrations run once per home: the home records which ids its files use (content-version,
beside the database), so that drafts move to renamed ids once, never in a current home, never
because its database was deleted, replaced or salvaged. Each home here is written by the code
that wrote it: today's code, the schema-6 tutor (tests/fixtures/home-v6, after the renumbering)
or the schema-4 one (tests/fixtures/home-v4, before it)."""

import sqlite3

import pytest
from homehelp import (
    DAMAGE,
    FIXTURES,
    RENUMBERED,
    SALVAGED,
    damage,
    drafts,
    old_home,
    renames_listed,
    write_current_drafts,
)
from test_cli import cli

from tutor.storage.homeversion import VERSION_FILE
from tutor.storage.renames import CONTENT_VERSION, RENAMES_5
from tutor.storage.store import Store

RENAMED = dict(RENAMES_5)


def opened(home):
    """Open and close the home's store as a start does; the store's notes on what it did."""
    with Store(home) as store:
        return store.recovered_from, store.moved_aside


def test_a_new_home_records_its_version_and_lists_no_moves(home):
    opened(home)
    assert (home / VERSION_FILE).read_text() == f"{CONTENT_VERSION}\n"
    assert renames_listed(home) == []


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_current_home_keeps_every_draft_whatever_happens_to_its_database(kind, home, course):
    before = write_current_drafts(home, course)
    damage(home, kind)
    recovered, aside = opened(home)
    assert drafts(home) == before
    assert aside == []
    assert (recovered is not None) == (kind in SALVAGED)
    assert renames_listed(home) == []  # not listed again by the new or salvaged database
    with Store(home) as store:  # a time survives under its own id, or not at all
        for n, ex_id in enumerate(RENUMBERED):
            assert store.stats(ex_id).time_spent_s in (0, 60.0 * (n + 1)), (kind, ex_id)


@pytest.mark.parametrize("kind", list(DAMAGE))
@pytest.mark.parametrize("first_open", ["opened_once", "never_opened"])
def test_a_home_of_the_schema_6_tutor_keeps_every_draft(kind, first_open, tmp_path):
    home = old_home(tmp_path, "home-v6")
    before = drafts(home)
    if first_open == "opened_once":  # this version's first start records the home's version
        opened(home)
        assert drafts(home) == before and (home / VERSION_FILE).exists()
    damage(home, kind)
    opened(home)
    assert drafts(home) == before
    assert (home / VERSION_FILE).read_text() == f"{CONTENT_VERSION}\n"
    listed = renames_listed(home)  # the old database's list, done, copied once at most
    assert all(files == "done" for _, _, files in listed) and len(listed) <= len(RENAMES_5)


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_the_command_line_lists_a_schema_6_home_with_every_draft_in_place(kind, tmp_path):
    home = old_home(tmp_path, "home-v6")
    before = drafts(home)
    damage(home, kind)
    p = cli("--home", str(home), "list")
    assert p.returncode == 0, p.stderr
    assert drafts(home) == before
    for ex_id in RENUMBERED:  # each draft names its own id, byte for byte
        assert f"# 这是 {ex_id} 的草稿".encode() in before[f"{ex_id}.py"]


def test_a_current_home_given_a_database_from_before_the_renumbering_moves_no_draft(home, course):
    import shutil

    before = write_current_drafts(home, course)
    shutil.copy(FIXTURES / "home-v4" / "progress.sqlite3", home / "progress.sqlite3")
    opened(home)
    assert drafts(home) == before  # the files already use today's ids
    spent = _v4_rows()
    with Store(home) as store:  # the rows of the old database are renamed to today's ids
        for old, new in RENAMED.items():
            assert store.stats(new).time_spent_s == spent[old]
    assert all(files == "done" for _, _, files in renames_listed(home))


def test_the_command_line_lists_a_current_home_without_its_database(home, course):
    before = write_current_drafts(home, course)
    damage(home, "deleted")
    p = cli("--home", str(home), "list")
    assert p.returncode == 0, p.stderr
    assert drafts(home) == before


def test_a_home_of_the_schema_4_tutor_moves_once_then_records_it(tmp_path):
    home = old_home(tmp_path, "home-v4")
    old = drafts(home)
    opened(home)
    moved = drafts(home)
    for o, n in RENAMED.items():
        assert moved[f"{n}.py"] == old[f"{o}.py"]
    assert (home / VERSION_FILE).read_text() == f"{CONTENT_VERSION}\n"
    for kind in DAMAGE:  # nothing moves again, whatever happens to the database later
        if (home / "progress.sqlite3").exists():
            damage(home, kind)
        opened(home)
        assert drafts(home) == moved, kind


def _v4_rows():
    db = sqlite3.connect(f"file:{FIXTURES / 'home-v4' / 'progress.sqlite3'}?mode=ro", uri=True)
    try:
        return dict(db.execute("SELECT id, time_spent_s FROM exercise"))
    finally:
        db.close()


def test_a_damaged_schema_4_database_is_salvaged_under_the_new_ids_like_its_drafts(tmp_path):
    # (a truncated schema-4 file loses the last page of its schema: no row can be read, and its
    # drafts move as its header says, as they did before)
    home = old_home(tmp_path, "home-v4")
    old = drafts(home)
    spent = _v4_rows()
    damage(home, "page")
    recovered, _ = opened(home)
    assert recovered is not None
    now = drafts(home)
    for o, n in RENAMED.items():
        assert now[f"{n}.py"] == old[f"{o}.py"]
    with Store(home) as store:
        survived = [e for e in spent if store.stats(RENAMED.get(e, e)).time_spent_s]
        assert survived  # the salvage kept rows, each under the new id of its exercise
        for ex_id in survived:
            assert store.stats(RENAMED.get(ex_id, ex_id)).time_spent_s == spent[ex_id]
        assert len(renames_listed(home)) == len(RENAMES_5)  # listed once, not once per salvage


@pytest.mark.parametrize("kind", ["zero_length", "text", "zeroed_header", "deleted"])
def test_a_schema_4_home_whose_database_says_nothing_moves_nothing(kind, tmp_path):
    # with no record of its version and no readable header, the home is taken as current: a
    # wrong guess leaves drafts under the ids they had, never moves one onto another
    home = old_home(tmp_path, "home-v4")
    old = drafts(home)
    damage(home, kind)
    opened(home)
    assert drafts(home) == old


def test_a_read_only_schema_4_home_reads_each_draft_where_it_is(tmp_path, course):
    home = old_home(tmp_path, "home-v4")
    with Store(home, read_only=True) as store:
        for o, n in RENAMED.items():
            assert store.drafts.path(n) == home / "work" / f"{o}.py"
            text = store.drafts.read(course.exercise(n))
            assert all(name in text for name in course.exercise(n).names), n
        assert store.drafts.path("6.1") == home / "work" / "6.1.py"
    assert not (home / VERSION_FILE).exists()


@pytest.mark.parametrize("dies_at", [1, 4, 9, 14])
def test_a_migration_stopped_at_any_move_is_finished_once(dies_at, tmp_path, monkeypatch):
    import os

    home = old_home(tmp_path, "home-v4")
    old = drafts(home)
    real_replace = os.replace
    calls = []

    def dying_replace(src, dst):
        if "work" in str(src):
            calls.append(src)
            if len(calls) == dies_at:
                raise KeyboardInterrupt
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", dying_replace)
    with pytest.raises(KeyboardInterrupt):
        Store(home)
    monkeypatch.setattr(os, "replace", real_replace)
    assert not (home / VERSION_FILE).exists()
    with Store(home, read_only=True) as store:  # meanwhile each id reads its own draft
        for o, n in RENAMED.items():
            assert store.drafts.path(n).read_bytes() == old[f"{o}.py"], (dies_at, n)
    opened(home)
    now = drafts(home)
    for o, n in RENAMED.items():
        assert now[f"{n}.py"] == old[f"{o}.py"]
    assert (home / VERSION_FILE).exists() and not (home / "work" / ".renaming").exists()
    damage(home, "deleted")
    opened(home)
    assert drafts(home) == now
