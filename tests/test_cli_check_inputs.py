"""What `check` is given, and what it answers: the reference solution (byte for byte, or with
other line endings or trailing spaces) is never a pass; with --json, stdout holds one document
even when the id is unknown or the store cannot be opened; FILE that is a folder, a pipe or a
device is named as such; `--home ""` is a usage error; a `reset` that cannot write its backup
leaves no part of one."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from clihelp import fake_runner, passed
from helpers import ROOT

from tutor.cli import main

SOLUTION = ROOT / "lessons" / "ch6" / "exercises" / "6.2" / "solution.py"


def _variant(tmp_path, kind):
    text = SOLUTION.read_text(encoding="utf-8")
    path = tmp_path / f"{kind}.py"
    if kind == "same":
        path.write_bytes(SOLUTION.read_bytes())
    elif kind == "crlf":
        path.write_bytes(text.replace("\n", "\r\n").encode())
    elif kind == "trailing_spaces":
        path.write_text("\n".join(line + "  \t" for line in text.split("\n")) + "\n\n\n")
    else:  # a byte-order mark and old Mac line endings
        path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r").encode())
    return path


@pytest.mark.parametrize("kind", ["same", "crlf", "trailing_spaces", "bom_cr"])
def test_the_reference_solution_is_never_a_pass(kind, tmp_path, monkeypatch, capsys):
    fake_runner(monkeypatch, passed)
    file = str(_variant(tmp_path, kind))
    assert main(["check", "6.2", file, "--json"]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["reference"] is True and "参考答案" in captured.err
    assert main(["check", "6.2", file]) == 1  # the text view too
    capsys.readouterr()
    assert main(["list", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    status = {e["id"]: e["status"] for ch in listing["chapters"] for e in ch["exercises"]}
    assert status["6.2"] != "passed"
    assert main(["solution", "6.2"]) == 1  # still locked
    capsys.readouterr()
    mine = tmp_path / "mine.py"  # one line of one's own: a pass
    mine.write_text(SOLUTION.read_text(encoding="utf-8") + "\nprint('my own line')\n")
    assert main(["check", "6.2", str(mine), "--json"]) == 0
    assert "reference" not in json.loads(capsys.readouterr().out)
    assert main(["solution", "6.2"]) == 0


def test_an_unknown_id_with_json_is_a_refusal_document(capsys):
    assert main(["check", "zz", "--json"]) == 2
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["exercise"] == "zz" and doc["status"] == "error"
    assert "zz" in doc["error"]["message"] and "zz" in captured.err


def test_a_home_that_is_a_file_with_json_is_a_refusal_document(tmp_path, capsys):
    home = tmp_path / "a-file"
    home.write_text("x")
    assert main(["--home", str(home), "check", "6.1", "--json"]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["exercise"] == "6.1" and doc["status"] == "error"
    assert str(home) in doc["error"]["message"] and str(home) in captured.err


@pytest.mark.parametrize("command", [["list"], ["check", "6.1"], ["progress"]])
def test_an_empty_home_is_a_usage_error(command, capsys, home):
    with pytest.raises(SystemExit) as stopped:
        main(["--home", "", *command])
    assert stopped.value.code == 2
    assert "--home" in capsys.readouterr().err
    assert not home.exists()  # no home was used, not even the default one


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
@pytest.mark.parametrize("json_out", [False, True])
def test_a_file_that_is_not_a_regular_file_is_named_as_such(kind, json_out, tmp_path, capsys):
    if kind == "folder":
        path, words = tmp_path / "a-folder", "文件夹"
        path.mkdir()
    elif kind == "fifo":
        path, words = tmp_path / "a-pipe", "管道"
        os.mkfifo(path)
    else:
        path, words = Path(os.devnull), "设备"
    assert main(["check", "6.1", str(path)] + (["--json"] if json_out else [])) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "找不到" not in captured.err
    if json_out:
        assert words in json.loads(captured.out)["error"]["message"]


def test_a_reset_that_cannot_write_its_backup_leaves_none(home, course):
    from tutor.storage.store import Store

    with Store(home) as store:
        store.drafts.write("6.1", "# 我的草稿\n" + "x = 1\n" * 300_000)  # 1.8 MB
    draft = (home / "work" / "6.1.py").read_bytes()
    # the disk is full past 1 MB for the command (a file size limit: writes past it fail)
    script = (
        "import resource, signal, sys\n"
        "from tutor.cli import main\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1_000_000, resource.RLIM_INFINITY))\n"
        "sys.exit(main(['--home', sys.argv[1], 'reset', '6.1', '--yes']))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", script, str(home)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert p.returncode == 1 and "Traceback" not in p.stderr and p.stderr.strip()
    assert (home / "work" / "6.1.py").read_bytes() == draft
    backups = home / "work" / "backup"
    assert not backups.exists() or [f.name for f in backups.iterdir()] == []
