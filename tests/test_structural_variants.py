"""A check never crashes on what the learner returns: every exercise is fed variants of its
reference solution whose functions return another structure (order swapped, a list for a tuple,
an extra leading dimension, a Python float, None, another dtype). Whatever the verdict, no check
may fail inside its own code (that would point the learner at our file)."""

import pytest

from tutor.course.loader import load_course
from tutor.protocol.result import Status
from tutor.running.runner import exercise_job

COURSE = load_course()

# Each variant rewrites a return value r; applied to every interface function of the exercise.
VARIANTS = {
    "swapped": "tuple(reversed(r)) if isinstance(r, tuple) and len(r) > 1 else r",
    "list": "list(r) if isinstance(r, tuple) else r",
    "leading_dim": "jax.tree.map(lambda a: jnp.asarray(a)[None], r)",
    "python_float": "1.5",
    "none": "None",
    "int_dtype": "jax.tree.map(lambda a: jnp.asarray(a).astype(jnp.int32), r)",
}

WRAPPER = """

import functools as _variant_functools
import jax as _variant_jax
import jax.numpy as _variant_jnp


def _variant_wrap(fn):
    jax, jnp = _variant_jax, _variant_jnp

    @_variant_functools.wraps(fn)
    def wrapped(*args, **kwargs):
        r = fn(*args, **kwargs)
        return {expr}

    return wrapped

"""

CASES = [
    (ex, name)
    for ex in COURSE.exercises.values()
    for name in VARIANTS
    if any(item.kind == "function" for item in ex.interface)
]


def _variant_source(ex, expr: str) -> str:
    wraps = "".join(
        f"{item.name} = _variant_wrap({item.name})\n"
        for item in ex.interface
        if item.kind == "function"
    )
    return ex.solution + WRAPPER.format(expr=expr) + wraps


@pytest.mark.slow
@pytest.mark.parametrize("ex,variant", CASES, ids=[f"{ex.id}-{v}" for ex, v in CASES])
def test_no_check_crashes_on_a_structural_variant(runner, tmp_path, ex, variant):
    path = tmp_path / "variant.py"
    path.write_text(_variant_source(ex, VARIANTS[variant]), encoding="utf-8")
    res = runner.run(exercise_job(ex, path, COURSE.chapter_of(ex.id).context_path))
    crashed = [
        c for c in res.checks if c.detail is not None and getattr(c.detail, "origin", "") == "check"
    ]
    assert not crashed, "\n".join(f"{c.id}: {c.message}\n{c.detail.traceback}" for c in crashed)
    assert res.status in (Status.FAILED, Status.ERROR, Status.PASSED), (res.status, res.message)
    if res.error is not None:
        assert "/checks/" not in res.error.traceback, res.error.traceback
