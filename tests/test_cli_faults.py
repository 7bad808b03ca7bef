"""The command line in-process, with a fake runner (session.RunnerLike): absurd numbers and an
unknown language as usage errors, draft faults as messages, learner output sanitised on a
terminal, `watch` under rename-saves and vanishing files, every failure-detail kind rendered; in a
real process, the app asked for with no terminal. (Store faults: test_cli_store_faults.py.)"""

import io
import json
import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest
from clihelp import TTY, fake_runner, passed
from helpers import ROOT
from test_cli import SOL, cli, own_copy


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

    # --lang en below sets the process's language: the conftest sets it back after the test
    monkeypatch.setenv("JAXTUTOR_LANG", "xx")
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and "JAXTUTOR_LANG=xx" in err and "Traceback" not in err
    monkeypatch.setenv("JAXTUTOR_LANG", "xx")  # --lang overrides it, as always
    assert main(["--lang", "en", "list", "--json"]) == 0


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


def inotify_watched() -> set[int]:
    """The inodes this process watches through inotify (Linux: /proc/self/fdinfo)."""
    found = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}") != "anon_inode:inotify":
                continue
            info = Path(f"/proc/self/fdinfo/{fd}").read_text()
        except OSError:  # closed meanwhile
            continue
        found |= {int(ino, 16) for ino in re.findall(r"\bino:([0-9a-f]+)", info)}
    return found


def test_watch_survives_rename_saves_and_a_vanishing_file(tmp_path, monkeypatch):
    from tutor.cli import build_args, watch

    seen = []

    def make(job):
        seen.append(Path(job.file).read_text())
        return passed(job)

    fake_runner(monkeypatch, make)
    shown = io.StringIO()  # read while the command writes (capsys would empty it on each read)
    monkeypatch.setattr(sys, "stdout", shown)
    answer = tmp_path / "answer.py"
    answer.write_text("v = 1\n")
    stop = threading.Event()
    args = build_args(["watch", "6.1", str(answer), "--debounce", "0.2", "--runs", "3"])
    codes = []
    th = threading.Thread(target=lambda: codes.append(watch.cmd_watch(args, stop)), daemon=True)
    th.start()

    def wait_for(done) -> bool:
        deadline = time.monotonic() + 30
        while not done() and time.monotonic() < deadline:
            time.sleep(0.05)
        return done()

    try:
        assert wait_for(lambda: len(seen) >= 1)
        # a save is seen once the watcher watches the folder: the kernel says when it does
        assert wait_for(lambda: tmp_path.stat().st_ino in inotify_watched())
        tmp = tmp_path / ".answer.py.swp"
        tmp.write_text("v = 2\n")
        os.replace(tmp, answer)  # an editor that saves by rename
        assert wait_for(lambda: len(seen) >= 2)
        answer.unlink()  # gone when the quiet period ends: the watch says so and waits …
        assert wait_for(lambda: "不存在" in shown.getvalue()), shown.getvalue()
        tmp.write_text("v = 3\n")
        os.replace(tmp, answer)  # … until it is back
        assert wait_for(lambda: len(seen) >= 3), seen
    finally:
        stop.set()
        th.join(10)
    assert seen == ["v = 1\n", "v = 2\n", "v = 3\n"] and codes == [0]


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


def test_ctrl_c_during_check_ends_with_the_cancelled_verdict(monkeypatch, capsys):
    """`jaxtutor check` runs its check as one asyncio task: Ctrl-C cancels that task, the runner
    ends the run as cancelled, and the command prints that verdict (no traceback, exit 1)."""
    import asyncio
    import signal

    from tutor.application.runs import RunService
    from tutor.cli import commands, main
    from tutor.running.judging import Ended, Facts, judge
    from tutor.words.catalog import t

    class Interrupted:
        """A runner whose job is still going when the learner presses Ctrl-C."""

        async def run(self, job, on_event=None, on_output=None):
            signal.raise_signal(signal.SIGINT)
            try:  # bounded: a SIGINT that cancels nothing fails the test instead of hanging it
                await asyncio.wait_for(asyncio.Event().wait(), timeout=60)
            except asyncio.CancelledError:  # as the real runner: the cancel is the learner's
                asyncio.current_task().uncancel()
                return judge(Facts.of(job, ended=Ended.CANCELLED))
            raise AssertionError("Ctrl-C did not cancel the check's task")

        def warm(self, context=None):
            pass

        def close(self):
            pass

    monkeypatch.setattr(commands, "make_runs", lambda *a, **k: RunService(Interrupted()))
    # a terminal's Ctrl-C reaches the default handler, which asyncio.run replaces by its cancel;
    # a test worker process (pytest-xdist) may have SIGINT ignored, so the test sets the default
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        assert main(["check", "6.1"]) == 1
    finally:
        signal.signal(signal.SIGINT, previous)
    out, err = capsys.readouterr()
    assert t("run.cancelled") in out and "Traceback" not in err + out


@pytest.mark.parametrize("args", [["start"], ["exercise", "6.1"]])
def test_the_app_without_a_terminal_is_a_message_not_a_spinning_process(args):
    """With no terminal to read keys from (a pipe, a CI job), the app would wait forever on an
    input that never comes; it says why it does not open, and which commands work instead."""
    from tutor.words.catalog import t

    p = cli(*args, input="", timeout=60)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert t("cli.no_terminal") in p.stderr
    unknown = cli("exercise", "99.9", input="", timeout=60)  # a bad id is still told first
    assert unknown.returncode == 2 and t("cli.no_terminal") not in unknown.stderr
