"""Inputs the course proof derives from an exercise's reference solution, each with the rule its
result must meet:

- structural variants: every interface function's return value rewritten into another structure
  (order swapped, a list for a tuple, an extra leading dimension, a Python float, None, another
  dtype). Whatever the verdict, no check may fail inside its own code: that would point the learner
  at our file;
- shadowed names: the solution without an interface name that the chapter context also defines.
  The run is not attempted, or fails where the learner's own later line needs the name, but never
  passes on the context's copy."""

from __future__ import annotations

import ast

from tutor.course.loader import Exercise
from tutor.protocol.details import LearnerError
from tutor.protocol.result import RunResult, Status
from tutor.words.catalog import t

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


def variant_names(ex: Exercise) -> list[str]:
    """The variants that apply: those of exercises with at least one interface function."""
    return list(VARIANTS) if any(item.kind == "function" for item in ex.interface) else []


def variant_source(ex: Exercise, variant: str) -> str:
    wraps = "".join(
        f"{item.name} = _variant_wrap({item.name})\n"
        for item in ex.interface
        if item.kind == "function"
    )
    return ex.solution + WRAPPER.format(expr=VARIANTS[variant]) + wraps


def judge_variant(result: RunResult) -> tuple[bool, str]:
    # a check that raised on a value instead of validating it: the course's fault, or the
    # learner's error with no line of theirs to show (a value broke the check)
    broke = t("checklib.value_broke_check")
    crashed = [
        (c, error)
        for c in result.checks
        if isinstance(error := c.detail, LearnerError)
        and (error.origin == "check" or (c.message or "").startswith(broke))
    ]
    if crashed:
        return False, "a check failed inside its own code: " + "\n".join(
            f"{c.id}: {c.message}\n{error.traceback}" for c, error in crashed
        )
    if result.status not in (Status.FAILED, Status.ERROR, Status.PASSED):
        return False, f"status {result.status.value}: {result.message}"
    if result.error is not None and "/checks/" in result.error.traceback:
        return False, "the error's traceback points into a check module:\n" + result.error.traceback
    return True, result.status.value


def shadowed_names(ex: Exercise, context_source: str) -> list[str]:
    """Interface names that the chapter context defines too."""
    names = set()
    for node in ast.parse(context_source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return sorted(names & set(ex.names))


def without_name(ex: Exercise, name: str) -> str:
    """The solution without its definition of `name`."""
    tree = ast.parse(ex.solution)
    tree.body = [
        node
        for node in tree.body
        if not (isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name)
        and not (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
        )
    ]
    return ast.unparse(tree)


def judge_shadowed(name: str, result: RunResult) -> tuple[bool, str]:
    if result.status == Status.NOT_ATTEMPTED and name in result.missing:
        return True, f"not attempted without {name}"
    if result.status == Status.ERROR and result.error is not None and name in result.error.message:
        return True, f"error naming {name}"
    return False, f"without {name} the run is {result.status.value}: {result.message}"
