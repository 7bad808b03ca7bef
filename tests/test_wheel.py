"""Design §7: the package installs from a built wheel into a fresh environment and still finds
its content: `jaxtutor check 6.1` passes on the reference solution there."""

import json
import os
import site
import subprocess
import sys
import venv
import zipfile

import pytest
from helpers import ROOT

pytestmark = pytest.mark.slow


def test_wheel_installs_and_finds_content(tmp_path):
    dist = tmp_path / "dist"
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(dist),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    wheel = next(dist.glob("jaxtutor-*.whl"))
    with zipfile.ZipFile(wheel) as built:  # the validator's rules read their words from these
        names = set(built.namelist())
    assert {f"tutor/authoring/text_rules.{lang}.toml" for lang in ("zh", "en")} <= names
    env_dir = tmp_path / "fresh"
    # a fresh environment without a pip of its own (bootstrapping one is about a tenth of this
    # test's CPU): the test venv's pip installs into it (`pip --python` runs with that interpreter)
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    p = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index"]
        + ["--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    # The heavy dependencies (jax, textual, ...) come from the test venv's site-packages through a
    # .pth line: that does not activate the editable install of the source tree (.pth files in an
    # added directory are not processed), so `tutor` is the wheel's.
    fresh_site = next((env_dir / "lib").glob("python3*/site-packages"))
    (fresh_site / "deps.pth").write_text(site.getsitepackages()[0] + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JAXTUTOR_CONTENT")}
    env["JAXTUTOR_HOME"] = str(tmp_path / "home")
    where = subprocess.run(
        [
            str(py),
            "-c",
            "import tutor, tutor.paths; print(tutor.__file__); print(tutor.paths.lessons_dir())",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert str(env_dir) in where.stdout and "_content" in where.stdout, where.stdout + where.stderr
    solution = tmp_path / "answer.py"
    solution.write_text(  # the learner's own answer: the reference itself is not a pass
        (ROOT / "lessons" / "ch6" / "exercises" / "6.1" / "solution.py").read_text()
        + "\n# my own answer\n"
    )
    p = subprocess.run(
        [str(env_dir / "bin" / "jaxtutor"), "check", "6.1", str(solution), "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=180,
    )
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert json.loads(p.stdout)["status"] == "passed"
    p = subprocess.run(
        [str(env_dir / "bin" / "jaxtutor"), "list", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert len([e for ch in json.loads(p.stdout)["chapters"] for e in ch["exercises"]]) >= 3
