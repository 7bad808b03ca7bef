"""The session's use cases with their rules: opening an exercise and its draft, hints, the
solution, reset, the playground's file, a damaged store (runs: test_session_runs.py; the
learner's place and answers: test_session_places.py), against a fake runner (fakes.py). Every
public member of Session is named by a test of these three files (the last test checks it)."""

import ast
import asyncio
import errno
import inspect
import os
import sqlite3
import threading
from pathlib import Path

import pytest
from fakes import FakeRunner

from tutor.application.session import (
    RunnerLike,
    RunRefused,
    SolutionLocked,
)
from tutor.storage.schema import DB_NAME
from tutor.storage.store import Store

GBK = "计数 = 1\n".encode("gbk")


def test_the_real_runner_and_the_fake_share_the_protocol():
    from tutor.running.runner import Runner

    for cls in (Runner, FakeRunner):
        params = inspect.signature(cls.run).parameters
        assert {"job", "on_event", "on_output"} <= set(params), cls
        assert inspect.iscoroutinefunction(cls.run), cls
        assert callable(cls.warm) and callable(cls.close)
    assert isinstance(RunnerLike, type)


# ------------------------------------------------------------ opening an exercise, its draft


def test_open_exercise_ensures_the_draft_and_an_edit_starts_it(session, course, tmp_path):
    opened = session.open_exercise("6.1")
    ex = course.exercise("6.1")
    assert opened.text == ex.starter and opened.read_error is None
    assert opened.draft.path.read_text() == ex.starter and opened.draft is session.draft("6.1")
    assert session.stats("6.1").status == "unseen" == opened.status  # opened only
    assert session.location() == ("exercise", "6.1")
    assert session.record_edit("6.1") == "started" == session.stats("6.1").status
    assert opened.last is None and opened.hints_revealed == 0 and not opened.solution_unlocked


def test_opening_can_defer_its_store_writes(session):
    opened = session.open_exercise("6.1", record=False)
    assert opened.draft.path.exists() and session.location() != ("exercise", "6.1")
    session.record_open("6.1")
    assert session.stats("6.1").status == "unseen" and session.location() == ("exercise", "6.1")


def test_a_draft_that_is_not_utf8_opens_read_only_and_is_not_run(session, runner):
    path, _ = session.ensure_draft("6.1")
    path.write_bytes(GBK)
    opened = session.open_exercise("6.1")
    assert opened.text == GBK.decode("utf-8", "replace")  # its beginning, read-only
    assert "UTF-8" in str(opened.read_error)
    with pytest.raises(RunRefused) as e:
        asyncio.run(session.run("6.1"))
    assert "UTF-8" in e.value.reason and runner.jobs == []


def test_ensure_draft_creates_it_once_where_draft_path_says(session, course, tmp_path):
    path = session.draft_path("6.1")
    assert path == tmp_path / "work" / "6.1.py" and not path.exists()
    assert session.ensure_draft("6.1") == (path, True)
    assert path.read_text() == course.exercise("6.1").starter
    path.write_text("mine = 1\n")
    assert session.ensure_draft("6.1") == (path, False) and path.read_text() == "mine = 1\n"


def test_saved_text_changes_only_after_a_successful_write(session, runner, monkeypatch):
    draft = session.open_exercise("6.1").draft
    assert session.draft("6.1").save("x = 1\n").ok and not draft.is_dirty("x = 1\n")

    def no_space(*a, **k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_space)
    outcome = session.draft("6.1").save("x = 2\n")
    assert not outcome.ok and os.strerror(errno.ENOSPC) in outcome.reason
    assert not draft.is_dirty("x = 1\n") and draft.is_dirty("x = 2\n")
    assert draft.path.read_text() == "x = 1\n"
    with pytest.raises(RunRefused):  # never checks the older file
        asyncio.run(session.run("6.1", text="x = 2\n"))
    assert runner.jobs == []
    monkeypatch.undo()
    assert session.draft("6.1").save("x = 2\n").ok and not draft.is_dirty("x = 2\n")


def test_a_read_only_draft_refuses_the_save_with_a_reason(session):
    draft = session.open_exercise("6.1").draft
    os.chmod(draft.path, 0o444)
    outcome = session.draft("6.1").save("x = 3\n")
    assert not outcome.ok and str(draft.path) in outcome.reason
    assert draft.path.read_text() == session.course.exercise("6.1").starter


def test_drafts_save_safely_from_two_threads(session):
    draft = session.open_exercise("6.1").draft
    texts = [f"x = {i}\n" for i in range(40)]
    threads = [threading.Thread(target=draft.save, args=(text,)) for text in texts]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    on_disk = draft.path.read_text()
    assert on_disk in texts and not draft.is_dirty(on_disk)


def test_watch_targets_name_the_draft_or_the_file_given(session, tmp_path):
    session.ensure_draft("6.1")
    draft = session.watch_targets("6.1")
    assert draft.concerns(str(session.draft_path("6.1")))
    mine = tmp_path / "elsewhere" / "answer.py"
    given = session.watch_targets("6.1", mine)
    assert given.concerns(str(mine)) and not given.concerns(str(session.draft_path("6.1")))
    assert given.folders == (mine.parent,)


def test_time_spent_adds_up(session):
    session.add_time("6.1", 12.5)
    session.add_time("6.1", 7.5)
    session.add_time("6.1", -3.0)  # a clock that went back adds nothing
    assert session.stats("6.1").time_spent_s == 20.0


# ------------------------------------------------------------ hints, the solution, reset


def test_hints_one_at_a_time(session, course):
    total = len(course.exercise("6.1").hints)
    assert session.hints("6.1") == []
    first = session.reveal_hint("6.1")
    assert first.count == 1 and first.new and first.total == total
    for _ in range(total + 2):
        last = session.reveal_hint("6.1")
    assert last.count == total and not last.new
    assert session.hints("6.1") == course.exercise("6.1").hints


def test_solution_locked_until_given_up(session, course, tmp_path):
    with pytest.raises(SolutionLocked):
        session.view_solution("6.3")
    session.give_up("6.3")
    assert session.view_solution("6.3") == course.exercise("6.3").solution
    stats = session.stats("6.3")
    assert stats.gave_up and stats.status != "passed"
    db = sqlite3.connect(tmp_path / DB_NAME)
    views = db.execute("SELECT gave_up FROM solution_view WHERE exercise = '6.3'").fetchall()
    db.close()
    assert views == [(1,)]  # viewed after giving up


def test_reset_backs_up_only_real_work(session, course):
    ex = course.exercise("6.1")
    session.open_exercise("6.1")
    assert session.reset("6.1").backup is None  # the starter: nothing to keep
    session.draft("6.1").save("my work\n")
    backup = session.reset("6.1").backup
    assert backup.read_text() == "my work\n"
    assert not session.draft("6.1").is_dirty(ex.starter)
    assert session.draft("6.1").path.read_text() == ex.starter


# ------------------------------------------------------------ the playground's file


def test_the_playground_draft_is_one_file_per_chapter(session, course, tmp_path):
    chapter = course.chapters[0]
    draft = session.playground_draft(chapter.id)
    assert draft is session.playground_draft(chapter.id)  # one per chapter in the session
    assert draft.path == tmp_path / "playground" / f"{chapter.id}.py"
    assert draft.opening().text == "" and draft.path.read_text() == ""
    assert draft.save("y = 2\n").ok and draft.path.read_text() == "y = 2\n"
    kept = draft.keep("y = 2\n", "cleared")
    assert kept.parent == tmp_path / "playground" / "backup" and kept.read_text() == "y = 2\n"


# ------------------------------------------------------------ a damaged store


def test_a_session_over_a_damaged_store_says_where_it_was_moved(make_session, tmp_path):
    healthy = make_session(tmp_path / "ok")
    assert healthy.recovered_from is None and healthy.salvaged_rows == 0
    home = tmp_path / "damaged"
    store = Store(home)
    for i in range(300):
        store.record_quiz_answer("6", f"q{i}", "A" * 150, True)
    store.close()
    data = bytearray((home / DB_NAME).read_bytes())
    page = 4096
    middle = len(data) // page // 2
    data[middle * page : (middle + 1) * page] = b"\xa5" * page  # one page of the table lost
    (home / DB_NAME).write_bytes(bytes(data))
    session = make_session(home)
    assert session.recovered_from is not None and session.recovered_from.exists()
    back = len(session.quiz_answers("6"))  # what SQLite could still read is back
    assert 0 < back <= 300 and session.salvaged_rows >= back


def test_a_draft_whose_new_name_is_taken_is_kept_in_backup_and_named(make_session, tmp_path):
    import shutil

    home = tmp_path / "home-v4"
    shutil.copytree(Path(__file__).parents[1] / "fixtures" / "home-v4", home)
    old = (home / "work" / "6.4.py").read_bytes()  # 6.4 is now called 6.6 ...
    (home / "work" / "6.6.py").unlink()
    (home / "work" / "6.6.py").mkdir()  # ... where something else is
    session = make_session(home)
    [aside] = session.moved_aside
    assert aside.parent == home / "work" / "backup" and aside.name.startswith("6.6.moved.")
    assert aside.read_bytes() == old and (home / "work" / "6.6.py").is_dir()
    assert make_session(home).moved_aside == []  # said once


# ------------------------------------------------------------ every member is tested


def test_every_public_member_of_the_session_is_named_by_a_test_here(session):
    """A use case added to Session (or to its mixins) without a test in the session's test files
    (this one, test_session_runs.py, test_session_places.py) fails this test."""
    members = {name for name in dir(session) if not name.startswith("_")}
    trees = [
        ast.parse(p.read_text(encoding="utf-8"))
        for p in Path(__file__).parent.glob("test_session*.py")
    ]
    assert len(trees) == 3
    named = {
        node.attr
        for tree in trees
        for fn in tree.body
        if isinstance(fn, ast.FunctionDef) and fn.name.startswith("test_")
        if fn.name != "test_every_public_member_of_the_session_is_named_by_a_test_here"
        for node in ast.walk(fn)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in ("session", "healthy", "cold", "locked")
    }
    assert len(members) > 40 and {"store", "runs"}.isdisjoint(members)
    assert sorted(members - named) == []
