"""The command line as a user runs it: usage errors, list, check --json, hint, solution, reset,
watch, doctor, --lang, and that none of it imports jax in the CLI's own process."""

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT, jaxtutor_cmd

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
def test_unknown_id_names_closest_and_exits_2(args):
    p = cli(*args)
    assert p.returncode == 2, p
    assert "最接近" in p.stderr
    assert p.stdout == ""


def test_usage_errors_exit_2():
    assert cli().returncode == 2
    assert cli("frobnicate").returncode == 2
    assert cli("check").returncode == 2
    assert cli("--lang", "fr", "list").returncode == 2
    p = cli("check", "6.1", "/no/such/file.py")
    assert p.returncode == 2 and "/no/such/file.py" in p.stderr


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
def test_help_on_each_command(cmd):
    p = cli(cmd, "--help")
    assert p.returncode == 0 and "--home" in p.stdout and "--lang" in p.stdout


def test_list_json_is_complete():
    p = cli("list", "--json")
    assert p.returncode == 0
    data = json.loads(p.stdout)
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


def test_check_uses_the_draft_and_not_attempted_exits_1(home):
    p = cli("check", "6.1", "--json")
    assert p.returncode == 1
    assert json.loads(p.stdout)["status"] == "not_attempted"
    assert (home / "work" / "6.1.py").is_file()


def test_check_human_output_plain_when_piped():
    p = cli("check", "6.1", str(SOL / "6.1" / "wrong" / "adds_increment.py"))
    assert p.returncode == 1
    assert "✗" in p.stdout and "\x1b[" not in p.stdout
    assert "increment" in p.stdout


def test_hint_one_at_a_time():
    first = cli("hint", "6.1").stdout
    second = cli("hint", "6.1").stdout
    assert "1/3" in first and "2/3" not in first
    assert "2/3" in second
    cli("hint", "6.1")
    assert cli("hint", "6.1").returncode == 0


def test_solution_locked_until_pass_or_confirmed_give_up(tmp_path):
    p = cli("solution", "6.3")
    assert p.returncode == 1 and "def gradient_descent_step" not in p.stdout
    p = cli("solution", "6.3", "--give-up")  # no terminal to confirm on
    assert p.returncode == 2 and "--yes" in p.stderr
    p = cli("solution", "6.3", "--give-up", "--yes")
    assert p.returncode == 0 and "def gradient_descent_step" in p.stdout
    assert "已放弃" in cli("progress").stdout
    assert "gave up" in cli("--lang", "en", "progress").stdout
    cli("check", "6.1", str(SOL / "6.1" / "solution.py"))  # the reference itself unlocks nothing
    assert cli("solution", "6.1").returncode == 1
    cli("check", "6.1", str(own_copy(tmp_path, "6.1")))
    assert cli("solution", "6.1").returncode == 0


def test_reset_backs_up_the_draft(home):
    cli("check", "6.1")  # creates the draft
    draft = home / "work" / "6.1.py"
    p = cli("reset", "6.1", "--yes")  # still the starter: no backup to keep
    assert p.returncode == 0 and not (home / "work" / "backup").exists()
    draft.write_text("my work\n")
    p = cli("reset", "6.1", "--yes")
    assert p.returncode == 0
    assert draft.read_text() != "my work\n"
    backups = list((home / "work" / "backup").glob("6.1.*.py"))
    assert backups and backups[0].read_text() == "my work\n"


def test_lang_en_everywhere():
    p = cli("--lang", "en", "check", "6.9")
    assert "closest" in p.stderr
    p = cli("check", "6.9", "--lang", "en")
    assert "closest" in p.stderr
    env_p = subprocess.run(
        jaxtutor_cmd() + ["hint", "6.9"],
        capture_output=True,
        text=True,
        env={**os.environ, "JAXTUTOR_LANG": "en"},
    )
    assert "closest" in env_p.stderr


def test_home_option(tmp_path):
    other = tmp_path / "elsewhere"
    cli("--home", str(other), "hint", "6.1")
    assert (other / "progress.sqlite3").is_file()


def test_doctor_reports_versions_and_highlighting():
    from importlib.util import find_spec

    p = cli("doctor")
    assert "jax: 0.12.0.1" in p.stdout and "jaxlib: 0.12.0.1" in p.stdout
    available = find_spec("tree_sitter") is not None and find_spec("tree_sitter_python") is not None
    word = "可用" if available else "不可用"
    assert f"编辑器语法高亮: {word}\n" in p.stdout  # the whole word, not a part of 不可用


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


def test_lang_en_check_has_no_chinese_of_its_own():
    wrong = SOL / "6.1" / "wrong" / "adds_increment.py"
    doc = json.loads(cli("--lang", "en", "check", "6.1", str(wrong), "--json").stdout)
    theirs = []  # the check's own names and messages
    for c in doc["checks"]:
        theirs += [c["name"]] + (c.get("message") or "").splitlines()
        detail = c.get("detail") or {}
        theirs += [str(detail.get("what", ""))] + [str(k) for k in (detail.get("values") or {})]
    p = cli("--lang", "en", "check", "6.1", str(wrong))
    assert p.returncode == 1
    for line in (p.stdout + p.stderr).splitlines():
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
