"""Repair exercise a1.2-fix1: range(a tracer) under jit → TracerIntegerConversionError; use
lax.fori_loop.

Checks: values for several counts (0 included) against a float64 loop, naming a loop one step
short, one started from v or one that halves v too (0.5·(cos x + v)) only when the value equals
theirs ("values"); five distinct counts compile once ("one_compile"); the program is one while
loop, not an unrolled one ("loop")."""

import math

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _repair_a1 as R

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    fail,
    later,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_a1_2_fix1")

TIMES = (0, 1, 3, 7, 20)
SYMPTOMS = {  # in this order: the first one the exception matches is said
    "TracerBoolConversionError": later("ex_a1_2_fix1.bool_of_tracer"),
    "TracerIntegerConversionError": later("ex_a1_2_fix1.range_of_tracer"),
    "word:The problem arose with the `int` function": later("ex_a1_2_fix1.int_of_tracer"),
    "ConcretizationTypeError": later("ex_a1_2_fix1.concrete_needed"),
}


def _reference(v, times, start=0.0):
    x = start
    for _ in range(times):
        x = 0.5 * math.cos(x) + v
    return x


def _v_halved(v, times):
    """The loop with v inside the bracket: x ← 0.5·(cos(x) + v)."""
    x = 0.0
    for _ in range(times):
        x = 0.5 * (math.cos(x) + v)
    return x


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    fn = R.jitted(L.iterate)
    symptoms = SYMPTOMS
    if fn is not L.iterate:  # the check put it under jit: say so, or the error is a riddle
        symptoms = {
            key: msg("ex_a1_2_fix1.jit_added", cause=str(words)) for key, words in SYMPTOMS.items()
        }
    vs = rng(721).uniform(-1.0, 1.0, size=len(TIMES))
    for v, times in zip(vs, TIMES, strict=False):
        got = as_array(
            R.call(fn, jnp.float32(v), times, what=f"iterate({v:.3f}, {times})", symptoms=symptoms),
            f"iterate({v:.3f}, {times})",
            ndim=0,
        )
        assert_close(
            got,
            _reference(float(v), times),
            rtol=1e-5,
            atol=1e-5,
            what=f"iterate({v:.3f}, {times})",
            msg=msg("ex_a1_2_fix1.values_differ", times=times),
            mistakes=[
                Mistake(
                    "one_short",
                    _reference(float(v), max(times - 1, 0)),
                    msg("ex_a1_2_fix1.one_short", times=times, max_times=max(times - 1, 0)),
                ),
                Mistake(
                    "one_extra",
                    _reference(float(v), times + 1),
                    msg("ex_a1_2_fix1.one_extra", times=times, n=times + 1),
                ),
                Mistake(
                    "body_arguments_swapped",
                    0.5 * math.cos(times - 1) + float(v) if times else 0.0,
                    msg("ex_a1_2_fix1.body_arguments_swapped", times=times),
                ),
                Mistake(
                    "v_halved",
                    _v_halved(float(v), times),
                    msg("ex_a1_2_fix1.v_halved", times=times),
                ),
                Mistake(
                    "from_v",
                    _reference(float(v), times, start=float(v)),
                    msg("ex_a1_2_fix1.starts_from_v", times=times),
                ),
            ],
        )


def _unrolled(fn) -> bool:
    """Whether the program of fn(v, times) grows with a static times (a Python loop unrolled),
    as opposed to a loop primitive (fori_loop with static bounds is a scan)."""
    import jax.numpy as jnp

    try:
        sizes = [
            sum(primitive_counts(lambda v, t=t: fn(v, t), jnp.float32(0.3)).values())
            for t in (5, 10)
        ]
    except Exception:  # the probe is ours: a program we cannot trace is not called unrolled
        return False
    return A1.grows_with(5, 10, *sizes)


@checks.add("one_compile", needs="values")
def _(L):
    import jax.numpy as jnp

    fn = R.jitted(L.iterate)
    name = R.name_of(fn)
    args = [(jnp.float32(0.3), t) for t in TIMES]
    with CompileLog() as log:
        for v, t in args:
            fn(v, t)
    n = log.count(name)
    why = msg("ex_a1_2_fix1.compiled_n", n_times=len(TIMES), n=n)
    if n == len(TIMES) and _unrolled(fn):
        why = msg("ex_a1_2_fix1.static_times_unrolled", n_times=len(TIMES), n=n)
    elif n == len(TIMES):
        why = msg("ex_a1_2_fix1.static_times", n_times=len(TIMES), n=n)
    assert_compile_count(log, name, expected=1, msg=why + msg("ex_a1_2_fix1.expect_one"))


@checks.add("loop", needs="one_compile")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(R.jitted(L.iterate), jnp.float32(0.3), jnp.int32(5))
    if "while" not in prims:
        fail(
            msg("ex_a1_2_fix1.scan_not_while") if "scan" in prims else msg("ex_a1_2_fix1.no_while"),
            primitives=sorted(prims),
        )
