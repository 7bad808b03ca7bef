"""The command line as a user runs it: usage errors, list, check --json, hint, solution, reset,
watch, doctor, --lang, and that none of it imports jax in the CLI's own process. The commands'
own logic runs in this process through `main` (a fake runner of clihelp.py answers `check`); a
real `jaxtutor` process runs where the process itself is the point: a real check end to end with
its recording, `watch`, `python -m tutor`, a real terminal's escapes."""

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clihelp import fake_runner, passed
from helpers import ROOT, jaxtutor_cmd

from tutor.cli import main
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

SOL = ROOT / "lessons" / "ch6" / "exercises"


def cli(*args, input=None, timeout=120):
    return subprocess.run(
        jaxtutor_cmd() + list(args),
        capture_output=True,
        text=True,
        input=input,
        timeout=timeout,
        env=os.environ,
    )


def run(capsys, *args):
    """`jaxtutor ARGS` in this process: (exit code, stdout, stderr)."""
    try:
        code = main(list(args))
    except SystemExit as e:  # argparse: --help, usage errors
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def failed(job):
    """A run whose one check failed with a message of the check's own."""
    return RunResult(
        exercise=job.exercise,
        status=Status.FAILED,
        duration_s=0.1,
        checks=[
            CheckOutcome(
                id="adds",
                name="adds",
                status=CheckStatus.FAILED,
                message="returns count + increment, not count + 1",
            )
        ],
    )


@pytest.mark.parametrize(
    "args",
    [
        ["check", "6.9"],
        ["hint", "7.99"],
        ["exercise", "x"],
        ["lesson", "6.99"],
        ["quiz", "8"],
        ["solution", "a1.9"],
        ["reset", "6.0", "--yes"],
    ],
)
def test_unknown_id_names_closest_and_exits_2(args, capsys):
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    assert "最接近" in err
    assert out == ""


def test_usage_errors_exit_2(capsys):
    assert run(capsys)[0] == 2
    assert run(capsys, "frobnicate")[0] == 2
    assert run(capsys, "check")[0] == 2
    assert run(capsys, "--lang", "fr", "list")[0] == 2
    code, _, err = run(capsys, "check", "6.1", "/no/such/file.py")
    assert code == 2 and "/no/such/file.py" in err


@pytest.mark.parametrize(
    "cmd",
    [
        "start",
        "exercise",
        "lesson",
        "quiz",
        "list",
        "check",
        "watch",
        "hint",
        "solution",
        "progress",
        "reset",
        "doctor",
    ],
)
def test_help_on_each_command(cmd, capsys):
    code, out, _ = run(capsys, cmd, "--help")
    assert code == 0 and "--home" in out and "--lang" in out


def test_list_json_is_complete(capsys):
    code, out, _ = run(capsys, "list", "--json")
    assert code == 0
    data = json.loads(out)
    ids = [e["id"] for ch in data["chapters"] for e in ch["exercises"]]
    assert ids[:3] == ["0.1", "0.2", "0.3"]
    assert all(e["status"] == "unseen" for ch in data["chapters"] for e in ch["exercises"])


def own_copy(tmp_path, ex_id):
    """The reference solution with one line added: the learner's own file, not the reference."""
    path = tmp_path / f"mine_{ex_id}.py"
    path.write_text((SOL / ex_id / "solution.py").read_text() + "\n# my own copy\n")
    return path


def test_check_json_exit_codes_and_recording(home, tmp_path):
    p = cli("check", "6.2", str(SOL / "6.2" / "solution.py"), "--json")
    doc = json.loads(p.stdout)
    # checked the reference: its checks pass, but it is not a pass (exit code 0 is only that)
    assert p.returncode == 1 and doc["status"] == "passed" and doc["reference"] is True
    assert "参考答案" in p.stderr
    listing = json.loads(cli("list", "--json").stdout)
    assert {e["id"]: e["status"] for ch in listing["chapters"] for e in ch["exercises"]}[
        "6.2"
    ] == "started"
    p = cli("check", "6.2", str(own_copy(tmp_path, "6.2")), "--json")
    doc = json.loads(p.stdout)
    assert p.returncode == 0 and doc["status"] == "passed" and p.stderr == ""
    assert "reference" not in doc
    assert set(doc) >= {
        "exercise",
        "status",
        "duration_s",
        "missing",
        "checks",
        "error",
        "stdout",
        "stderr",
        "output_truncated",
    }
    p = cli("check", "6.2", str(SOL / "6.2" / "wrong" / "python_scalar_init.py"), "--json")
    doc = json.loads(p.stdout)
    assert p.returncode == 1 and doc["status"] == "failed"
    failed = [c for c in doc["checks"] if c["status"] == "failed"]
    assert [c["id"] for c in failed] == ["trace_once"]
    assert "弱类型" in failed[0]["message"]  # it names the weak-type retrace
    listing = json.loads(cli("list", "--json").stdout)
    status = {e["id"]: e["status"] for ch in listing["chapters"] for e in ch["exercises"]}
    assert status["6.2"] == "passed"


def test_check_uses_the_draft_and_not_attempted_exits_1(home, monkeypatch, capsys):
    def not_attempted(job):
        return RunResult(exercise=job.exercise, status=Status.NOT_ATTEMPTED, duration_s=0.1)

    runner = fake_runner(monkeypatch, not_attempted)
    code, out, _ = run(capsys, "check", "6.1", "--json")
    assert code == 1
    assert json.loads(out)["status"] == "not_attempted"
    draft = home / "work" / "6.1.py"
    assert draft.is_file() and [Path(j.file) for j in runner.jobs] == [draft]


def test_check_human_output_plain_when_piped(monkeypatch, capsys, tmp_path):
    fake_runner(monkeypatch, failed)
    code, out, _ = run(capsys, "check", "6.1", str(own_copy(tmp_path, "6.1")))
    assert code == 1
    assert "✗" in out and "\x1b[" not in out
    assert "count + increment" in out


def test_hint_one_at_a_time(capsys):
    first = run(capsys, "hint", "6.1")[1]
    second = run(capsys, "hint", "6.1")[1]
    assert "1/3" in first and "2/3" not in first
    assert "2/3" in second
    run(capsys, "hint", "6.1")
    assert run(capsys, "hint", "6.1")[0] == 0


def test_solution_locked_until_pass_or_confirmed_give_up(tmp_path, monkeypatch, capsys):
    fake_runner(monkeypatch, passed)
    code, out, _ = run(capsys, "solution", "6.3")
    assert code == 1 and "def gradient_descent_step" not in out
    code, _, err = run(capsys, "solution", "6.3", "--give-up")  # no terminal to confirm on
    assert code == 2 and "--yes" in err
    code, out, _ = run(capsys, "solution", "6.3", "--give-up", "--yes")
    assert code == 0 and "def gradient_descent_step" in out
    assert "已放弃" in run(capsys, "progress")[1]
    assert "gave up" in run(capsys, "--lang", "en", "progress")[1]
    run(capsys, "check", "6.1", str(SOL / "6.1" / "solution.py"))  # the reference: no unlock
    assert run(capsys, "solution", "6.1")[0] == 1
    run(capsys, "check", "6.1", str(own_copy(tmp_path, "6.1")))
    assert run(capsys, "solution", "6.1")[0] == 0


def test_reset_backs_up_the_draft(home, monkeypatch, capsys):
    fake_runner(monkeypatch, passed)
    run(capsys, "check", "6.1")  # creates the draft
    draft = home / "work" / "6.1.py"
    code = run(capsys, "reset", "6.1", "--yes")[0]  # still the starter: no backup to keep
    assert code == 0 and not (home / "work" / "backup").exists()
    draft.write_text("my work\n")
    code = run(capsys, "reset", "6.1", "--yes")[0]
    assert code == 0
    assert draft.read_text() != "my work\n"
    backups = list((home / "work" / "backup").glob("6.1.*.py"))
    assert backups and backups[0].read_text() == "my work\n"


def test_lang_en_everywhere(capsys, monkeypatch):
    assert "closest" in run(capsys, "--lang", "en", "check", "6.9")[2]
    assert "closest" in run(capsys, "check", "6.9", "--lang", "en")[2]
    assert "closest" not in run(capsys, "hint", "6.9")[2]  # the suite's zh
    monkeypatch.setenv("JAXTUTOR_LANG", "en")
    assert "closest" in run(capsys, "hint", "6.9")[2]


def test_home_option(tmp_path, capsys):
    other = tmp_path / "elsewhere"
    run(capsys, "--home", str(other), "hint", "6.1")
    assert (other / "progress.sqlite3").is_file()


def test_doctor_reports_versions_and_highlighting(capsys):
    from importlib.util import find_spec

    out = run(capsys, "doctor")[1]
    assert "jax: 0.12.0.1" in out and "jaxlib: 0.12.0.1" in out
    available = find_spec("tree_sitter") is not None and find_spec("tree_sitter_python") is not None
    word = "可用" if available else "不可用"
    assert f"编辑器语法高亮: {word}\n" in out  # the whole word, not a part of 不可用


def test_watch_reruns_on_save(tmp_path):
    answer = tmp_path / "answer.py"
    answer.write_text((SOL / "6.1" / "wrong" / "adds_increment.py").read_text())
    lines = []
    with subprocess.Popen(
        jaxtutor_cmd() + ["watch", "6.1", str(answer)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=os.environ,
    ) as proc:
        deadline = time.monotonic() + 90

        def wait_for(word):
            while time.monotonic() < deadline:
                line = proc.stdout.readline()
                if not line:
                    break
                lines.append(line)
                if word in line:
                    return True
            return False

        try:
            assert wait_for("未通过"), "".join(lines)
            answer.write_text((SOL / "6.1" / "solution.py").read_text())
            assert wait_for("通过  ("), "".join(lines)
        finally:
            proc.terminate()
            proc.wait(10)


NO_JAX = """
import sys
from tutor.cli import main
for args in (["list"], ["progress"], ["hint", "6.1"], ["list", "--json"]):
    main(args)
import tutor.running.runner, tutor.storage.store, tutor.course.loader, tutor.authoring.validate
assert "jax" not in sys.modules, "the CLI process imported jax"
assert "numpy" not in sys.modules, "the CLI process imported numpy"
print("clean")
"""


def test_cli_process_never_imports_jax():
    p = subprocess.run(
        [sys.executable, "-c", NO_JAX], capture_output=True, text=True, env=os.environ
    )
    assert p.returncode == 0, p.stderr
    assert "clean" in p.stdout


LEAN_LIST = """
import sys
from tutor.cli import main
main(["list"])
heavy = [m for m in ("tomllib", "rich.style", "tutor.protocol.result", "tutor.protocol.details",
                     "markdown_it", "tutor.cli.watch", "tutor.application.runs",
                     "tutor.application.outcomes")
         if m in sys.modules]
print("loaded:", *heavy)
"""


def test_a_plain_list_loads_only_what_it_shows():
    """`jaxtutor list` into a pipe: no TOML parser once the course index exists, no styles, no
    result model, no Markdown parser, no run service or use-case outcomes (each one costs
    milliseconds of a command run for a glance)."""
    for _ in range(2):  # the first one may write the index
        p = subprocess.run(
            [sys.executable, "-c", LEAN_LIST], capture_output=True, text=True, env=os.environ
        )
        assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1] == "loaded:"


def test_python_dash_m_tutor():
    p = subprocess.run(
        [sys.executable, "-m", "tutor", "list", "--json"],
        capture_output=True,
        text=True,
        env=os.environ,
        cwd=Path("/"),
    )
    assert p.returncode == 0 and json.loads(p.stdout)["chapters"]


CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_lang_en_check_has_no_chinese_of_its_own(monkeypatch, capsys, tmp_path):
    fake_runner(monkeypatch, failed)  # a check's own words, as a real check reports them
    mine = str(own_copy(tmp_path, "6.1"))
    doc = json.loads(run(capsys, "--lang", "en", "check", "6.1", mine, "--json")[1])
    theirs = []  # the check's own names and messages
    for c in doc["checks"]:
        theirs += [c["name"]] + (c.get("message") or "").splitlines()
        detail = c.get("detail") or {}
        theirs += [str(detail.get("what", ""))] + [str(k) for k in (detail.get("values") or {})]
    code, out, err = run(capsys, "--lang", "en", "check", "6.1", mine)
    assert code == 1 and "count + increment" in out
    for line in (out + err).splitlines():
        for text in sorted(filter(None, theirs), key=len, reverse=True):
            line = line.replace(text, "")
        assert not CJK.search(line), line


TERMINAL_TRICKS = r"""
print("\x1b[2J\x1b[H\x1b]52;c;cm0gLXJmIH4=\x07\x1b]0;pwned\x07\x1b]2;title\x1b\\\x1b[?1049h\x1bc")
"""


def test_learner_escapes_do_not_reach_a_real_terminal(tmp_path):
    import pty

    answer = own_copy(tmp_path, "6.1")
    answer.write_text(answer.read_text() + TERMINAL_TRICKS)
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        jaxtutor_cmd() + ["check", "6.1", str(answer)],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env={**os.environ, "COLUMNS": "120"},
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the other side closed
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.wait(120) == 0
    screen = b"".join(chunks).decode("utf-8", "replace")
    for trick in ("\x1b[2J", "\x1b]52", "\x1b]0;", "\x1b]2;", "\x1b[?1049h", "\x1bc"):
        assert trick not in screen, repr(trick)
    assert "\\x1b]52;c;cm0gLXJmIH4=\\x07" in screen  # shown, not obeyed
