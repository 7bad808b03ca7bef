"""Repair exercise a1.7-fix1: an intermediate appended to a global list under jit (a leaked tracer)
→ return it instead.

Checks: both results on fresh data, and neither is a tracer ("values"); no module-level
container of the learner holds a tracer after a fresh trace ("no_leak"); three calls of one
shape compile exactly once in total — the work stays in one jit function ("one_compile")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    as_tuple,
    assert_close,
    assert_compile_count,
    fail,
    later,
    msg,
    rng,
)

checks = Checks("ex_a1_7_fix1")

SYMPTOMS = {"UnexpectedTracerError": later("ex_a1_7_fix1.leaked_tracer_used")}


def _inputs(seed, n=3):
    import jax.numpy as jnp

    g = rng(seed)
    return [jnp.asarray(g.normal(2.0, 3.0, size=8).astype(np.float32)) for _ in range(n)]


def _results(L, x):
    out = as_tuple(
        R.call(L.normalize_and_center, x, what="normalize_and_center", symptoms=SYMPTOMS),
        2,
        msg("ex_a1_7_fix1.result"),
    )
    if R.tracers_in(out):
        fail(
            msg("ex_a1_7_fix1.tracer_returned"),
            actual=repr(out)[:200],
        )
    return out


@checks.add("values")
def _(L):
    with CompileLog():  # caches cleared: the learner's first call traces afresh
        for x in _inputs(791, 2):
            z, centered = _results(L, x)
            x64 = np.asarray(x, np.float64)
            c64 = x64 - x64.mean()
            assert_close(
                as_array(centered, "centered", shape=x64.shape),
                c64,
                rtol=1e-5,
                atol=1e-5,
                what="centered",
                msg=msg("ex_a1_7_fix1.centered_differs"),
            )
            assert_close(
                as_array(z, "z", shape=x64.shape),
                c64 / x64.std(),
                rtol=1e-4,
                atol=1e-5,
                what="z",
                msg=msg("ex_a1_7_fix1.z_differs"),
            )


@checks.add("no_leak")
def _(L):
    with CompileLog():  # a fresh trace: a leaking function leaks now
        for x in _inputs(792, 1):
            try:
                L.normalize_and_center(x)
            except Exception:  # the symptom itself is reported by "values"
                pass
    leaked = R.leaked_globals(L.ns)
    if leaked:
        fail(
            msg("ex_a1_7_fix1.tracer_in_global", leaked=", ".join(leaked)),
            leaked=leaked,
        )


@checks.add("one_compile", needs="values")
def _(L):
    xs = _inputs(793)
    with CompileLog() as log:
        for x in xs:
            _results(L, x)
    n = log.total
    if n == 0:
        why = msg("ex_a1_7_fix1.never_compiled")
    elif n > 1 and not any(name == R.name_of(L.normalize_and_center) for name in log.names):
        why = msg("ex_a1_7_fix1.op_by_op", n=n, names=", ".join(sorted(set(log.names))))
    else:
        why = msg("ex_a1_7_fix1.ops_outside_jit", n=n, names=", ".join(log.names))
    assert_compile_count(log, None, expected=1, msg=why + msg("ex_a1_7_fix1.expect_one"))
