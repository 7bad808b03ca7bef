"""The checks a Python project is expected to pass, run by the tool gate as tests (configured in
pyproject.toml; vulture's exceptions in vulture_whitelist.py): ruff's lint and format over the
whole tree, vulture for dead code (its one run is the stricter one below), mypy on tutor/. The
import contracts run in test_structure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _run(*args: str) -> subprocess.CompletedProcess:
    tool = BIN / args[0]
    if not tool.exists():
        pytest.fail(f"{args[0]} is not installed beside the test interpreter ({BIN})")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([str(tool), *args[1:]], cwd=ROOT, capture_output=True, text=True, env=env)


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "--no-cache", "."),
        ("ruff", "format", "--check", "--no-cache", "."),
        ("mypy",),
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_the_code_passes(command):
    done = _run(*command)
    assert done.returncode == 0, (done.stdout[-4000:] + done.stderr[-2000:]).strip()


def test_vulture_finds_no_dead_code_and_leans_on_no_placeholder_name(tmp_path):
    """vulture (`make lint`'s run over tutor/, checks/ and vulture_whitelist.py) finds no dead
    code, and does not need a placeholder name to get there. vulture takes every name in its
    whitelist as used, so a `_.attribute` entry would also hide every unused function named `_`,
    as the check functions of checks/ are. Without that name the code still passes: `@checks.add`
    is an ignored decorator (pyproject.toml). The run is over the whitelist with its `_.` prefixes
    dropped: each entry still marks its name used, only `_` is no longer one, so this run reports
    everything the run over the whitelist as written reports (a whitelist only adds uses), and
    that run needs no test of its own."""
    import re

    whitelist = (ROOT / "vulture_whitelist.py").read_text(encoding="utf-8")
    plain = tmp_path / "whitelist.py"
    plain.write_text(re.sub(r"^_\.", "", whitelist, flags=re.MULTILINE), encoding="utf-8")
    done = _run("vulture", "tutor", "checks", str(plain))
    assert done.returncode == 0, (done.stdout[-4000:] + done.stderr[-2000:]).strip()
