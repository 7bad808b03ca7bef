"""Exercise 6.4 (extra exercise 2), Welford's online variance: welford_step(state, x) as the body
of lax.scan, online_var(xs) -> (mean, variance, variance trace), and jax.vmap over several streams.

Each assertion of the chapter's self-check and its check (data: default_rng(2),
xs = 1000 + 0.5·N(300), float32):
  1. "scan" in str(jax.make_jaxpr(online_var)(xs))                              -> uses_scan
  2. the variance trace of jit(online_var) has shape (300,)                      -> shapes
  3. mean ≈ float64 mean (rtol 1e-6)                                            -> mean
  4. variance ≈ float64 variance (rtol 2e-3; catches the difference of squares)  -> variance
  5. k ∈ {0,1,9,99,299}: tr[k] ≈ var(xs[:k+1]) (rtol 2e-3, atol 1e-6)          -> trace
  6. streams = arange(1,4)[:,None]·N((3,200)) + 50: after vmap (3,), (3,), (3,200) -> vmap_shapes
  7. each stream's variance after vmap ≈ float64 (rtol 2e-3)                    -> vmap_values
Added: body (the scan body calls welford_step), from_scan (all three outputs come only through the
scan, none computed outside it with jnp.mean / jnp.var), fresh (another offset and scale, length
257, item by item).
Diagnoses: each common mistake (δ², (x − μ_new)², dividing by n − 1, the standard deviation, M2,
emitting the mean) is computed in float64, and named only when the learner's output matches it;
the difference of squares is confirmed on the same data without the offset."""

from __future__ import annotations

import sys

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import _welford_ref as W
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_scalar,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
    scan_lengths,
    skip,
    which_mistake,
)

checks = Checks("ex_6_4")


def _chapter_data():
    g = np.random.default_rng(seed=2)  # the self-check's seed and drawing order
    offset_data = g.standard_normal(300) * 0.5 + 1000.0  # large offset, small variance
    scales = np.array([[1.0], [2.0], [3.0]])
    three = g.standard_normal((3, 200)) * scales + 50.0
    return offset_data.astype(np.float32), three.astype(np.float32)


def _run(L, xs, what="online_var(xs)"):
    """(mean, var, trace) of jit(online_var) as NumPy values, structure checked first."""
    import jax
    import jax.numpy as jnp

    m, v, tr = as_tuple(
        jax.jit(L.online_var)(jnp.asarray(xs)), 3, msg("ex_6_4.run.as_tuple", what=what)
    )
    return (
        as_scalar(m, msg("ex_6_4.run.as_scalar", what=what)),
        as_scalar(v, msg("ex_6_4.run.as_scalar_2", what=what)),
        as_array(tr, msg("ex_6_4.run.as_array", what=what)).astype(np.float64),
    )


def _unstable(L, xs, part: str, rtol: float, atol: float) -> bool:
    """True when the learner's result is right on the same data with the offset removed: the
    error comes from the offset (cancellation in E[x²] − E[x]²), not from the formula. A wrong
    mean on the offset data has another cause (the mean check names it), so it is not this one."""
    if compare(_run(L, xs)[0], xs.astype(np.float64).mean(), rtol=1e-6, atol=0) is not None:
        return False
    centred = (xs.astype(np.float64) - xs.astype(np.float64).mean()).astype(np.float32)
    _, v, tr = _run(L, centred, msg("ex_6_4.unstable.run"))
    c64 = centred.astype(np.float64)
    want = c64.var() if part == "var" else W.prefix_vars(c64)
    return compare(v if part == "var" else tr, want, rtol=rtol, atol=atol) is None


UNSTABLE = msg("ex_6_4.module.unstable")


def _code_of(fn):
    """The code object a call of `fn` runs (through functools.partial and jit wrappers)."""
    import functools

    for _ in range(5):
        if isinstance(fn, functools.partial):
            fn = fn.func
        elif getattr(fn, "__code__", None) is not None:
            return fn.__code__
        elif getattr(fn, "__wrapped__", None) is not None:
            fn = fn.__wrapped__
        else:
            return None
    return None


@checks.add("uses_scan")
def _(L):
    import jax.numpy as jnp

    data = _chapter_data()[0]
    counts = primitive_counts(L.online_var, jnp.asarray(data))
    if counts.get("scan", 0) >= 1:
        return
    # what the program holds instead, said only as computed: a while loop, or (no loop and at least
    # one operation per element) a Python loop unrolled while tracing
    if counts.get("while", 0) >= 1:
        fail(msg("ex_6_4.uses_scan.while_loop"), primitives=sorted(counts)[:30])
    total = sum(counts.values())
    if total >= len(data):
        fail(msg("ex_6_4.uses_scan.unrolled", n=total, m=len(data)), primitives=sorted(counts)[:30])
    fail(msg("ex_6_4.uses_scan.assert_that"), primitives=sorted(counts)[:30])


@checks.add("body", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    target = _code_of(L.welford_step)
    calls = [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is target:
            calls[0] += 1

    jax.clear_caches()  # a traced jit body is reused from the cache, without calling Python
    old = sys.getprofile()
    sys.setprofile(profile)
    try:
        jax.make_jaxpr(L.online_var)(jnp.linspace(-1.0, 1.0, 5))
    finally:
        sys.setprofile(old)
    assert_that(
        target is None or calls[0] >= 1,
        msg("ex_6_4.body.assert_that"),
        calls=calls[0],
    )


@checks.add("from_scan", needs="uses_scan")
def _(L):
    import jax.numpy as jnp

    xs = jnp.asarray(_chapter_data()[0])
    bypass = H.outputs_bypassing(L.online_var, (xs,), "scan")
    if len(bypass) != 3:
        skip(msg("ex_6_4.from_scan.not_three", n=len(bypass)), covered_by="shapes")
    names = [
        n
        for n, b in zip(
            (
                msg("ex_6_4.from_scan.text"),
                msg("ex_6_4.from_scan.text_2"),
                msg("ex_6_4.from_scan.text_3"),
            ),
            bypass,
            strict=False,
        )
        if b
    ]
    assert_that(
        not names,
        msg("ex_6_4.from_scan.assert_that", v=msg("ex_6_4.joiner").join(names)),
        outputs_computed_outside_scan=names,
    )


@checks.add("shapes", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    xs, _ = _chapter_data()
    out = as_tuple(jax.jit(L.online_var)(jnp.asarray(xs)), 3, msg("ex_6_4.shapes.as_tuple"))
    m, v, tr = out
    long = [k + 1 for k, item in enumerate(out) if np.shape(item) == (300,)]
    if np.shape(tr) != (300,) and long:
        fail(
            msg("ex_6_4.shapes.fail", long=long[0]),
            shapes=[list(np.shape(item)) for item in out],
        )
    said = msg("ex_6_4.shapes.assert_that", v=np.shape(tr))
    if np.shape(tr) == (299,) and 299 in _scan_lengths(L, xs):  # the scan itself is one short
        said = msg("ex_6_4.shapes.one_short", n=300, m=299)
    assert_that(
        np.shape(tr) == (300,),
        said,
        expected=[300],
        actual=list(np.shape(tr)),
    )
    assert_that(
        np.shape(m) == () and np.shape(v) == (),
        msg("ex_6_4.shapes.assert_that_2"),
        mean_shape=list(np.shape(m)),
        var_shape=list(np.shape(v)),
    )


def _scan_lengths(L, xs) -> list[int]:
    """The length of every scan in online_var's program for xs ([] when it cannot be traced)."""
    import jax
    import jax.numpy as jnp

    try:
        return scan_lengths(jax.make_jaxpr(L.online_var)(jnp.asarray(xs)))
    except Exception:  # the other checks report what the call does
        return []


def _variance_as_mean(m, v, x64) -> None:
    """Fails when the mean's place holds the variance (the variance's tolerance); "swapped" only
    when the variance's place holds the mean as well."""
    if compare(m, x64.var(), rtol=2e-3, atol=0) is not None:
        return
    if compare(v, x64.mean(), rtol=1e-6, atol=0) is None:
        fail(msg("ex_6_4.mean.is_variance"))
    fail(msg("ex_6_4.mean.variance_first"))


@checks.add("mean", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    m, v, _ = _run(L, xs)
    want = xs.astype(np.float64).mean()
    _variance_as_mean(m, v, xs.astype(np.float64))
    assert_close(
        m,
        want,
        rtol=1e-6,
        atol=0,
        what=msg("ex_6_4.mean.what"),
        msg=msg("ex_6_4.mean.msg", want=want, m=m),
        mistakes=[
            Mistake(
                "count_from_one",
                xs.astype(np.float64).sum() / (xs.size + 1),
                msg("ex_6_4.mean.count_from_one", n=xs.size),
            ),
        ],
    )


def _check_var(L, got, xs, what):
    x64 = xs.astype(np.float64)
    if compare(got, x64.var(), rtol=2e-3, atol=1e-8) is None:  # np.isclose's default atol
        return
    found = which_mistake(got, W.mistakes(x64, "var"), rtol=2e-3, atol=0)
    unstable = found is None and _unstable(L, xs, "var", 2e-3, 0)
    assert_close(
        got,
        x64.var(),
        rtol=2e-3,
        atol=1e-8,
        what=what,
        mistakes=[found] if found else (),
        msg=UNSTABLE if unstable else msg("ex_6_4.check_var.text", what=what, v=x64.var(), got=got),
    )


@checks.add("variance", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    _check_var(L, _run(L, xs)[1], xs, msg("ex_6_4.variance.check_var"))


def _check_trace(L, tr, xs, idx, rtol, atol, what):
    x64 = xs.astype(np.float64)
    want = W.prefix_vars(x64)
    assert_that(
        tr.shape == want.shape,
        msg("ex_6_4.check_trace.assert_that", what=what, shape=want.shape, shape_2=tr.shape),
    )
    differs = compare(tr[idx], want[idx], rtol=rtol, atol=atol, what=what)
    if differs is None:
        return
    found = which_mistake(
        tr[idx],
        [Mistake(m.label, m.value[idx], m.message) for m in W.mistakes(x64, "trace")],
        rtol=rtol,
        atol=atol,
    )
    unstable = found is None and _unstable(L, xs, "trace", rtol, atol)
    bad = int(idx[differs.first_mismatches[0][0][0]])  # the first index of idx that differs
    # + 0.0 below: the variance of one value is 0, which float64 may hold as -0.0 ("-0")
    assert_close(
        tr[idx],
        want[idx],
        rtol=rtol,
        atol=atol,
        what=what,
        mistakes=[found] if found else (),
        msg=UNSTABLE
        if unstable
        else msg(
            "ex_6_4.check_trace.text",
            what=what,
            bad=bad,
            bad_2=bad + 1,
            want=want[bad] + 0.0,
            tr=tr[bad] + 0.0,
        ),
    )


@checks.add("trace", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    tr = _run(L, xs)[2]
    _check_trace(
        L, tr, xs, np.array([0, 1, 9, 99, 299]), 2e-3, 1e-6, msg("ex_6_4.trace.check_trace")
    )


@checks.add(
    "vmap_shapes",
    needs=("uses_scan", "shapes"),  # one stream's wrong shapes are told by "shapes", not again
)
def _(L):
    import jax
    import jax.numpy as jnp

    _, streams = _chapter_data()
    mb, vb, tb = as_tuple(
        jax.vmap(L.online_var)(jnp.asarray(streams)), 3, msg("ex_6_4.vmap_shapes.as_tuple")
    )
    got = [list(np.shape(mb)), list(np.shape(vb)), list(np.shape(tb))]
    assert_that(
        got == [[3], [3], [3, 200]],
        msg("ex_6_4.vmap_shapes.assert_that", got=got),
        expected=[[3], [3], [3, 200]],
        actual=got,
    )


@checks.add(
    "vmap_values",
    needs=("uses_scan", "vmap_shapes", "variance", "trace"),  # a slip in online_var is theirs
)
def _(L):
    import jax
    import jax.numpy as jnp

    _, streams = _chapter_data()
    got = as_array(
        jax.vmap(L.online_var)(jnp.asarray(streams))[1],
        msg("ex_6_4.vmap_values.as_array"),
        shape=(3,),
    )
    s64 = streams.astype(np.float64)
    per_stream = [W.mistakes(s, "var") for s in s64]
    stacked = [
        Mistake(ms[0].label, np.array([m.value for m in ms]), ms[0].message)
        for ms in zip(*per_stream, strict=False)
    ]
    assert_close(
        got.astype(np.float64),
        s64.var(axis=1),
        rtol=2e-3,
        atol=0,
        what=msg("ex_6_4.vmap_values.what"),
        msg=msg("ex_6_4.vmap_values.msg"),
        mistakes=stacked,
    )


@checks.add("fresh", needs="uses_scan")
def _(L):
    g = rng(65)
    xs = (-300.0 + 2.0 * g.standard_normal(257)).astype(np.float32)
    m, v, tr = _run(L, xs)
    x64 = np.asarray(xs, np.float64)
    _variance_as_mean(m, v, x64)  # as the mean check names it
    assert_close(
        m,
        np.mean(x64),
        rtol=1e-6,
        atol=0,
        what=msg("ex_6_4.fresh.what"),
        msg=msg("ex_6_4.fresh.msg", v=np.mean(x64), m=m),
    )
    _check_var(L, v, xs, msg("ex_6_4.fresh.check_var"))
    _check_trace(L, tr, xs, np.arange(257), 2e-3, 1e-5, msg("ex_6_4.fresh.check_trace"))
