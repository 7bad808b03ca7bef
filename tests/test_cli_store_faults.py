"""The command line on a store that is not as it should be: a home that is a file, a database of
another program or a newer version, a read-only or full home, a database locked by another
connection, a value of the wrong type, a database path that is no file. Each is a message (and
where reading still works, a read-only view), never a traceback; a verdict is always printed."""

import json
import os

import pytest
from clihelp import fake_runner, passed
from test_cli import cli, own_copy

from tutor.storage.store import Store


@pytest.mark.parametrize(
    "command",
    [
        ["list"],
        ["progress"],
        ["hint", "6.1"],
        ["check", "6.1"],
        ["reset", "6.1", "--yes"],
        ["start"],
    ],
)
def test_a_home_that_is_a_file_is_a_message(command, tmp_path):
    home = tmp_path / "file"
    home.write_text("x")
    p = cli("--home", str(home), *command)
    assert p.returncode == 1 and str(home) in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("kind", ["newer", "tables"])
def test_a_foreign_or_newer_database_is_a_message(kind, home):
    import sqlite3

    from tutor.storage.schema import DB_NAME, SCHEMA_VERSION

    home.mkdir()
    db = sqlite3.connect(home / DB_NAME)
    db.execute(
        f"PRAGMA user_version = {SCHEMA_VERSION + 1}"
        if kind == "newer"
        else "CREATE TABLE notes (x)"
    )
    db.commit()
    db.close()
    for command in (["progress"], ["hint", "6.1"]):
        p = cli(*command)
        assert p.returncode == 1 and "Traceback" not in p.stderr
        assert ("升级" if kind == "newer" else "表结构") in p.stderr


def test_a_read_only_home_still_lists_and_refuses_writes(home, monkeypatch, capsys):
    from tutor.cli import main

    with Store(home) as store:
        store.mark_read("6.1")
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda p, m, **k: False if str(p) == str(home) else real(p, m, **k)
    )
    assert main(["list", "--json"]) == 0
    captured = capsys.readouterr()
    lessons = {
        page["id"]: page["read"]
        for ch in json.loads(captured.out)["chapters"]
        for page in ch["lessons"]
    }
    assert lessons["6.1"] and not any(read for lid, read in lessons.items() if lid != "6.1")
    assert "只读" in captured.err
    assert main(["hint", "6.1"]) == 0  # the hint is shown; revealing it is not recorded
    captured = capsys.readouterr()
    assert str(home) in captured.err and "只读" in captured.err and "提示 1/" in captured.out
    assert main(["reset", "6.1", "--yes"]) == 1  # a command whose point is to write refuses


def test_check_prints_its_verdict_when_recording_fails(home, monkeypatch, capsys, tmp_path):
    import sqlite3

    from tutor.cli import main
    from tutor.storage import database
    from tutor.storage.schema import DB_NAME

    fake_runner(monkeypatch, passed)
    Store(home).close()
    monkeypatch.setattr(database, "LOCK_TIMEOUT_S", 0.2)
    holder = sqlite3.connect(home / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        code = main(["check", "6.1", str(own_copy(tmp_path, "6.1"))])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    out, err = capsys.readouterr()
    assert code == 0 and "6.1  通过" in out and "没能记入进度" in err and "Traceback" not in err


def test_a_stored_value_of_the_wrong_type_is_read_without_a_traceback(home, capsys):
    import sqlite3

    from tutor.cli import main
    from tutor.storage.schema import DB_NAME

    store = Store(home)
    store.add_time("6.1", 90.0)
    store.close()
    db = sqlite3.connect(home / DB_NAME)
    db.execute("UPDATE exercise SET time_spent_s = 'abc', first_passed_at = 'x' WHERE id = '6.1'")
    db.commit()
    db.close()
    assert main(["progress"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["folder", "dangling_link"])
def test_a_database_path_that_is_no_file_gets_its_own_message(kind, home, capsys):
    from tutor.cli import main
    from tutor.storage.schema import DB_NAME

    home.mkdir()
    if kind == "folder":
        (home / DB_NAME).mkdir()
    else:
        (home / DB_NAME).symlink_to(home / "gone" / "progress.db")
    assert main(["hint", "6.1"]) == 1
    err = capsys.readouterr().err
    assert str(home / DB_NAME) in err and "不可写" not in err
    assert ("文件夹" if kind == "folder" else "符号链接") in err


def _mounted(*args: str) -> bool:
    import shutil
    import subprocess

    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def faulty_home(request, tmp_path, monkeypatch):
    """A home with progress in it, then made read-only (a read-only bind mount), full (a tiny
    tmpfs filled up) or locked (another connection holds the database in exclusive mode: the
    store's opening waits for it, then fails with "database is locked"). Real mounts need root
    and mount(8); without them those cases are skipped."""
    import sqlite3
    import subprocess

    from tutor.storage import database
    from tutor.storage.schema import DB_NAME

    kind = request.param
    home = tmp_path / "home"
    home.mkdir()
    mounts, holders = [], []
    if kind == "full":
        if not _mounted("-t", "tmpfs", "-o", "size=512k", "tmpfs", str(home)):
            pytest.skip("cannot mount a tmpfs here")
        mounts.append(home)
    with Store(home) as store:
        store.mark_read("6.1")
    if kind == "read_only":
        view = tmp_path / "ro-home"
        view.mkdir()
        if not _mounted("--bind", str(home), str(view)):
            pytest.skip("cannot bind-mount here")
        mounts.append(view)
        if not _mounted("-o", "remount,bind,ro", str(view)):
            subprocess.run(["umount", str(view)])
            pytest.skip("cannot remount read-only here")
        home = view
    elif kind == "full":
        with open(home / "filler", "wb") as fh:  # until the disk is full
            try:
                while True:
                    fh.write(b"\0" * 4096)
                    fh.flush()
            except OSError:
                pass
        for side in home.glob("progress*-*"):  # no room left for SQLite's side files
            side.unlink()
    elif kind == "locked":
        monkeypatch.setattr(database, "LOCK_TIMEOUT_S", 0.2)  # the wait for the lock, shortened
        holder = sqlite3.connect(home / DB_NAME, isolation_level=None)
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")  # no other connection may read or write the file
        holders.append(holder)
    monkeypatch.setenv("JAXTUTOR_HOME", str(home))
    yield home
    for holder in holders:
        holder.execute("ROLLBACK")
        holder.close()
    for mount in reversed(mounts):
        subprocess.run(["umount", "-l", str(mount)])


@pytest.mark.parametrize("faulty_home", ["read_only", "full", "locked"], indirect=True)
def test_every_store_fault_still_gives_a_verdict_and_read_only_views(
    faulty_home, monkeypatch, capsys, tmp_path
):
    from tutor.cli import main

    fake_runner(monkeypatch, passed)
    answer = own_copy(tmp_path, "6.1")
    assert main(["check", "6.1", str(answer), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["status"] == "passed"
    assert "不会记入进度" in err and "Traceback" not in err
    assert main(["check", "6.1", str(answer)]) == 0
    assert "6.1  通过" in capsys.readouterr().out
    for command in (["list"], ["progress"], ["hint", "6.1"]):
        assert main(command) == 0, command
        out, err = capsys.readouterr()
        assert "只读" in err and "Traceback" not in err, command
    assert main(["list", "--json"]) == 0
    lessons = {
        page["id"]: page["read"]
        for ch in json.loads(capsys.readouterr().out)["chapters"]
        for page in ch["lessons"]
    }
    assert lessons["6.1"]  # what was recorded before the fault is shown
