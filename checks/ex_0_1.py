"""Exercise 0.1, a normaliser that leaves its input alone: drop_and_renormalize(weights, i) sets
element i to 0 with .at[i].set and rescales the rest to sum to 1.

Checks: values on fresh random weights against NumPy float64 ("values"), naming in-place
assignment only when the call raised JAX's immutability TypeError, and the known wrong orders, a
zeroed neighbour, a discarded .at[i].set result and a division by the L2 norm or by the mean only
when the result equals what they produce; a NumPy argument is left unchanged ("input_unchanged");
under jit with a traced i, three positions, one trace ("jit"); the program holds a scatter
("scatter")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    TraceCounter,
    as_array,
    assert_close,
    assert_equal,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_0_1")


def _weights(g, n):
    w = g.uniform(0.1, 3.0, size=n).astype(np.float32)
    return w


def _reference(w, i):
    out = np.asarray(w, np.float64).copy()
    out[i] = 0.0
    return out / out.sum()


def _zeroed_at(w64, k):
    out = w64.copy()
    out[k] = 0.0
    return out / out.sum()


def _mistakes(w, i):
    w64 = np.asarray(w, np.float64)
    zeroed = w64.copy()
    zeroed[i] = 0.0
    first = w64 / w64.sum()
    first[i] = 0.0
    named = [
        Mistake("l2_norm", zeroed / np.linalg.norm(zeroed), msg("ex_0_1.l2_norm")),
        Mistake("not_rescaled", zeroed, msg("ex_0_1.not_rescaled")),
        Mistake("normalised_first", first, msg("ex_0_1.normalised_first")),
        Mistake("by_mean", zeroed / zeroed.mean(), msg("ex_0_1.by_mean")),
        Mistake("by_max", zeroed / zeroed.max(), msg("ex_0_1.by_max")),
        Mistake("by_count", zeroed / (len(w64) - 1), msg("ex_0_1.by_count")),
        # the divisor left out weights[i] but the array itself was never zeroed
        Mistake("kept_over_rest", w64 / zeroed.sum(), msg("ex_0_1.kept_over_rest")),
    ]
    if i > 0:
        named.append(Mistake("prev", _zeroed_at(w64, i - 1), msg("ex_0_1.shifted", k="i − 1")))
    if i + 1 < len(w64):  # at the last index JAX drops an update at i + 1: that equals no zeroing
        named.append(Mistake("next", _zeroed_at(w64, i + 1), msg("ex_0_1.shifted", k="i + 1")))
        named.append(Mistake("set_discarded", w64 / w64.sum(), msg("ex_0_1.set_discarded")))
    return named


def _call(fn, w, i, what):
    try:
        return fn(w, i)
    except TypeError as e:
        if "immutable" in str(e):
            fail(msg("ex_0_1.in_place", what=what), error=R.first_line(e))
        raise
    except ValueError as e:  # np.asarray of a JAX array is a read-only view: w[i] = … refuses
        if "read-only" in str(e):
            fail(msg("ex_0_1.in_place_read_only", what=what), error=R.first_line(e))
        raise


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    g = rng(1)
    for n in (6, 8, 11):
        w = _weights(g, n)
        i = int(g.integers(0, n))
        what = msg("ex_0_1.call", n=n, i=i)
        out = as_array(_call(L.drop_and_renormalize, jnp.asarray(w), i, what), what, shape=(n,))
        assert_close(
            out,
            _reference(w, i),
            rtol=1e-5,
            atol=1e-6,
            what=what,
            msg=msg("ex_0_1.values_differ", i=i),
            mistakes=_mistakes(w, i),
        )


@checks.add("input_unchanged")
def _(L):
    g = rng(2)
    w = _weights(g, 7)
    before = w.copy()
    i = int(g.integers(0, 7))
    try:
        L.drop_and_renormalize(w, i)
    except TypeError:
        pass  # a NumPy array accepts assignment; what matters here is whether it changed
    except AttributeError as e:
        if "'numpy.ndarray'" not in str(e) or "'at'" not in str(e):
            raise
        fail(msg("ex_0_1.numpy_has_no_at"), error=R.first_line(e))
    changed = np.flatnonzero(w != before)  # which elements the call overwrote
    said = msg("ex_0_1.input_changed", i=i)
    if changed.size and changed.tolist() != [i]:
        said = msg("ex_0_1.input_changed_many", n=int(changed.size), total=len(w))
    assert_close(w, before, rtol=0, atol=0, msg=said)


_CONCRETE = ("TracerIntegerConversionError", "ConcretizationTypeError", "IndexError")


def _concrete_words(L, w, i, error):
    """Which tracer needed a concrete value, from a second jit with i a plain Python int: when it
    passes, i was the one; when it raises the same error, a value computed from weights was."""
    import jax
    import jax.numpy as jnp

    try:
        jax.jit(lambda ww: L.drop_and_renormalize(ww, i))(jnp.asarray(w))
    except Exception as e:  # the probe's own failure decides nothing unless it is the same error
        if type(e) is type(error):
            return msg("ex_0_1.needs_concrete_weights")
        return msg("ex_0_1.needs_concrete_any")
    return msg("ex_0_1.needs_concrete")


def _jit_call(L, step, w, i, what):
    import jax.numpy as jnp

    try:
        return step(jnp.asarray(w), jnp.int32(i))
    except Exception as e:  # a concrete value asked for: which tracer, computed; else the symptoms
        if any(cls.__name__ in _CONCRETE for cls in type(e).__mro__):
            why = _concrete_words(L, w, i, e)
            said = msg("_repair_ch6.raised", what=what, error=type(e).__name__, why=why)
            fail(said, error=R.first_line(e))
    return R.call(
        step,
        jnp.asarray(w),
        jnp.int32(i),
        what=what,
        symptoms={
            "TracerArrayConversionError": msg("ex_0_1.to_numpy"),
            "word:immutable": msg("ex_0_1.in_place_jit"),
        },
    )


def _jit_differs_words(L, w, i, out) -> str:
    """A jitted result that equals the call without jit: jit is not the cause, and the mistake in
    the values is the values check's to name (said once, not again here)."""
    import jax.numpy as jnp

    try:
        eager = np.asarray(L.drop_and_renormalize(jnp.asarray(w), i), np.float64)
    except Exception:  # noqa: BLE001 - the probe is ours: a failure of it names nothing
        return msg("ex_0_1.jit_differs", i=i)
    if eager.shape == out.shape and compare(out, eager, rtol=1e-5, atol=1e-6) is None:
        return msg("ex_0_1.jit_same_as_eager", i=i)
    return msg("ex_0_1.jit_differs", i=i)


@checks.add("jit")
def _(L):
    counter = TraceCounter(L.drop_and_renormalize)
    step = counter.jit()
    g = rng(3)
    w = _weights(g, 6)
    for i in (0, 3, 5):
        what = msg("ex_0_1.jit_call", i=i)
        out = as_array(_jit_call(L, step, w, i, what), what, shape=(6,))
        assert_close(
            out,
            _reference(w, i),
            rtol=1e-5,
            atol=1e-6,
            what=what,
            msg=_jit_differs_words(L, w, i, out),
        )
    assert_equal(
        counter.count, 1, msg("ex_0_1.retraced", traces=counter.count), what=msg("ex_0_1.traces")
    )


@checks.add("scatter", needs="jit")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.drop_and_renormalize, jnp.ones(4), jnp.int32(1))
    scatters = sum(n for p, n in prims.items() if p.startswith("scatter"))
    if scatters == 0:
        said = msg("ex_0_1.no_scatter_where") if "select_n" in prims else msg("ex_0_1.no_scatter")
        if "dynamic_update_slice" in prims:  # its index is clamped with a select_n of its own
            said = msg("ex_0_1.no_scatter_update_slice")
        fail(said, primitives=sorted(prims))
    if not prims.get("scatter"):  # only another .at[i] update: multiply, add, min or max
        staged_by = {"scatter-mul": "multiply", "scatter-add": "add", "scatter-min": "min"}
        found = min(p for p in prims if p.startswith("scatter"))
        how = f".at[i].{staged_by.get(found, 'max')}(…)"
        fail(msg("ex_0_1.other_scatter", found=found, how=how), primitives=sorted(prims))
