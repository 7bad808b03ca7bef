"""Helpers for the a1 repair exercises: the shared repair helpers (see _repair_ch6) and a
counter of what a function's program looks like as its input grows."""

from __future__ import annotations

from collections.abc import Callable

from _repair_ch6 import (
    call,
    callbacks_in,
    first_line,
    is_tracer,
    jitted,
    leaked_globals,
    n_positional,
    name_of,
    tracers_in,
)

from tutor.worker.checklib import sub_jaxprs

# The a1 repair checks reach the chapter-6 helpers through this module too.
__all__ = [
    "call",
    "callbacks_in",
    "first_line",
    "is_tracer",
    "jitted",
    "leaked_globals",
    "n_positional",
    "name_of",
    "tracers_in",
    "n_equations",
    "value_shapes",
    "intermediate_values",
]


def n_equations(fn: Callable, *args) -> int:
    """How many equations fn's top-level program has (a Python loop unrolled into it grows it)."""
    import jax

    return len(jax.make_jaxpr(fn)(*args).eqns)


def value_shapes(fn: Callable, *args) -> set[tuple[int, ...]]:
    """The shape of every intermediate value fn's program makes, sub-programs included."""
    import jax

    shapes: set[tuple[int, ...]] = set()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            for var in eqn.outvars:
                shape = getattr(getattr(var, "aval", None), "shape", None)
                if shape is not None:
                    shapes.add(tuple(shape))
            for value in eqn.params.values():
                for sub in sub_jaxprs(value):
                    walk(sub)

    walk(jax.make_jaxpr(fn)(*args).jaxpr)
    return shapes


def intermediate_values(fn: Callable, *args) -> list:
    """Every value fn's program computes on these arguments (the top-level ones and those inside
    nested jit calls), as NumPy arrays. The whole program runs once under jit with all of them as
    outputs — one compile, where evaluating op by op would compile every operation."""
    import jax
    import numpy as np
    from jax.extend import core as jcore

    closed = jax.make_jaxpr(fn)(*args)

    def run(*flat):
        env, out = {}, []

        def read(v):
            return v.val if isinstance(v, jcore.Literal) else env[v]

        def walk(jaxpr, consts, invals):
            for v, c in zip(jaxpr.constvars, consts, strict=False):
                env[v] = c
            for v, x in zip(jaxpr.invars, invals, strict=False):
                env[v] = x
            for eqn in jaxpr.eqns:
                ins = [read(v) for v in eqn.invars]
                sub = eqn.params.get("jaxpr")
                if eqn.primitive.name in ("pjit", "jit") and sub is not None:
                    res = walk(sub.jaxpr, sub.consts, ins)
                else:
                    res = eqn.primitive.bind(*ins, **eqn.params)
                    if not eqn.primitive.multiple_results:
                        res = [res]
                for v, r in zip(eqn.outvars, res, strict=False):
                    env[v] = r
                    out.append(r)
            return [read(v) for v in jaxpr.outvars]

        walk(closed.jaxpr, closed.consts, flat)
        return out

    return [np.asarray(v) for v in jax.jit(run)(*jax.tree.leaves(args))]
