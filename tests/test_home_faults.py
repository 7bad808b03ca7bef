"""A home whose work folder cannot be changed (read-only, another owner, no space) is one
sentence, with the read-only views still working and each renamed exercise checked with its own
draft; a draft that is a symbolic link moves with its id and is never written through to make
folders; a draft kept aside is kept in work/backup/ and named to the learner."""

import errno
import json
import os
from pathlib import Path

import pytest
from clihelp import fake_runner, passed
from homehelp import drafts, old_home

from tutor.cli import main
from tutor.storage.homeversion import VERSION_FILE

# what a work folder that cannot be changed answers (as root, permissions would not stop us)
FAULTS = {
    "read_only": (errno.EROFS, "Read-only file system"),
    "foreign_owner": (errno.EACCES, "Permission denied"),
    "no_space": (errno.ENOSPC, "No space left on device"),
}


def _refuse_work(monkeypatch, work, fault):
    """Every change under `work` fails as the fault says."""
    code, words = FAULTS[fault]
    real_mkdir, real_replace = os.mkdir, os.replace

    def mkdir(path, *args, **kwargs):
        if str(path).startswith(str(work)):
            raise OSError(code, words, str(path))
        return real_mkdir(path, *args, **kwargs)

    def replace(src, dst, *args, **kwargs):
        if str(src).startswith(str(work)):
            raise OSError(code, words, str(src))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(os, "replace", replace)


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_work_folder_that_cannot_be_changed_is_a_sentence_and_views_still_work(
    fault, tmp_path, monkeypatch, capsys
):
    home = old_home(tmp_path, "home-v4")
    old = drafts(home)
    _refuse_work(monkeypatch, home / "work", fault)
    assert main(["--home", str(home), "list", "--json"]) == 0
    captured = capsys.readouterr()
    listing = json.loads(captured.out)
    status = {e["id"]: e["status"] for ch in listing["chapters"] for e in ch["exercises"]}
    assert status["6.1"] != "unseen"
    assert FAULTS[fault][1] in captured.err and "Traceback" not in captured.err
    assert "只读" in captured.err  # the view says that nothing of it is recorded
    runner = fake_runner(monkeypatch, passed)
    assert main(["--home", str(home), "check", "6.6"]) == 0
    # 6.6 is what 6.4 was: its draft is still work/6.4.py, and that is the file checked
    assert runner.jobs[-1].file == str((home / "work" / "6.4.py").resolve())
    assert main(["--home", str(home), "reset", "6.6", "--yes"]) == 1  # a write: refused
    assert "Traceback" not in capsys.readouterr().err
    assert drafts(home) == old and not (home / VERSION_FILE).exists()


def test_a_read_only_old_home_checks_the_draft_of_each_id(tmp_path, monkeypatch):
    home = old_home(tmp_path, "home-v4")
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda p, m, **k: False if str(p) == str(home) else real(p, m, **k)
    )
    runner = fake_runner(monkeypatch, passed)
    for new, old in (("6.6", "6.4"), ("6.5", "6.6"), ("a1.3", "a1.2"), ("6.1", "6.1")):
        main(["--home", str(home), "check", new, "--json"])
        assert runner.jobs[-1].file == str((home / "work" / f"{old}.py").resolve()), new


def test_a_draft_that_is_a_link_to_nothing_moves_with_its_id(tmp_path, monkeypatch, capsys):
    home = old_home(tmp_path, "home-v4")
    outside = tmp_path / "outside" / "gone" / "draft.py"
    (home / "work" / "6.6.py").unlink()
    (home / "work" / "6.6.py").symlink_to(outside)  # old 6.6, now called 6.5
    draft_64 = (home / "work" / "6.4.py").read_bytes()  # old 6.4, now called 6.6
    runner = fake_runner(monkeypatch, passed)
    assert main(["--home", str(home), "check", "6.6"]) == 0
    assert runner.jobs[-1].file == str((home / "work" / "6.6.py").resolve())
    assert (home / "work" / "6.6.py").read_bytes() == draft_64
    link = home / "work" / "6.5.py"
    assert link.is_symlink() and link.readlink() == outside
    assert sorted(p.name for p in (home / "work").glob("6.6*")) == ["6.6.py"]
    capsys.readouterr()
    assert main(["--home", str(home), "check", "6.5", "--json"]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)  # refused, in the one document --json promises
    assert doc["status"] == "error" and str(outside) in doc["error"]["message"]
    assert str(outside) in captured.err and "Traceback" not in captured.err
    assert not (tmp_path / "outside").exists()  # no folder made through the link


def test_saving_through_a_link_into_a_missing_folder_makes_no_folder(tmp_path, course):
    from tutor.storage.drafts import Draft, DraftError
    from tutor.storage.store import Store

    home = tmp_path / "home"
    outside = tmp_path / "outside" / "gone" / "draft.py"
    (home / "work").mkdir(parents=True)
    (home / "work" / "6.1.py").symlink_to(outside)
    with Store(home) as store:
        draft = Draft(store.drafts, course.exercise("6.1"))
        outcome = draft.save("x = 1\n")
        assert not outcome.ok and str(outside) in (outcome.reason or "")
        with pytest.raises(DraftError):
            store.drafts.ensure(course.exercise("6.1"))
    assert not (tmp_path / "outside").exists()
    (tmp_path / "outside" / "gone").mkdir(parents=True)  # the folder is back: written through
    with Store(home) as store:
        assert Draft(store.drafts, course.exercise("6.1")).save("x = 2\n").ok
    assert outside.read_text() == "x = 2\n" and (home / "work" / "6.1.py").is_symlink()


def test_a_draft_kept_aside_is_named_by_the_command_line(tmp_path, capsys):
    home = old_home(tmp_path, "home-v4")
    old = (home / "work" / "a1.2.py").read_bytes()  # a1.2 is now called a1.3 ...
    (home / "work" / "a1.3.py").unlink()
    os.mkfifo(home / "work" / "a1.3.py")  # ... where a pipe is
    assert main(["--home", str(home), "list"]) == 0
    err = capsys.readouterr().err
    [aside] = list((home / "work" / "backup").glob("a1.3.moved.*.py"))
    assert aside.read_bytes() == old and str(aside) in err
    assert not any(Path(p).parent == home / "work" for p in (home / "work").glob("a1.3.2*"))


def test_an_old_home_on_a_full_disk_checks_the_draft_of_each_id(tmp_path):
    import subprocess
    import sys

    from helpers import ROOT

    home = old_home(tmp_path, "home-v4")
    old = drafts(home)
    # the disk is full past 20 kB for the command (a file size limit): the database cannot be
    # migrated, the view is read-only, and 6.6 (what 6.4 was) is checked with work/6.4.py
    script = (
        "import resource, signal, sys\n"
        "from clihelp import FakeRunner, passed\n"
        "from tutor.application.runs import RunService\n"
        "from tutor.cli import commands, main\n"
        "runner = FakeRunner(passed)\n"
        "commands.make_runs = lambda keep_warm, interactive=False: RunService(runner)\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, resource.RLIM_INFINITY))\n"
        "code = main(['--home', sys.argv[1], 'check', '6.6', '--json'])\n"
        "print(runner.jobs[-1].file)\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", script, str(home)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "tests")},
        timeout=120,
    )
    assert "Traceback" not in p.stderr and "不会记入" in p.stderr, p.stderr  # not recorded
    assert p.stdout.splitlines()[-1] == str((home / "work" / "6.4.py").resolve())
    assert drafts(home) == old


def test_an_editor_on_a_link_to_nothing_says_why_it_cannot_save(tmp_path, course):
    from tutor.application.session import open_session

    home = tmp_path / "home"
    outside = tmp_path / "outside" / "gone" / "draft.py"
    (home / "work").mkdir(parents=True)
    (home / "work" / "6.1.py").symlink_to(outside)
    with open_session(home, course=course) as session:
        draft = session.draft("6.1")
        opening = draft.opening()  # the starter, to edit; nothing written through the link
        assert opening.text == course.exercise("6.1").starter
        saved = draft.save(opening.text + "x = 1\n")
        assert not saved.ok and not saved.refused and str(outside) in (saved.reason or "")
    assert not (tmp_path / "outside").exists()


def test_a_home_where_its_version_cannot_be_recorded_is_a_sentence(home, monkeypatch, capsys):
    home.mkdir()
    real_open = open

    def full_open(path, *args, **kwargs):  # the disk is full for a new file in the home
        if str(path).startswith(str(home / f".{VERSION_FILE}")):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", full_open)
    assert main(["--home", str(home), "list"]) == 0  # read-only, and says why
    err = capsys.readouterr().err
    assert str(home / VERSION_FILE) in err and "No space" in err and "只读" in err
    assert not list(home.glob(f"*{VERSION_FILE}*"))
