"""Exercise a1.4, segment softmax: segment_softmax(scores, seg, num_segments) -> out (shaped like
scores).

out_i = exp(s_i − m_k) / Σ_{j: seg_j = k} exp(s_j − m_k), k = seg_i, m_k the maximum of segment k;
num_segments is a static argument, passed by keyword.

Where the chapter's 4 self-check assertions (rng = default_rng(7), two sets of segment ids:
[0,1,1,2,2,2,3,4,4,4,4,4] (K=5) and [0,0,0,1,1] (K=2); scores = normal·50 + 200, float32,
each set drawn in turn from the same rng) are checked:
  1. the output has the shape of scores                                 → check "shape"
  2. every result is finite (without subtracting the segment max it overflows) → check "finite"
  3. agrees with a per-segment NumPy softmax (float64), atol 1e-6        → check "values"
  4. jax.ops.segment_sum(out, ids, num_segments=K) ≈ 1, atol 1e-6        → check "sums_to_one"
Added:
  - the segment reductions the task asks for: the program holds scatter-max (segment_max) and
    scatter-add (segment_sum), and its equation count does not grow with the number of segments
    K (no Python loop over segments)                                    → check "segment_ops"
  - the jax.jit the task asks for (num_segments static)                 → check "jitted"
  - it also runs under an outer jax.jit; in new data the segments' scores differ in scale by
    thousands (subtracting only the global max underflows into 0/0), one segment is empty
                                                                        → check "fresh"
"""

import re

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_equal,
    assert_that,
    f64,
    fail,
    msg,
    primitive_counts,
    primitive_sites,
    rng,
    which_mistake,
)

checks = Checks("ex_a1_4")


def softmax_by_segment(scores, ids, k):
    """Slice each segment, subtract its max, normalize (float64)."""
    s = f64(scores)
    ids = np.asarray(ids)
    out = np.zeros_like(s)
    for j in range(k):
        sel = ids == j
        if sel.any():
            z = np.exp(s[sel] - s[sel].max())
            out[sel] = z / z.sum()
    return out


def _float32_softmax(scores, ids, k, shift):
    """What a float32 answer that subtracts `shift` (per element) produces, overflow and 0/0
    included."""
    s = np.asarray(scores, np.float32)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        e = np.exp(s - np.asarray(shift, np.float32))
        e[np.abs(e) < np.finfo(np.float32).tiny] = 0.0  # XLA on CPU flushes subnormals to zero
        z = np.zeros(k, np.float32)
        np.add.at(z, ids, e)
        return f64(e / z[ids])


def _unshifted_denominator(scores, ids, k, shift):
    """What float32 gives when only the numerator is shifted: exp(s − m[seg]) divided by the
    segment sums of exp(s) itself (which overflow to inf for scores around 200)."""
    s = np.asarray(scores, np.float32)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        e = np.exp(s - np.asarray(shift, np.float32))
        z = np.zeros(k, np.float32)
        np.add.at(z, ids, np.exp(s))
        return f64(e / z[ids])


def _log(v):
    """np.log without NumPy's warning: an empty segment's sum is 0 (its log, -inf, indexes
    nothing), and the warning would be printed among the learner's output."""
    with np.errstate(divide="ignore"):
        return np.log(v)


def _unshifted_why(scores, ids, k) -> str:
    """How exp without a shift gives NaN on these scores, as float32 computes it: inf / inf where
    a score overflows, 0 / 0 in a segment whose every exp underflows (both may happen)."""
    with np.errstate(over="ignore", under="ignore"):
        e = np.exp(np.asarray(scores, np.float32))
    sums = np.zeros(k, np.float32)
    np.add.at(sums, np.asarray(ids), e)
    used = np.bincount(np.asarray(ids), minlength=k) > 0
    why = [msg("ex_a1_4.exp_overflows")] if np.isinf(e).any() else []
    why += [msg("ex_a1_4.exp_underflows")] if (used & (sums == 0)).any() else []
    return msg("ex_a1_4.and").join(why) or msg("ex_a1_4.exp_overflows")


def _mistakes(scores, ids, k):
    """What each known mistake gives; the first three are those that can leave nan/inf."""
    s = f64(scores)
    e = np.exp(s - s.max())
    seg_max = np.full(k, -np.inf)
    np.maximum.at(seg_max, np.asarray(ids), s)
    seg_min = np.full(k, np.inf)
    np.minimum.at(seg_min, np.asarray(ids), s)
    e_seg = np.exp(s - seg_max[np.asarray(ids)])
    seg_sum = np.zeros(k)
    np.add.at(seg_sum, np.asarray(ids), e_seg)
    return [
        Mistake(
            "no_shift",
            _float32_softmax(scores, ids, k, 0.0),
            msg("ex_a1_4.no_max_subtracted", why=_unshifted_why(scores, ids, k)),
        ),
        Mistake(
            "global_max",
            _float32_softmax(scores, ids, k, np.full(len(s), np.float32(s.max()))),
            msg("ex_a1_4.global_max_only"),
        ),
        Mistake(
            "segment_min",
            _float32_softmax(scores, ids, k, np.float32(seg_min)[np.asarray(ids)]),
            msg("ex_a1_4.segment_min_subtracted"),
        ),
        Mistake(
            "whole_array",
            e / e.sum(),
            msg("ex_a1_4.whole_array_softmax"),
        ),
        Mistake(
            "sum_over_all",
            e_seg / e_seg.sum(),
            msg("ex_a1_4.divided_by_total"),
        ),
        Mistake(
            "unshifted_denominator",
            _unshifted_denominator(scores, ids, k, np.float32(seg_max)[np.asarray(ids)]),
            msg("ex_a1_4.denominator_not_shifted"),
        ),
        Mistake("not_normalized", e_seg, msg("ex_a1_4.not_normalized")),
        Mistake(
            "divided_by_count",
            e_seg / np.bincount(np.asarray(ids), minlength=k)[np.asarray(ids)],
            msg("ex_a1_4.divided_by_count"),
        ),
        Mistake(
            "log_softmax",
            s - seg_max[np.asarray(ids)] - _log(seg_sum)[np.asarray(ids)],
            msg("ex_a1_4.log_softmax"),
        ),
    ]


def _chapter_cases():
    g = np.random.default_rng(7)
    cases = []
    for ids, k in [([0, 1, 1, 2, 2, 2, 3, 4, 4, 4, 4, 4], 5), ([0, 0, 0, 1, 1], 2)]:
        s = (g.normal(size=len(ids)) * 50 + 200).astype(np.float32)
        cases.append((np.array(ids, np.int32), k, s))
    return cases


def _call(L, s, ids, k, jit_outer=False):
    import jax
    import jax.numpy as jnp

    fn = L.segment_softmax
    if jit_outer:
        fn = jax.jit(fn, static_argnames=("num_segments",))
    try:
        with A1.returned_values("segment_softmax"):
            out = fn(jnp.asarray(s), jnp.asarray(ids), num_segments=k)
    except jax.errors.ConcretizationTypeError as e:  # TracerBoolConversionError included
        if "argument num_segments" in str(e):
            fail(
                msg("ex_a1_4.num_segments_traced"),
                error=str(e).splitlines()[0],
            )
        if isinstance(e, jax.errors.TracerBoolConversionError):  # a Python if on the data
            fail(msg("ex_a1_4.python_bool"), error=" ".join(str(e).splitlines()[:2]))
        first = _first_argument_named(e, L.segment_softmax)
        fail(
            msg("ex_a1_4.concretized_scores", arg=first) if first else msg("ex_a1_4.concretized"),
            error=" ".join(str(e).splitlines()[:2]),
        )
    except (TypeError, ValueError) as e:
        _not_gathered(e, len(s), k)
        raise
    return as_array(out, msg("ex_a1_4.result"))


def _first_argument_named(e: BaseException, fn) -> str | None:
    """The name of the function's first argument (the scores, not the segment ids or their
    count) when JAX's ConcretizationTypeError says the concrete value needed depends on it."""
    import inspect

    found = re.search(r"depends on the value of the argument (\w+)", str(e))
    try:
        names = list(inspect.signature(inspect.unwrap(fn)).parameters)
    except (TypeError, ValueError):
        return None
    return names[0] if found is not None and names and found.group(1) == names[0] else None


# JAX words it "Incompatible shapes for broadcasting: shapes=[(12,), (5,)]" (jnp.subtract …) or
# "div got incompatible shapes for broadcasting: (12,), (5,)." (the lax primitive).
_BROADCAST = re.compile(r"incompatible shapes for broadcasting:?(.*)", re.IGNORECASE)


def _not_gathered(e: BaseException, n: int, k: int) -> None:
    """A learner's function that combined a per-element array (n,) with a per-segment one (k,)
    element by element: JAX names both shapes; say so (the fix is to gather by id)."""
    m = _BROADCAST.search(str(e))
    if not m or n == k:
        return
    shapes = set(re.findall(r"\((\d+),\)", m.group(1)))
    if shapes == {str(n), str(k)}:
        fail(
            msg("ex_a1_4.not_gathered", n=n, k=k),
            error=str(e).splitlines()[0],
        )


@checks.add("shape")
def _(L):
    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        if out.shape == s.shape:
            continue
        if out.shape == (k,):
            assert_equal(
                list(out.shape),
                list(s.shape),
                msg("ex_a1_4.one_per_segment", k=k),
                what=msg("ex_a1_4.output_shape"),
            )
        assert_equal(
            list(out.shape),
            list(s.shape),
            msg("ex_a1_4.shape_differs", want=s.shape, shape=out.shape),
            what=msg("ex_a1_4.output_shape"),
        )


def _values(out, s, ids, k, what):
    want = softmax_by_segment(s, ids, k)
    out = as_array(out, what, shape=want.shape)
    assert_that(
        np.issubdtype(out.dtype, np.floating),
        msg("ex_a1_4.not_floating", what=what, dtype=out.dtype),
        actual=str(out.dtype),
    )
    assert_close(
        out,
        want,
        rtol=0,
        atol=1e-6,
        what=what,
        mistakes=_mistakes(s, ids, k),
        msg=msg("ex_a1_4.values_differ", what=what),
    )


@checks.add("finite", needs="shape")
def _(L):
    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        if np.isfinite(out).all():
            continue
        found = which_mistake(out, _mistakes(s, ids, k)[:3], rtol=0, atol=1e-6)
        fail(
            msg("ex_a1_4.not_finite") + (found.message if found else ""),
            ids=ids,
            scores=s,
            actual=out,
        )


@checks.add("values", needs="shape")
def _(L):
    for ids, k, s in _chapter_cases():
        _values(_call(L, s, ids, k), s, ids, k, msg("ex_a1_4.softmax_for_k", k=k))


@checks.add("sums_to_one", needs="shape")
def _(L):
    import jax
    import jax.numpy as jnp

    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        sums = np.asarray(jax.ops.segment_sum(jnp.asarray(out), jnp.asarray(ids), num_segments=k))
        assert_close(
            sums,
            np.ones(k),
            rtol=0,
            atol=1e-6,
            what=msg("ex_a1_4.segment_sums"),
            msg=msg("ex_a1_4.sums_differ", k=k),
        )


def _program(L, k, n=32):
    import jax.numpy as jnp

    ids = jnp.asarray(np.arange(n) % k, jnp.int32)
    with A1.returned_values("segment_softmax"):
        return primitive_counts(
            lambda s, i: L.segment_softmax(s, i, num_segments=k), jnp.linspace(-1.0, 1.0, n), ids
        )


@checks.add("segment_ops", needs="shape")
def _(L):
    small, large = _program(L, 4), _program(L, 16)
    n_small, n_large = sum(small.values()), sum(large.values())
    if A1.grows_with(4, 16, n_small, n_large):
        fail(
            msg("ex_a1_4.loop_per_segment", n_small=n_small, n_large=n_large),
            equations_K4=n_small,
            equations_K16=n_large,
            primitives=A1.top_primitives(large),
        )
    missing = [
        name
        for prim, name in (
            ("scatter-max", "jax.ops.segment_max(scatter-max)"),
            ("scatter-add", "jax.ops.segment_sum(scatter-add)"),
        )
        if not small[prim]
    ]
    assert_that(
        not missing,
        msg("ex_a1_4.program_lacks", ops=msg("ex_a1_4.list_sep").join(missing))
        + msg("ex_a1_4.segment_ops_needed"),
        primitives=A1.top_primitives(small),
    )


def _is_jitted(fn) -> bool:
    """A jax.jit function (also behind functools.partial), or a wrapper whose whole program is one
    jitted call (a lambda or def that only forwards to a jitted function)."""
    import functools

    import jax.numpy as jnp

    inner = fn
    while isinstance(inner, functools.partial):
        inner = inner.func
    if callable(getattr(inner, "lower", None)):
        return True
    ids = jnp.asarray([0, 0, 1], jnp.int32)
    top = [
        name
        for name, inside in primitive_sites(lambda s, i: fn(s, i, num_segments=2), jnp.ones(3), ids)
        if not inside
    ]
    return top == ["jit"]


@checks.add("jitted", needs="shape")
def _(L):
    fn = L.segment_softmax
    assert_that(
        _is_jitted(fn),
        msg("ex_a1_4.not_jitted"),
        actual=type(fn).__name__,
    )


@checks.add("fresh", needs="shape")
def _(L):
    g = rng(1303)
    sizes = [3, 1, 0, 6, 4]  # segment 2 is empty
    centers = [900.0, -700.0, 0.0, 40.0, -1500.0]
    ids = np.concatenate([np.full(n, j, np.int32) for j, n in enumerate(sizes)])
    s = np.concatenate(
        [c + 3.0 * g.normal(size=n) for c, n in zip(centers, sizes, strict=False)]
    ).astype(np.float32)
    k = len(sizes)
    for jit_outer in (False, True):
        where = msg("ex_a1_4.under_outer_jit") if jit_outer else msg("ex_a1_4.called_directly")
        _values(
            _call(L, s, ids, k, jit_outer=jit_outer),
            s,
            ids,
            k,
            msg("ex_a1_4.softmax_where", where=where),
        )
