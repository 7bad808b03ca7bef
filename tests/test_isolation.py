"""The rule that decides which inputs of the course proof run in a process of their own
(tutor/authoring/isolation.py), and the validator's side of it: a fixture that changes
process-wide state must say `# isolated: <reason>`."""

import textwrap
from pathlib import Path

import pytest

from tutor.authoring.isolation import (
    context_modules,
    declared_isolation,
    process_effects,
    unflagged,
)

CONTEXT = context_modules("import jax\nimport jax.numpy as jnp\nimport numpy as np\n")


@pytest.mark.parametrize(
    "code, phrase",
    [
        ('jax.config.update("jax_enable_x64", True)', "jax.config"),
        ("with jax.disable_jit():\n    f(1)", "jax.disable_jit"),
        ("with jax.debug_nans(True):\n    f(1)", "jax.debug_nans"),
        ("jax.clear_caches()", "jax.clear_caches"),
        ("from jax import config\nconfig.update('jax_debug_nans', True)", "imports jax's config"),
        ("from jax.experimental import enable_x64", "imports jax's enable_x64"),
        ("import sys\nsys.exit(3)", "imports sys"),
        ("import os as o\no._exit(0)", "imports os"),
        ("import warnings", "imports warnings"),
        ("import logging.handlers", "imports logging"),
        ("jnp.sum = lambda x: 0", "changes jnp.sum"),
        ("del np.linalg.norm", "changes np.linalg.norm"),
        ("setattr(jnp, 'mean', len)", "setattr on module jnp"),
        ("np.random.seed(0)", "np.random.seed"),
        ("exit(1)", "uses exit"),
        ("__builtins__['len'] = None", "uses __builtins__"),
    ],
)
def test_process_wide_effects_are_found(code, phrase):
    effects = process_effects(code, CONTEXT)
    assert any(phrase in e for e in effects), effects


@pytest.mark.parametrize(
    "code",
    [
        "def f(x):\n    return jnp.sum(x ** 2)\n\ng = jax.jit(jax.grad(f))",
        "import functools\nimport math\ncounter = 0\nstate = {}\nstate['n'] = 1",
        "class TrainState:\n    pass\n\nTrainState.step = 0",  # its own class
        "key = jax.random.PRNGKey(0)\nx = np.asarray([1, 2])",
        "def broken(:\n",  # does not parse: cannot run far enough to change anything
    ],
)
def test_code_confined_to_its_namespace_runs_in_the_batch(code):
    assert process_effects(code, CONTEXT) == []


def test_names_the_context_binds_count_as_modules():
    code = "jax.config.update('jax_disable_jit', True)"
    assert process_effects(code, CONTEXT)
    assert process_effects(code, None) == []  # `jax` unbound: a NameError, nothing process-wide


def _fixture(folder: Path, name: str, text: str) -> Path:
    path = folder / "wrong" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


class _Exercise:
    def __init__(self, folder: Path):
        self.folder = folder

    def wrong_solutions(self) -> list[Path]:
        return sorted((self.folder / "wrong").glob("*.py"))


def test_the_validator_asks_for_the_flag_where_the_rule_finds_something(tmp_path):
    body = "def f(c):\n    with jax.disable_jit():\n        return c\n"
    bare = _fixture(tmp_path, "bare.py", '# expect: failed jit "没有编译"\n' + body)
    flagged = _fixture(
        tmp_path,
        "flagged.py",
        '# expect: failed jit "没有编译"\n# isolated: 关掉了 jit\n# 错误示范\n' + body,
    )
    empty = _fixture(tmp_path, "empty.py", '# expect: failed jit "没有编译"\n# isolated:\n' + body)
    fault = _fixture(tmp_path, "fault.py", "# expect: timeout\nwhile True:\n    pass\n")
    plain = _fixture(
        tmp_path, "plain.py", '# expect: failed eager "加了"\ndef f(c):\n    return c\n'
    )
    assert declared_isolation(flagged) == "关掉了 jit" and declared_isolation(plain) is None
    assert declared_isolation(empty) == ""
    problems = dict(unflagged(_Exercise(tmp_path), "import jax\n"))
    assert set(problems) == {bare, empty, fault}
    assert "jax.disable_jit" in problems[bare] and "# isolated: <reason>" in problems[bare]
    assert "reason" in problems[empty] and "fault" in problems[fault]


def test_a_flag_below_the_header_comments_does_not_count(tmp_path):
    late = _fixture(tmp_path, "late.py", "# expect: not_attempted\nx = 1\n# isolated: too late\n")
    assert declared_isolation(late) is None
