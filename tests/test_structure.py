"""The package's shape, kept by tools and tests rather than by a reviewer's memory: small modules
(the tutor, the checks, the scripts and the tests), the import contracts of pyproject.toml
([tool.importlinter]: the layers, the session as the front ends' only door, no import circle,
lazy imports inside functions included), checked by import-linter, with every top-level module
in a layer and every module named in the layer map of docs/architecture.md §1 (the rules the
tool gate's tests keep are tests/test_gate_rules.py's)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 400
# Learner-facing code kept as data (as in ruff's extend-exclude): its layout is the content's.
CONTENT = (
    "tests/golden/inputs",
    "tests/fixtures/course/lessons",
    "tests/fixtures/home-v4",
    "tests/fixtures/home-v6",
    "tests/right_answers",
)


def module_sizes() -> dict[str, int]:
    return {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
        for folder in ("tutor", "checks", "scripts", "tests")
        for p in (ROOT / folder).rglob("*.py")
        if not str(p.relative_to(ROOT)).startswith(CONTENT)
    }


def test_no_module_is_longer_than_the_limit():
    sizes = module_sizes()
    assert len([name for name in sizes if name.startswith("tests/")]) > 50
    assert len(sizes) > 150
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def lint_imports(config: Path) -> subprocess.CompletedProcess:
    tool = Path(sys.executable).parent / "lint-imports"
    return subprocess.run(
        [str(tool), "--config", str(config), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )


def test_the_import_contracts_hold():
    done = lint_imports(ROOT / "pyproject.toml")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "3 kept, 0 broken" in done.stdout


@pytest.mark.parametrize(
    "module, reach, broken",
    [
        ("app/keybar.py", "tutor.storage.store", "tutor.app.keybar -> tutor.storage.store"),
        ("cli/views.py", "tutor.running.runner", "tutor.cli.views -> tutor.running.runner"),
        # the authoring tools are a door to the runner for `jaxtutor dev` (cmd_dev) only
        ("app/keybar.py", "tutor.authoring.course_proof", "tutor.app.keybar -> tutor.authoring"),
        ("cli/views.py", "tutor.authoring.mutants", "tutor.cli.views -> tutor.authoring.mutants"),
    ],
)
def test_the_import_contracts_catch_a_front_end_reaching_the_store_or_runner(
    tmp_path, module, reach, broken
):
    """The same contracts over a copy of the package where a front end reaches the store or the
    runner, directly or through a module that is not the application layer."""
    import shutil

    copy = tmp_path / "tutor"
    shutil.copytree(ROOT / "tutor", copy, ignore=shutil.ignore_patterns("__pycache__"))
    with open(copy / module, "a", encoding="utf-8") as fh:
        fh.write(f"\n\ndef _reach():\n    import {reach}\n\n    return {reach}\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    tool = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run(
        [str(tool), "--no-cache"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode != 0
    assert "Front ends go through the session" in done.stdout.split("Broken contracts")[-1]
    assert broken in done.stdout, done.stdout[-3000:]


def test_the_worker_speaks_the_typed_protocol():
    import grimp

    graph = grimp.build_graph("tutor")
    assert graph.direct_import_exists(
        importer="tutor.worker.main", imported="tutor.protocol.events"
    )


def test_places_are_made_and_shown_only_by_navigation():
    """A place screen is made in Navigation._make_screen and shown by Navigation, which changes
    screens in turn (a screen replaced while it still mounted once ended the app)."""
    places = (
        "ExerciseScreen(",
        "LessonScreen(",
        "QuizScreen(",
        "ProgressScreen(",
        "CheatSheetScreen(",
    )
    made_elsewhere = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "tutor").rglob("*.py"))
        if path.name != "navigation.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(p in line for p in places) and not line.lstrip().startswith("class ")
    ]
    assert made_elsewhere == []


def top_level_modules() -> set[str]:
    tutor = ROOT / "tutor"
    files = {f"tutor.{p.stem}" for p in tutor.glob("*.py") if p.name != "__init__.py"}
    return files | {f"tutor.{p.name}" for p in tutor.iterdir() if (p / "__init__.py").is_file()}


def layered_modules() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = [
        c["layers"] for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"
    ]
    # a layer is "a | b" (independent siblings) or "a : b"; "(a)" marks an optional one
    return {name.strip(" ()") for layer in layers for name in re.split(r"[|:]", layer)}


def test_every_top_level_module_is_in_a_layer_of_the_contract():
    """A module or package the layers contract does not name is not constrained by it at all."""
    modules = top_level_modules()
    assert {"tutor.app", "tutor.worker", "tutor.linebreak", "tutor.__main__"} <= modules
    assert modules - layered_modules() == set()


def layer_map() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return text[text.index("## 1. Layers") : text.index("## 2. ")]


def named_under(section: str) -> dict[str, str]:
    """What §1 says under each package: the text from a mention of `tutor/<package>` up to the
    next mention of a path of tutor/."""
    said: dict[str, str] = {}
    marks = list(re.finditer(r"tutor/(\w+)", section))
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        end = after.start() if after is not None else len(section)
        said[mark.group(1)] = said.get(mark.group(1), "") + section[mark.end() : end]
    return said


def test_every_module_is_named_in_the_layer_map():
    """docs/architecture.md §1 names each module under its package (`tutor/cli/ (parser, …)`) and
    each top-level module by its path (`tutor/paths.py`)."""
    section = layer_map()
    said = named_under(section)
    missing = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        module = path.relative_to(ROOT / "tutor")
        if "__pycache__" in module.parts or module.name == "__init__.py":
            continue
        if len(module.parts) == 1:
            named = f"tutor/{module.name}" in section
        else:
            word = rf"(?<![\w.]){re.escape(module.stem)}(?!\w)"
            named = re.search(word, said.get(module.parts[0], "")) is not None
        if not named:
            missing.append(str(module))
    assert len(list((ROOT / "tutor").rglob("*.py"))) > 100
    assert missing == []


def _session_reads(source: str) -> list[str]:
    """The attributes read of a session in `source`: of a name `session` or `sess`, or of an
    attribute `.session` (the app's, `tutor_app(self).session`)."""
    import ast

    def is_session(node: ast.expr) -> bool:
        return (isinstance(node, ast.Name) and node.id in ("session", "sess")) or (
            isinstance(node, ast.Attribute) and node.attr == "session"
        )

    return [
        node.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and is_session(node.value)
    ]


def test_front_ends_read_only_the_sessions_use_cases():
    """The session's store and run service are its own: a module of tutor/app or tutor/cli reads
    of a session only its public members, never `.store`, `.runs` or a private one."""
    from tutor.application.session import Session

    public = {name for name in dir(Session) if not name.startswith("_")} | {"course", "lang"}
    assert sorted(_session_reads("app.session.store.stats(1)\nsess._runs\n")) == ["_runs", "store"]
    reads = {
        f"{path.relative_to(ROOT)}: .{name}"
        for folder in ("app", "cli")
        for path in sorted((ROOT / "tutor" / folder).rglob("*.py"))
        for name in _session_reads(path.read_text(encoding="utf-8"))
        if name not in public
    }
    assert reads == set()
    seen = {
        name
        for folder in ("app", "cli")
        for path in (ROOT / "tutor" / folder).rglob("*.py")
        for name in _session_reads(path.read_text(encoding="utf-8"))
    }
    assert len(seen) > 25  # the scan does find the front ends' use of the session
    assert not {"store", "runs"} & public
