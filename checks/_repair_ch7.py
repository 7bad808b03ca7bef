"""Helpers shared by chapter 7's repair exercises (checks/ex_7_*_fix*.py).

A repair's starter shows a symptom: a function that compiles on every call, a NaN gradient, an
exception from a donated buffer … `call` turns exactly the named exceptions into a failed check;
`assert_once` reads a CompileLog and names the cause only when the log shows it (the same
function compiled once per call, eager operations with no jit at all, nothing compiled)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tutor.worker.checklib import (
    CheckFailed,
    CompileLog,
    LearnerClears,
    as_array,
    assert_compile_count,
    fail,
    msg,
    rebuilt_jit,
    sub_jaxprs,
)


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200] if text else ''}"


def call(fn: Callable, *args, what: str, symptoms: dict[str, str], **kwargs) -> Any:
    """fn(*args, **kwargs). An exception whose class (or a base class) is a key of `symptoms`, or
    whose message contains <text> for a key 'word:<text>', fails the check with that message;
    any other exception is the learner's error and goes through."""
    try:
        return fn(*args, **kwargs)
    except CheckFailed:
        raise
    except Exception as e:  # only the named symptoms become a verdict
        names = [cls.__name__ for cls in type(e).__mro__]
        for key, why in symptoms.items():
            hit = key[5:] in str(e) if key.startswith("word:") else key in names
            if hit:
                fail(
                    msg("_repair_ch7.raised", what=what, error=type(e).__name__, why=why),
                    error=first_line(e),
                )
        raise


class Filtered:
    """A CompileLog's record without some names: the one eager conversion of a Python number an
    honest fix may compile once (jnp.asarray(v, jnp.float32) compiles convert_element_type, and
    jnp.asarray(v) of a Python float compiles "stage", JAX's maker of a weakly typed array); it
    answers .names, .count and .total like the log itself."""

    def __init__(self, log: CompileLog, drop: tuple[str, ...] = ("convert_element_type", "stage")):
        self.names = [x for x in log.names if x not in drop]

    def count(self, name: str | None) -> int:
        return len(self.names) if name is None else self.names.count(name)

    @property
    def total(self) -> int:
        return len(self.names)


def assert_once(
    log: CompileLog | Filtered,
    *,
    calls: int,
    what: str,
    repeat: str,
    name: str | None = None,
    again: Callable[[], Any] | None = None,
    otherwise: str = "",
) -> None:
    """Exactly one compilation (of `name`, or of anything when None) over `calls` calls. On failure
    the message says what the log shows: nothing compiled (no jit at all), one name compiled on
    every call, or many small eager operations (the code ran without jit). Why one name compiled
    on every call: without `again`, `repeat` says it; with `again` (one call, repeated with the
    caches kept), the cause is measured (`every_call_cause`)."""
    n = log.count(name)
    if n == 1:
        return
    names = log.names if name is None else [x for x in log.names if x == name]
    if n == 0:
        text = msg("_repair_ch7.never_compiled", calls=calls, what=what)
    elif sum(1 for x in names if is_primitive(x)) * 2 >= n >= 2 or (
        len(set(names)) >= 2 and all(is_library_op(x) for x in names)
    ):
        ops = ", ".join(sorted(set(names))[:6])
        text = msg("_repair_ch7.eager_ops_compiled", calls=calls, what=what, n=n, ops=ops)
    elif calls > 1 and max(names.count(x) for x in set(names)) >= calls:
        why = (repeat if again is None else every_call_cause(again, repeat, otherwise)).strip()
        text = (
            msg(
                "_repair_ch7.recompiled_every_call",
                calls=calls,
                what=what,
                n=n,
                fn=max(set(names), key=names.count),
                why=why,
            )
            if why
            else msg("_repair_ch7.recompiled_no_cause", calls=calls, what=what, n=n)
        )
    else:
        text = msg(
            "_repair_ch7.compiled_n_times", calls=calls, what=what, n=n, names=", ".join(names)
        )
    assert_compile_count(log, name, expected=1, msg=text)


def every_call_cause(again: Callable[[], Any], rebuilt: str, otherwise: str) -> str:
    """Why the same call compiles every time, as far as repeating `again` shows it: the learner's
    code clears JAX's caches (counted); or every repeat with the caches kept compiles again, so a
    new jitted function is built per call (`rebuilt`, or the measured sentence of rebuilt_jit);
    or the repeats compile nothing, so the arguments differ between calls (`otherwise`, "" when
    the exercise has nothing to say about it)."""
    try:
        with LearnerClears() as clears:
            again()
    except Exception:  # the learner's call raised here: no cause is shown
        return ""
    if clears.calls:
        return msg("_repair_ch7.learner_clears", calls=clears.calls, what=clears.what)
    measured = rebuilt_jit(again).rstrip()  # it ends the message here: no space after it
    if measured:
        return rebuilt or measured
    return otherwise


def is_primitive(name: str) -> bool:
    """An eager operation compiles under its primitive's name (add, reduce_sum, dot_general …)."""
    from jax import lax

    return hasattr(lax, name + "_p")


def is_library_op(name: str) -> bool:
    """A primitive, or a jax.numpy function run eagerly: outside jit each jnp call compiles on its
    own, under its own name (subtract, true_divide) or its private jitted helper's (_mean, _std)."""
    import jax.numpy as jnp

    return is_primitive(name) or callable(getattr(jnp, name.removeprefix("_"), None))


def floats(g: np.random.Generator, *shape: int, scale: float = 1.0):
    """A float32 jax array of normal noise (fresh data for a check)."""
    import jax.numpy as jnp

    return jnp.asarray((scale * g.normal(size=shape)).astype(np.float32))


def finite(value: Any, what: str) -> np.ndarray:
    """The learner's numeric value as an array; fails naming where it is NaN or inf."""
    arr = as_array(value, what)
    bad = ~np.isfinite(arr.astype(np.float64))
    if bad.any():
        where = np.argwhere(bad)[:5].tolist() if arr.ndim else []
        count = int(bad.sum())
        if where:
            fail(msg("_repair_ch7.nan_at", what=what, count=count, where=where), actual=arr)
        fail(msg("_repair_ch7.nan", what=what, count=count), actual=arr)
    return arr


def largest_intermediate(fn: Callable, *args) -> tuple[int, tuple[int, ...], str]:
    """(size, shape, primitive) of the biggest array fn's program computes (inputs excluded),
    sub-programs (pjit, scan, custom_jvp …) included."""
    import jax

    best = (0, (), "")
    stack = [jax.make_jaxpr(fn)(*args).jaxpr]
    while stack:
        jaxpr = stack.pop()
        for eqn in jaxpr.eqns:
            for var in eqn.outvars:
                shape = tuple(getattr(var.aval, "shape", ()))
                size = int(np.prod(shape)) if shape else 1
                if size > best[0]:
                    best = (size, shape, eqn.primitive.name)
            for value in eqn.params.values():
                stack.extend(sub_jaxprs(value))
    return best


def scalar_fn(fn: Callable) -> Callable:
    """fn with its (already validated, one-element) output reshaped to a 0-d array, so that
    jax.grad accepts an answer that returns shape (1,)."""
    import jax.numpy as jnp

    return lambda *args: jnp.reshape(fn(*args), ())


def transformation(value: Any, what: str) -> Any:
    """A learner's GradientTransformation: anything with callable .init and .update."""
    if not (callable(getattr(value, "init", None)) and callable(getattr(value, "update", None))):
        fail(
            msg("_repair_ch7.not_a_transformation", what=what, name=type(value).__name__),
            actual=repr(value)[:200],
        )
    return value
