"""Repair 0.1-fix1: counts[label] += 1 is a TypeError on a JAX array -> one
jnp.zeros(n).at[labels].add(1.0).

Checks: without jit and then under jit (labels traced, n static), the counts equal np.bincount,
naming in-place assignment or a NumPy conversion only when the call raised it, a size taken from
max(labels) + 1 only when jit needed a concrete value and the result without jit is that long, .set
only when the result is the presence mask and the program holds a plain scatter, and a hidden error
only when every count is 0 ("eager"; "jit" needs it, so a wrong count is told without jit and a
failure only jit causes under jit); the counts are floats, as the interface says ("floats"); one
scatter-add in the program for 40 labels ("one_scatter")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_equal,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_0_1_fix1")
N = 6


def _labels(seed):
    return rng(seed).integers(0, N, size=40).astype(np.int32)


def _sized_by_max(fn):
    """The length of fn's result for labels whose largest class is N − 3 (fn: histogram, called
    without jit); None when the call raises or returns no array."""
    import jax.numpy as jnp

    labels = _labels(85) % (N - 2)
    try:
        out = fn(jnp.asarray(labels), N)
    except Exception:  # only a result can show the size it took
        return None
    shape = getattr(out, "shape", None)
    return shape[0] if shape is not None and len(shape) == 1 else None


def _presence_words(fn):
    """What a result that only marks the classes present says: .set only when the program holds
    a plain scatter (what .at[labels].set stages), else the presence alone."""
    import jax.numpy as jnp

    try:
        prims = primitive_counts(lambda labels: fn(labels, N), jnp.asarray(_labels(83)))
    except Exception:  # a program that cannot be staged shows no .set
        return msg("ex_0_1_fix1.presence_only")
    if "scatter" in prims:
        return msg("ex_0_1_fix1.set_not_add")
    return msg("ex_0_1_fix1.presence_only")


def _verify(fn, seed, what, L=None):
    import jax
    import jax.numpy as jnp

    labels = _labels(seed)
    try:
        out = R.call(
            fn,
            jnp.asarray(labels),
            N,
            what=what,
            symptoms={
                "word:immutable": msg("ex_0_1_fix1.in_place"),
                "TracerArrayConversionError": msg("ex_0_1_fix1.to_numpy"),
            },
        )
    except jax.errors.ConcretizationTypeError as e:
        size = None if L is None else _sized_by_max(L.histogram)
        top = int((_labels(85) % (N - 2)).max())
        if size == N - 2 == top + 1:
            said = msg("ex_0_1_fix1.sized_by_max", n=N, top=top, size=size)
            fail(said, error=R.first_line(e), eager_shape=[size])
        raise
    counts = np.bincount(labels, minlength=N).astype(np.float64)
    short = np.asarray(out) if hasattr(out, "shape") else None
    if (
        short is not None
        and short.shape == (N - 1,)
        and compare(short, counts[:-1], rtol=0, atol=1e-6) is None
    ):
        # the length n − 1 is named only when labels with a smaller largest class give it too
        size = _sized_by_max(fn)
        said = msg("ex_0_1_fix1.one_class_short_unknown", n=N, short=N - 1, last=N - 2)
        if size == N - 1:
            said = msg("ex_0_1_fix1.one_class_short", n=N, short=N - 1, last=N - 2)
        elif size == N - 3:
            said = msg("ex_0_1_fix1.sized_by_labels_max", n=N, short=N - 1, top=N - 3, size=size)
        fail(said, shape=list(short.shape))
    presence = (counts > 0).astype(np.float64)
    set_said = msg("ex_0_1_fix1.presence_only")
    if short is not None and compare(short, presence, rtol=0, atol=1e-6) is None:
        set_said = _presence_words(fn)
    assert_close(
        as_array(out, what, shape=(N,)),
        counts,
        rtol=0,
        atol=1e-6,
        what=what,
        msg=msg("ex_0_1_fix1.counts_differ"),
        mistakes=[
            Mistake("set", presence, set_said),
            Mistake("zeros", np.zeros(N), msg("ex_0_1_fix1.no_effect")),
            Mistake("from_ones", counts + 1, msg("ex_0_1_fix1.from_ones")),
            Mistake(
                "frequencies",
                counts / len(labels),
                msg("ex_0_1_fix1.frequencies", m=len(labels)),
            ),
        ],
    )


@checks.add("eager")
def _(L):
    _verify(L.histogram, 82, "histogram(labels, 6)")


@checks.add("jit", needs="eager")
def _(L):
    import jax

    _verify(jax.jit(L.histogram, static_argnums=1), 81, "jax.jit(histogram)(labels, 6)", L)


@checks.add("floats", needs="eager")
def _(L):
    import jax.numpy as jnp

    out = L.histogram(jnp.asarray(_labels(84)), N)
    dtype = str(out.dtype)
    kind = np.dtype(dtype).kind
    said = msg("ex_0_1_fix1.int_counts", dtype=dtype)
    assert_equal(kind, "f", said, what=msg("ex_0_1_fix1.floats.what"))


@checks.add("one_scatter", needs="jit")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(lambda labels: L.histogram(labels, N), jnp.asarray(_labels(83)))
    n = prims.get("scatter-add", 0)
    if n > 1:  # one per label, one per class, or just several: the count says which
        said = msg("ex_0_1_fix1.several", n=n)
        if n == 40:
            said = msg("ex_0_1_fix1.loop", n=n)
        elif n == N:
            said = msg("ex_0_1_fix1.loop_classes", n=n)
        fail(said, scatter_adds=n)
    if n == 0:
        fail(msg("ex_0_1_fix1.no_scatter_add"), primitives=sorted(prims))
