"""Exercise a1.3, a "bounded while" that can be differentiated in reverse mode: Newton's square
root.

newton_sqrt_scan(a) -> (x, k) and newton_sqrt_while(a) -> (x, k): x ≈ √a, k the number of
iterations actually taken (an integer). The iteration x ← ½(x + a/x) starts at x = a, converges
when |x² − a| < 1e-6·a, and takes at most 30 steps.

Where the chapter's 7 self-check assertions (a = [3.0, 0.5, 123.4, 7e3, 42.0], both versions
under jax.vmap) are checked:
  1. scan version x ≈ √a (np.allclose, rtol 1e-6)                      → check "scan_values"
  2. while version x ≈ √a (rtol 1e-6)                                  → check "while_values"
  3. the scan version's k has an integer dtype                          → check "int_dtype"
  4. np.array_equal(k_scan, k_while) (no counting after convergence)    → check "counts_match"
  5. every k satisfies 0 < k < 30                                       → check "count_range"
  6. jax.vmap(jax.grad(lambda a: newton_sqrt_scan(a)[0])) is finite everywhere → check "grad_finite"
  7. and ≈ 0.5/√a (rtol 1e-4)                                          → check "grad_value"
Added:
  - the scan version's program holds a scan, the while version's a while → check "uses_loops"
  - x is frozen after convergence: on values of a where "x when it stops" and "x after a few more
    steps" can be told apart, the scan version's x must equal the x where the while loop stops
    (masking only the count does not pass)                              → check "frozen"
  - 1, 2, 4, 5 and 7 again on new a (across 10⁻³…10⁶), under jit        → check "fresh"
Wrong answers' outputs are emulated in NumPy float32 (_newton_ref); a message names a mistake
only when the learner's output matches it."""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _newton_ref as N
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    f64,
    fail,
    msg,
    primitive_counts,
    rng,
    skip,
    which_mistake,
)

checks = Checks("ex_a1_3")

CHAPTER_A = [3.0, 0.5, 123.4, 7e3, 42.0]
CAP = N.CAP


def _outputs(out, n, what):
    """Validated (x, k) of a vmapped version: two arrays of shape (n,)."""
    x, k = as_tuple(out, 2, msg("ex_a1_3.result_of", what=what))
    return as_array(x, msg("ex_a1_3.x_of", what=what), shape=(n,)), as_array(
        k, msg("ex_a1_3.k_of", what=what), shape=(n,)
    )


@checks.add("returns")
def _(L):
    import jax.numpy as jnp

    for fn, what in (
        (L.newton_sqrt_scan, "newton_sqrt_scan"),
        (L.newton_sqrt_while, "newton_sqrt_while"),
    ):
        out = A1.abstract(fn, jnp.float32(2.0), what=what)
        x, k = as_tuple(out, 2, msg("ex_a1_3.result_for_scalar", what=what))
        (x_shape, x_dtype), (k_shape, k_dtype) = (
            A1.shape_dtype(x, msg("ex_a1_3.x_of", what=what)),
            A1.shape_dtype(k, msg("ex_a1_3.k_of", what=what)),
        )
        if np.issubdtype(x_dtype, np.integer) and np.issubdtype(k_dtype, np.floating):
            fail(
                msg("ex_a1_3.pair_swapped", what=what, x_dtype=x_dtype, k_dtype=k_dtype),
                actual=[str(x_dtype), str(k_dtype)],
            )
        for shape, name in ((x_shape, "x"), (k_shape, "k")):
            assert_that(
                shape == (),
                msg("ex_a1_3.not_scalar", what=what, name=name, shape=shape),
                actual=list(shape),
            )
        assert_that(
            np.issubdtype(x_dtype, np.floating),
            msg("ex_a1_3.x_not_floating", what=what, x_dtype=x_dtype),
            actual=str(x_dtype),
        )


def _run(fn, a, what, jit=False):
    import jax
    import jax.numpy as jnp

    batched = jax.vmap(fn)
    with A1.returned_values(what):
        out = (jax.jit(batched) if jit else batched)(jnp.asarray(a, jnp.float32))
    return _outputs(out, len(a), what)


def _values(x, a, version):
    want = np.sqrt(f64(a))
    assert_close(
        x,
        want,
        rtol=1e-6,
        atol=1e-8,
        what=msg("ex_a1_3.x_of_version", version=version),
        mistakes=N.x_mistakes(a),
        msg=msg("ex_a1_3.x_differs", version=version),
    )


@checks.add("scan_values", needs="returns")
def _(L):
    x, _ = _run(L.newton_sqrt_scan, CHAPTER_A, "newton_sqrt_scan")
    _values(x, CHAPTER_A, "scan")


@checks.add("while_values", needs="returns")
def _(L):
    x, _ = _run(L.newton_sqrt_while, CHAPTER_A, "newton_sqrt_while")
    _values(x, CHAPTER_A, "while")


@checks.add("int_dtype", needs="returns")
def _(L):
    for fn, version in ((L.newton_sqrt_scan, "scan"), (L.newton_sqrt_while, "while")):
        _, k = _run(fn, CHAPTER_A, f"newton_sqrt_{version}")
        assert_that(
            np.issubdtype(k.dtype, np.integer),
            msg("ex_a1_3.k_not_integer", version=version, dtype=k.dtype),
            actual=str(k.dtype),
        )


def _same(k, want) -> bool:
    """Equal counts, element by element (same shape)."""
    return compare(k, want, rtol=0, atol=0) is None


def _exact(fn, version) -> bool:
    return N.stops_when_exact(_run(fn, [1.0], f"newton_sqrt_{version}")[1])


def _counts_equal(ks, kw, a, L):
    if _same(ks, kw):
        return
    want = N.emulate(a)[1]
    why = ""
    if _same(kw, want):
        mistakes = N.count_mistakes(a, "scan", _exact(L.newton_sqrt_scan, "scan"))
        found = which_mistake(ks, mistakes, rtol=0, atol=0)
        why = (msg("ex_a1_3.scan_version_said") + found.message) if found else ""
    elif _same(ks, want):
        mistakes = N.count_mistakes(a, "while", _exact(L.newton_sqrt_while, "while"))
        found = which_mistake(kw, mistakes, rtol=0, atol=0)
        why = (msg("ex_a1_3.while_version_said") + found.message) if found else ""
    fail(
        msg(
            "ex_a1_3.counts_differ",
            scan_counts=ks.tolist(),
            while_counts=kw.tolist(),
            want=want.tolist(),
        )
        + why,
        a=list(map(float, a)),
        expected=want,
        scan=ks,
        while_=kw,
    )


def _x_wrong(x, version) -> None:
    """The counts and gradient of a version whose x already differs from √a on CHAPTER_A come
    from a wrong iteration: that version's values check failed on the same inputs and says why,
    so this check has nothing of its own to name."""
    if compare(x, np.sqrt(f64(CHAPTER_A)), rtol=1e-6, atol=1e-8) is not None:
        skip(msg("ex_a1_3.follows_wrong_x", version=version), covered_by=f"{version}_values")


@checks.add("counts_match", needs="returns")
def _(L):
    xs, ks = _run(L.newton_sqrt_scan, CHAPTER_A, "newton_sqrt_scan")
    xw, kw = _run(L.newton_sqrt_while, CHAPTER_A, "newton_sqrt_while")
    if not _same(ks, kw):
        _x_wrong(xs, "scan")
        _x_wrong(xw, "while")
    _counts_equal(ks, kw, CHAPTER_A, L)


def _range(k, a, version, loop, fn):
    if ((k > 0) & (k < CAP)).all():
        return
    found = which_mistake(k, N.count_mistakes(a, loop, _exact(fn, loop)), rtol=0, atol=0)
    fail(
        msg(
            "ex_a1_3.count_out_of_range",
            version=version,
            counts=k.tolist(),
            want=N.emulate(a)[1].tolist(),
        )
        + (found.message if found else ""),
        actual=k,
    )


@checks.add("count_range", needs="returns")
def _(L):
    for fn, version in ((L.newton_sqrt_scan, "scan"), (L.newton_sqrt_while, "while")):
        x, k = _run(fn, CHAPTER_A, f"newton_sqrt_{version}")
        if not ((k > 0) & (k < CAP)).all():
            _x_wrong(x, version)
        _range(k, CHAPTER_A, version, version, fn)


@checks.add("uses_loops", needs="returns")
def _(L):
    import jax.numpy as jnp

    scan_prog = primitive_counts(L.newton_sqrt_scan, jnp.float32(2.0))
    if not scan_prog["scan"]:
        fail(
            msg("ex_a1_3.no_scan", n=sum(scan_prog.values()))
            + (msg("ex_a1_3.but_while") if scan_prog["while"] else msg("ex_a1_3.colon"))
            + msg("ex_a1_3.scan_needed"),
            primitives=A1.top_primitives(scan_prog),
        )
    while_prog = primitive_counts(L.newton_sqrt_while, jnp.float32(2.0))
    assert_that(
        while_prog["while"],
        msg("ex_a1_3.no_while"),
        primitives=A1.top_primitives(while_prog),
    )


def _grad(L, a, jit=False):
    import jax
    import jax.numpy as jnp

    fn = jax.vmap(
        jax.grad(lambda v: as_tuple(L.newton_sqrt_scan(v), 2, msg("ex_a1_3.scan_result"))[0])
    )
    try:
        out = (jax.jit(fn) if jit else fn)(jnp.asarray(a, jnp.float32))
    except ValueError as e:
        if "Reverse-mode differentiation" not in str(e):
            raise
        fail(
            msg("ex_a1_3.grad_through_while"),
            error=str(e).splitlines()[0],
        )
    return as_array(out, "∂x/∂a", shape=(len(a),))


@checks.add("grad_finite", needs="returns")
def _(L):
    g = _grad(L, CHAPTER_A)
    assert_that(
        np.isfinite(g).all(),
        msg("ex_a1_3.grad_not_finite"),
        actual=g,
    )


@checks.add("grad_value", needs=("returns", "grad_finite"))
def _(L):
    g = _grad(L, CHAPTER_A)
    if compare(g, 0.5 / np.sqrt(f64(CHAPTER_A)), rtol=1e-4, atol=1e-8) is not None:
        _x_wrong(_run(L.newton_sqrt_scan, CHAPTER_A, "newton_sqrt_scan")[0], "scan")
    assert_close(
        g,
        0.5 / np.sqrt(f64(CHAPTER_A)),
        rtol=1e-4,
        atol=1e-8,
        what="∂x/∂a",
        mistakes=N.grad_mistakes(CHAPTER_A),
        msg=msg("ex_a1_3.grad_differs"),
    )


@checks.add(
    "frozen",
    needs=("returns", "scan_values"),
)
def _(L):
    a, x_stop, x_more = N.separable_a()
    x, k = _run(L.newton_sqrt_scan, a, "newton_sqrt_scan", jit=True)
    # x kept updating: only the count was masked when the counts follow the rule, else the test
    ruled = _same(k, N.emulate(a)[1])
    assert_close(
        x,
        f64(x_stop),
        rtol=1.6e-7,
        atol=0.0,
        what=msg("ex_a1_3.frozen_x"),
        mistakes=[
            Mistake(
                "keeps_updating",
                f64(x_more),
                msg("ex_a1_3.x_not_frozen") if ruled else msg("ex_a1_3.x_not_frozen_test"),
            ),
            *(m for m in N.x_mistakes(a) if m.label == "starts_at_half"),
        ],
        msg=msg("ex_a1_3.frozen_x_differs"),
    )


CAP_A = [1e30, 3e24, 1e-30]  # Newton from x = a needs more than 30 steps here


@checks.add("rule", needs="returns")
def _(L):
    a = N.threshold_a()
    want = N.emulate(a)[1]
    for fn, version in ((L.newton_sqrt_scan, "scan"), (L.newton_sqrt_while, "while")):
        _, k = _run(fn, a, f"newton_sqrt_{version}", jit=True)
        mistakes = N.count_mistakes(a, version, _exact(fn, version))
        if not _same(k, want):
            x = _run(fn, CHAPTER_A, f"newton_sqrt_{version}")[0]
            if compare(x, np.sqrt(f64(CHAPTER_A)), rtol=1e-6, atol=1e-8) is not None:
                if which_mistake(x, N.x_mistakes(CHAPTER_A), rtol=1e-6, atol=1e-8):
                    _x_wrong(x, version)  # named there: the counts follow from it
            # a count mistake is named only when the learner's x is that mistake's x too: idle
            # steps counted, or a test made after the update, leave x right
            mistakes = [m for m in mistakes if N.x_fits(x, CHAPTER_A, m.label)]
        assert_close(
            k,
            want,
            rtol=0,
            atol=0,
            what=msg("ex_a1_3.counts_at", version=version, a=[float(v) for v in a]),
            mistakes=mistakes,
            msg=msg(
                "ex_a1_3.threshold_counts_differ",
                want=want.tolist(),
                version=version,
                counts=k.tolist(),
            ),
        )
    a_cap = np.array(CAP_A, np.float32)
    with np.errstate(over="ignore"):
        x_cap, k_cap = N.emulate(a_cap)
    for fn, version in ((L.newton_sqrt_scan, "scan"), (L.newton_sqrt_while, "while")):
        x, k = _run(fn, a_cap, f"newton_sqrt_{version}", jit=True)
        if not _same(k, k_cap):  # an x mistake its values check named explains these counts too
            x_chapter = _run(fn, CHAPTER_A, f"newton_sqrt_{version}")[0]
            if which_mistake(x_chapter, N.x_mistakes(CHAPTER_A), rtol=1e-6, atol=1e-8):
                _x_wrong(x_chapter, version)
        assert_close(
            k,
            k_cap,
            rtol=0,
            atol=0,
            what=msg("ex_a1_3.k_at_cap", version=version, cap_a=CAP_A),
            msg=msg("ex_a1_3.cap_count_differs", cap_a=CAP_A, version=version, k=k.tolist())
            + (
                ""
                if np.isfinite(x).all() or not np.isfinite(x_cap).all()
                else msg("ex_a1_3.cap_x_not_finite", x=x.tolist())
            ),
            mistakes=N.cap_mistakes(a_cap, k_cap, version, k),
        )
        assert_close(
            x,
            f64(x_cap),
            rtol=1e-6,
            atol=0.0,
            what=msg("ex_a1_3.x_at_cap", version=version, cap_a=CAP_A),
            msg=msg("ex_a1_3.cap_x_differs", cap_a=CAP_A, version=version),
        )


@checks.add("fresh", needs="returns")
def _(L):
    g = rng(1202)
    a = np.exp(g.uniform(np.log(1e-3), np.log(1e6), 12)).astype(np.float32)
    xs, ks = _run(L.newton_sqrt_scan, a, "newton_sqrt_scan", jit=True)
    xw, kw = _run(L.newton_sqrt_while, a, "newton_sqrt_while", jit=True)
    _values(xs, a, msg("ex_a1_3.fresh_scan"))
    _values(xw, a, msg("ex_a1_3.fresh_while"))
    _counts_equal(ks, kw, a, L)
    _range(ks, a, msg("ex_a1_3.fresh_scan"), "scan", L.newton_sqrt_scan)
    gr = _grad(L, a, jit=True)
    assert_close(
        gr,
        0.5 / np.sqrt(f64(a)),
        rtol=1e-4,
        atol=1e-8,
        what=msg("ex_a1_3.fresh_grad"),
        msg=msg("ex_a1_3.fresh_grad_differs"),
    )
