"""The command line in-process, with a fake runner (session.RunnerLike): store and draft
faults as messages, absurd numbers as usage errors, learner output sanitised on a terminal,
`watch` under rename-saves and vanishing files, every failure-detail kind rendered."""

import io
import json
import os
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT
from test_cli import SOL, cli, own_copy


class FakeRun:
    def __init__(self, result):
        self.result = result

    def cancel(self):
        pass

    def wait(self, timeout=None):
        return self.result


class FakeRunner:
    """session.RunnerLike: answers every job with `make(job)`; remembers the jobs."""

    def __init__(self, make):
        self.make, self.jobs = make, []

    def start(self, job, on_event=None, on_output=None):
        self.jobs.append(job)
        return FakeRun(self.make(job))

    def warm(self, context=None):
        pass

    def close(self):
        pass


def fake_runner(monkeypatch, make):
    from tutor.application.runs import RunService
    from tutor.cli import commands, watch

    runner = FakeRunner(make)

    def make_runs(keep_warm, interactive=False):
        return RunService(runner, keep_warm=keep_warm, interactive=interactive)

    monkeypatch.setattr(commands, "make_runs", make_runs)
    monkeypatch.setattr(watch, "make_runs", make_runs)
    return runner


def passed(job, stdout=""):
    from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

    return RunResult(
        exercise=job.exercise,
        status=Status.PASSED,
        duration_s=0.1,
        stdout=stdout,
        checks=[CheckOutcome(id="a", name="a", status=CheckStatus.PASSED)],
    )


class TTY(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize(
    "args",
    [
        ["check", "6.1", "--timeout", v]
        for v in ("nan", "inf", "-inf", "1e308", "0", "-1", "x", "0.001", "0.049")
    ]
    + [["watch", "6.1", "--debounce", v] for v in ("-1", "nan", "inf", "1e9")],
)
def test_absurd_seconds_are_usage_errors(args, capsys):
    from tutor.cli import main

    with pytest.raises(SystemExit) as e:
        main(args)
    err = capsys.readouterr().err
    assert e.value.code == 2 and args[2] in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["list"], ["check", "6.1", "--json"]])
def test_an_unknown_language_in_the_environment_is_a_usage_error(argv, monkeypatch, capsys):
    from tutor.cli import main
    from tutor.words import catalog

    monkeypatch.setattr(catalog, "_lang", catalog.lang())  # --lang en below: restored after

    monkeypatch.setenv("JAXTUTOR_LANG", "xx")
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and "JAXTUTOR_LANG=xx" in err and "Traceback" not in err
    monkeypatch.setenv("JAXTUTOR_LANG", "xx")  # --lang overrides it, as always
    assert main(["--lang", "en", "list", "--json"]) == 0


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
    from tutor.storage.store import Store

    Store(home).mark_read("6.1")
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
    from tutor.storage.store import Store

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


def test_check_on_a_file_that_is_not_utf8(tmp_path, monkeypatch, capsys):
    from tutor.cli import main

    runner = fake_runner(monkeypatch, passed)
    gbk = tmp_path / "gbk.py"
    gbk.write_bytes((SOL / "6.1" / "solution.py").read_text().encode("gbk"))
    assert main(["check", "6.1", str(gbk)]) == 1
    assert "UTF-8" in capsys.readouterr().err and runner.jobs == []


def test_a_pass_shows_the_explanation_rendered(tmp_path, monkeypatch, capsys):
    from tutor.cli import main

    fake_runner(monkeypatch, passed)
    assert main(["check", "6.1", str(own_copy(tmp_path, "6.1"))]) == 0
    out = capsys.readouterr().out
    assert "为什么这样写" in out
    assert "## " not in out and "**" not in out  # Markdown rendered, not printed raw


ESCAPES = (
    "\x1b[2J\x1b[H"
    "\x1b]52;c;cm0gLXJmIH4=\x07"
    "\x1b]0;pwned\x07"
    "\x1b]2;title\x1b\\"
    "\x1b[?1049h"
    "\x1bc"
    "\x9b2J"
    "bell\x07 back\x08 cr\r end\tok\n"
)


def test_learner_output_is_sanitised_on_a_terminal(tmp_path, monkeypatch):
    from tutor.cli import main

    fake_runner(monkeypatch, lambda job: passed(job, stdout=ESCAPES))
    monkeypatch.setenv("NO_COLOR", "1")  # no styling: any ESC would be the learner's
    tty = TTY()
    monkeypatch.setattr(sys, "stdout", tty)
    assert main(["check", "6.1", str(own_copy(tmp_path, "6.1"))]) == 0
    text = tty.getvalue()
    assert not any(c in text for c in "\x1b\x9b\x07\x08\r")
    assert "\\x1b]52;c;cm0gLXJmIH4=\\x07" in text and "\\x1bc" in text and "end\tok" in text


def test_json_output_is_unchanged(tmp_path, monkeypatch, capsys):
    from tutor.cli import main

    fake_runner(monkeypatch, lambda job: passed(job, stdout=ESCAPES))
    assert main(["check", "6.1", str(own_copy(tmp_path, "6.1")), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stdout"] == ESCAPES


def test_sanitize_keeps_text_and_shows_controls():
    from tutor.terminal_text import sanitize

    assert sanitize("a\tb\nc 中文 ✓") == "a\tb\nc 中文 ✓"
    assert sanitize("x\r\ny") == "x\ny"
    assert sanitize("\x1b[31mred") == "\\x1b[31mred"
    assert sanitize("\x1b]52;c;ZWNobw==\x07") == "\\x1b]52;c;ZWNobw==\\x07"
    assert sanitize("\x9b2J\x7f\x00") == "\\x9b2J\\x7f\\x00"
    assert "\x1b" not in sanitize(ESCAPES) and sanitize(ESCAPES).count("\n") == 1


def test_watch_survives_rename_saves_and_a_vanishing_file(tmp_path, monkeypatch, capsys):
    import threading

    from tutor.cli import build_args, watch

    seen = []

    def make(job):
        seen.append(Path(job.file).read_text())
        return passed(job)

    fake_runner(monkeypatch, make)
    answer = tmp_path / "answer.py"
    answer.write_text("v = 1\n")
    stop = threading.Event()
    args = build_args(["watch", "6.1", str(answer), "--debounce", "0.2", "--runs", "3"])
    codes = []
    th = threading.Thread(target=lambda: codes.append(watch.cmd_watch(args, stop)), daemon=True)
    th.start()

    def wait_for(n):
        deadline = time.monotonic() + 30
        while len(seen) < n and time.monotonic() < deadline:
            time.sleep(0.05)
        return len(seen) >= n

    try:
        assert wait_for(1)
        time.sleep(0.5)  # the watcher is set up
        tmp = tmp_path / ".answer.py.swp"
        tmp.write_text("v = 2\n")
        os.replace(tmp, answer)  # an editor that saves by rename
        assert wait_for(2)
        answer.unlink()  # gone during the quiet period …
        time.sleep(0.05)
        tmp.write_text("v = 3\n")
        time.sleep(0.6)
        os.replace(tmp, answer)  # … and back
        assert wait_for(3), seen
    finally:
        stop.set()
        th.join(10)
    assert seen == ["v = 1\n", "v = 2\n", "v = 3\n"] and codes == [0]
    assert "不存在" in capsys.readouterr().out


def test_every_detail_kind_is_rendered():
    from tutor.cli.render import detail_lines
    from tutor.protocol import details as D

    samples = {
        D.AllClose: dict(
            expected=list(range(1000)),
            actual=[0.5] * 1000,
            rtol=1e-3,
            atol=1e-4,
            max_abs_err=998.5,
            mismatched=999,
            total=1000,
            first_mismatches=[[[i], i, 0.5] for i in range(1, 9)],
        ),
        D.ShapeMismatch: dict(
            expected=[[1, 2]], actual=[1, 2], expected_shape=[1, 2], actual_shape=[2]
        ),
        D.DtypeMismatch: dict(
            expected=[1.0], actual=[1], expected_dtype="float32", actual_dtype="int32"
        ),
        D.TypeMismatch: dict(expected=[1.0], actual="None"),
        D.Tree: dict(
            leaves=[
                D.Leaf(path="['w']", ok=False, expected=[1.0], actual=[2.0], max_abs_err=1.0),
                D.Leaf(
                    path="['b']", ok=False, problem="shape", expected_shape=[3], actual_shape=[4]
                ),
                D.Leaf(path="['c']", ok=True),
            ],
            mismatched=2,
            total=3,
        ),
        D.Structure: dict(
            expected="tuple of 2",
            actual="list of 3",
            expected_paths=["[0]", "[1]"],
            actual_paths=["[0]", "[1]", "[2]"],
        ),
        D.Equal: dict(expected=3, actual=4),
        D.Condition: dict(values={"count": 7, "limit": 5}),
        D.Compiles: dict(function="step", actual=3, at_most=1, names=[f"f{i}" for i in range(12)]),
        D.LearnerError: dict(line=7, traceback='File "answer.py", line 7\nZeroDivisionError'),
    }
    assert set(samples) == set(D.ALL_KINDS)
    for cls, kwargs in samples.items():
        detail = cls(what="the value", **kwargs)
        for form in (detail, detail.to_dict()):  # typed, or as it travels in JSON
            lines = detail_lines(form)
            assert lines[0] == "the value" and len(lines) > 1, cls
            assert all(len(line) < 400 for line in lines), cls
    long = detail_lines(D.AllClose(expected=list(range(1000)), actual=list(range(1000))))
    assert "…" in long[0] + long[1] and "999" not in long[0]
    truncated = detail_lines(
        D.Equal(expected={"truncated_flat": [1, 2, 3], "shape": [5000]}, actual=1)
    )
    assert "…" in truncated[0] and "5000" in truncated[0]
    assert detail_lines({"kind": "from-the-future", "x": 1}) == [
        '{"kind": "from-the-future", "x": 1}'
    ]


def test_cli_modules_are_small():
    folder = ROOT / "tutor" / "cli"
    sizes = {p.name: len(p.read_text().splitlines()) for p in folder.glob("*.py")}
    assert {"__init__.py", "parser.py", "commands.py", "render.py"} <= set(sizes)
    assert max(sizes.values()) < 400, sizes


def test_a_stored_value_of_the_wrong_type_is_read_without_a_traceback(home, capsys):
    import sqlite3

    from tutor.cli import main
    from tutor.storage.schema import DB_NAME
    from tutor.storage.store import Store

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


@pytest.mark.parametrize("kind", ["not_utf8", "missing"])
def test_check_json_on_a_refused_run_prints_one_result_document(kind, home, tmp_path, capsys):
    from tutor.cli import main

    path = tmp_path / "answer.py"
    if kind == "not_utf8":
        path.write_bytes("x = '计数'\n".encode("gbk"))
    code = main(["check", "6.1", str(path), "--json"])
    assert code == (1 if kind == "not_utf8" else 2)
    doc = json.loads(capsys.readouterr().out)
    assert doc["status"] == "error" and doc["exercise"] == "6.1"
    assert str(path) in doc["message"] and doc["error"]["message"] == doc["message"]


def _mounted(*args: str) -> bool:
    import shutil
    import subprocess

    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def faulty_home(request, tmp_path, monkeypatch):
    """A home with progress in it, then made read-only (a read-only bind mount), full (a tiny
    tmpfs filled up) or locked (the store's opening fails with "database is locked" at its
    boundary). Real mounts need root and mount(8); without them those cases are skipped."""
    import subprocess

    from tutor.storage.store import Store

    kind = request.param
    home = tmp_path / "home"
    home.mkdir()
    mounts = []
    if kind == "full":
        if not _mounted("-t", "tmpfs", "-o", "size=512k", "tmpfs", str(home)):
            pytest.skip("cannot mount a tmpfs here")
        mounts.append(home)
    store = Store(home)
    store.mark_read("6.1")
    store.close()
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

        def locked(self):
            raise sqlite3.OperationalError("database is locked")

        import sqlite3

        monkeypatch.setattr(Store, "_open_writable", locked)
    monkeypatch.setenv("JAXTUTOR_HOME", str(home))
    yield home
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
