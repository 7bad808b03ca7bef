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
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_compile_count,
    compare,
    fail,
    later,
    msg,
    primitive_counts,
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


def _stale(name, item, earlier):
    """A result that equals the right value of the first call, on a later call with new data:
    kept from the first call (in a global, say) instead of computed from this call's x."""
    if len(earlier) < 2:
        return []
    return [Mistake("stale", earlier[0][item], msg("ex_a1_7_fix1.kept_from_first_call", what=name))]


@checks.add("values")
def _(L):
    earlier = []  # the right (centered, z) of the calls before this one
    with CompileLog():  # caches cleared: the learner's first call traces afresh
        for x in _inputs(791, 2):
            z, centered = _results(L, x)
            x64 = np.asarray(x, np.float64)
            c64 = x64 - x64.mean()
            earlier.append((c64, c64 / x64.std()))
            z, centered = (
                as_array(v, n, shape=x64.shape) for v, n in ((z, "z"), (centered, "centered"))
            )
            swapped = (
                compare(centered, c64 / x64.std(), rtol=1e-4, atol=1e-5) is None
                and compare(z, c64, rtol=1e-5, atol=1e-5) is None
            )
            assert_close(
                centered,
                c64,
                rtol=1e-5,
                atol=1e-5,
                what="centered",
                msg=msg("ex_a1_7_fix1.order_swapped")
                if swapped
                else msg("ex_a1_7_fix1.centered_differs"),
                mistakes=_stale("centered", 0, earlier),
            )
            assert_close(
                z,
                c64 / x64.std(),
                rtol=1e-4,
                atol=1e-5,
                what="z",
                msg=msg("ex_a1_7_fix1.z_differs"),
                mistakes=[
                    Mistake("sample_std", c64 / x64.std(ddof=1), msg("ex_a1_7_fix1.sample_std")),
                    Mistake("by_variance", c64 / x64.var(), msg("ex_a1_7_fix1.by_variance")),
                    Mistake(
                        "mean_abs",
                        c64 / np.abs(c64).mean(),
                        msg("ex_a1_7_fix1.by_mean_abs"),
                    ),
                    *_stale("z", 1, earlier),
                ],
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


def _learner_jits(L, names) -> list[str]:
    """The compiled names that are jit functions of the learner's file: a name bound to a jit
    function, or the name a jit function of the file compiles under (`_core = jax.jit(_impl)`
    compiles as _impl)."""
    made = {R.name_of(v) for v in L.ns.values() if callable(v) and hasattr(v, "lower")}
    return sorted({name for name in names if name in made or hasattr(L.ns.get(name), "lower")})


def _callbacks(L, jits, x) -> tuple[list[str], list[str]]:
    """Which of the learner's jit functions, traced on x, hand values to Python through a
    callback, and which callback primitives their programs hold (debug prints do not count)."""
    fns, prims = [], set()
    for name in jits:
        try:
            counts = primitive_counts(L.ns[name], x)
        except Exception:  # the probe is ours: a function we cannot trace on x is not named
            continue
        found = {p for p in ("debug_callback", "io_callback") if counts.get(p)}
        if found:
            fns.append(name)
            prims |= found
    return fns, sorted(prims)


def _why_compiled(L, log, x, calls) -> str:
    """Why the calls did not compile exactly once, said only as far as the log and the programs
    show it. A name that is no jit function of the learner's file yet compiled on each of the
    calls (all of one shape) is a jit function built anew per call: an operation run outside jit
    is compiled once and then found in the cache."""
    n, names = log.total, log.names
    jits = _learner_jits(L, names)
    others = sorted(set(names) - set(jits))
    if n == 0:
        return msg("ex_a1_7_fix1.never_compiled")
    # a name compiled on each call that is no jit function of the file: built anew per call, also
    # beside the file's own jit function (jax.jit(lambda …)(x) next to a jitted normalize)
    fresh = sorted({name for name in others if names.count(name) >= calls})
    if fresh:
        return msg("ex_a1_7_fix1.fresh_jit_per_call", n=n, calls=calls, names=", ".join(fresh))
    if not jits:
        return msg("ex_a1_7_fix1.op_by_op", n=n, names=", ".join(sorted(set(names))))
    if not others and len(set(names)) < n:
        return msg("ex_a1_7_fix1.recompiled", n=n, names=", ".join(names))
    if not others:
        return msg("ex_a1_7_fix1.several_jits", n=n, names=", ".join(names))
    fns, prims = _callbacks(L, jits, x)
    if fns:
        return msg(
            "ex_a1_7_fix1.callback_out",
            n=n,
            names=", ".join(names),
            fns=", ".join(fns),
            prims=", ".join(prims),
            others=", ".join(others),
        )
    return msg("ex_a1_7_fix1.ops_outside_jit", n=n, names=", ".join(names))


@checks.add("one_compile", needs="values")
def _(L):
    xs = _inputs(793)
    with CompileLog() as log:
        for x in xs:
            _results(L, x)
    why = _why_compiled(L, log, xs[0], len(xs))
    assert_compile_count(log, None, expected=1, msg=why + msg("ex_a1_7_fix1.expect_one"))
