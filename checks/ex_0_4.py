"""Exercise 0.4, vmap: example_loss(w, x, y) = (x·w − y)², per_example_losses and
per_example_grads batched with vmap over a shared w.

Checks: one example's loss, naming |x·w − y|, half the loss, sum((x * w − y)²) and an unsquared x·w
− y only when it equals them ("single"); losses on a batch with n ≠ d and one with n = d, naming a
missing in_axes=None only when vmap's size error lists w or the result equals what splitting w
produces, another wrong example axis when the size error does not list w, and a mean or sum of the
losses when one number equals it ("losses"); gradients against 2(x·w − y)·x, naming grad of a vector
only when grad raised that TypeError, the gradient of the mean or of the summed loss only when a
single row equals it, the gradient with respect to x only when the rows equal 2(x·w − y)·w, and a
transposed result only when it equals the transpose ("grads"); both under jit ("jit"); the same
number of staged operations for n = 4 and n = 16 ("no_loop")."""

import re

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    compare,
    fail,
    lead,
    msg,
    primitive_counts,
    rng,
    skip,
)

checks = Checks("ex_0_4")
BATCHES = ((51, 7, 3), (52, 4, 4))  # (seed, n, d): one batch with n = d


def _batch(seed, n, d):
    g = rng(seed)
    w = g.normal(size=d).astype(np.float32)
    xs = g.normal(size=(n, d)).astype(np.float32)
    ys = g.normal(size=n).astype(np.float32)
    return w, xs, ys


def _jnp(*arrays):
    import jax.numpy as jnp

    return tuple(jnp.asarray(a) for a in arrays)


def _ref_losses(w, xs, ys):
    r = np.asarray(xs, np.float64) @ np.asarray(w, np.float64) - ys
    return r**2


def _ref_grads(w, xs, ys):
    x64 = np.asarray(xs, np.float64)
    r = x64 @ np.asarray(w, np.float64) - ys
    return 2.0 * r[:, None] * x64


def _grads_wrt_x(w, xs, ys):
    """Each example's gradient with respect to x instead of w (grad with argnums=1): 2r·w."""
    w64 = np.asarray(w, np.float64)
    r = np.asarray(xs, np.float64) @ w64 - ys
    return 2.0 * r[:, None] * w64[None, :]


def _elementwise(w, x, y):
    """sum((x * w − y)²): each product minus y squared, instead of the dot product's error."""
    x64, w64 = np.asarray(x, np.float64), np.asarray(w, np.float64)
    return float(np.sum((x64 * w64 - np.float64(y)) ** 2))


def _y_per_feature(w, x, y):
    """sum(x * w − y)²: y is broadcast over the d products and subtracted d times, (x·w − d·y)²."""
    x64, w64 = np.asarray(x, np.float64), np.asarray(w, np.float64)
    return float(np.sum(x64 * w64 - np.float64(y)) ** 2)


def _axis_symptoms(d):
    """vmap's size error: w (the only float32[d] argument in a batch with n ≠ d) among the mapped
    axes means w was split; otherwise an in_axes entry of xs or ys is not the example axis."""
    return {
        f"word:of type float32[{d}]": msg("ex_0_4.w_split_error"),
        "word:inconsistent sizes": msg("ex_0_4.wrong_example_axis"),
    }


def _ys_shared(w, xs, ys):
    """What in_axes=(None, 0, None) computes: example i meets every target, (xs[i]·w − ys[j])²."""
    r = (np.asarray(xs, np.float64) @ np.asarray(w, np.float64))[:, None] - ys[None, :]
    return r**2


def _split_w(w, xs, ys):
    """What vmap without in_axes=None computes when n = d: example i sees the number w[i]."""
    x64 = np.asarray(xs, np.float64)
    return (x64 * np.asarray(w, np.float64)[:, None] - np.asarray(ys, np.float64)[:, None]) ** 2


@checks.add("single")
def _(L):
    w, xs, ys = _batch(50, 1, 3)
    out = L.example_loss(*_jnp(w, xs[0], ys[0]))
    squares = (np.asarray(xs[0], np.float64) * w - ys[0]) ** 2
    if np.shape(out) == squares.shape and compare(out, squares, rtol=1e-5, atol=1e-6) is None:
        fail(msg("ex_0_4.single_not_summed", d=len(w)), shape=list(np.shape(out)))
    got = float(as_array(out, "example_loss(w, x, y)", ndim=0))
    assert_close(
        got,
        float(_ref_losses(w, xs, ys)[0]),
        rtol=1e-5,
        atol=1e-6,
        what="example_loss(w, x, y)",
        msg=msg("ex_0_4.single_differs"),
        mistakes=[
            Mistake("abs", float(np.sqrt(_ref_losses(w, xs, ys)[0])), msg("ex_0_4.abs_error")),
            Mistake("halved", 0.5 * float(_ref_losses(w, xs, ys)[0]), msg("ex_0_4.halved")),
            Mistake("elementwise", _elementwise(w, xs[0], ys[0]), msg("ex_0_4.elementwise")),
            Mistake(
                "elementwise_mean",
                _elementwise(w, xs[0], ys[0]) / len(w),
                msg("ex_0_4.elementwise_mean", d=len(w)),
            ),
            Mistake("no_square", float(xs[0] @ w - ys[0]), msg("ex_0_4.no_square")),
            Mistake(
                "y_per_feature",
                _y_per_feature(w, xs[0], ys[0]),
                msg("ex_0_4.y_per_feature", d=len(w)),
            ),
        ],
    )


def _follows_half(L, out, ref, what) -> None:
    """Silent (covered by "single") when `out` is exactly half of `ref` and example_loss itself
    returns half the loss on the single check's example: that check names the 0.5 already.
    Computed only when `out` differs from `ref`."""
    if np.shape(out) != ref.shape or compare(out, ref, rtol=1e-5, atol=1e-5) is None:
        return
    if compare(out, ref / 2, rtol=1e-5, atol=1e-5) is not None:
        return
    w, xs, ys = _batch(50, 1, 3)
    try:
        one = float(np.asarray(L.example_loss(*_jnp(w, xs[0], ys[0])), np.float64))
    except Exception:  # example_loss alone fails or is not a scalar: the single check says so
        return
    if compare(one, 0.5 * float(_ref_losses(w, xs, ys)[0]), rtol=1e-5, atol=1e-6) is None:
        skip(msg("ex_0_4.follows_half", what=lead(what)), covered_by="single")


def _follows_own_loss(L, out, ref, what, w, xs, ys, grads: bool = False) -> None:
    """Silent (covered by "single") when example_loss itself is wrong on the single check's
    example and `out` is exactly that example_loss batched (its gradients, with `grads`): the
    batching is right, and the single check judges the loss. Computed only when `out` differs."""
    import jax

    if np.shape(out) != ref.shape or compare(out, ref, rtol=1e-5, atol=1e-5) is None:
        return
    w1, x1, y1 = _batch(50, 1, 3)
    try:
        one = float(np.asarray(L.example_loss(*_jnp(w1, x1[0], y1[0])), np.float64))
        if compare(one, float(_ref_losses(w1, x1, y1)[0]), rtol=1e-5, atol=1e-6) is None:
            return  # example_loss is right: the batching is what differs
        fn = jax.grad(L.example_loss) if grads else L.example_loss
        own = np.asarray(jax.vmap(fn, in_axes=(None, 0, 0))(*_jnp(w, xs, ys)), np.float64)
    except Exception:  # example_loss cannot be batched or differentiated: nothing computed
        return
    if compare(out, own, rtol=1e-5, atol=1e-5) is None:
        said = msg("ex_0_4.follows_own_grad", what=lead(what)) if grads else None
        skip(said or msg("ex_0_4.follows_own_loss", what=lead(what)), covered_by="single")


@checks.add("losses")
def _(L):
    for seed, n, d in BATCHES:
        w, xs, ys = _batch(seed, n, d)
        what = msg("ex_0_4.losses_call", n=n, d=d)
        out = R.call(
            L.per_example_losses,
            *_jnp(w, xs, ys),
            what=what,
            symptoms=_axis_symptoms(d),
        )
        if np.shape(out) == () and n != 1:
            total = float(np.asarray(out, np.float64))
            reduced = _ref_losses(w, xs, ys)
            if compare(total, reduced.mean(), rtol=1e-4, atol=1e-5) is None:
                fail(msg("ex_0_4.losses_mean", n=n), shape=[])
            if compare(total, reduced.sum(), rtol=1e-4, atol=1e-5) is None:
                fail(msg("ex_0_4.losses_sum", n=n), shape=[])
        if n == d and np.shape(out) == (n, d):
            if (
                compare(np.asarray(out, np.float64), _split_w(w, xs, ys), rtol=1e-4, atol=1e-5)
                is None
            ):
                fail(msg("ex_0_4.w_split_silent", n=n), shape=[n, d])
        if np.shape(out) == (n, n) and n != d:
            if (
                compare(np.asarray(out, np.float64), _ys_shared(w, xs, ys), rtol=1e-4, atol=1e-5)
                is None
            ):
                fail(msg("ex_0_4.ys_shared", n=n), shape=[n, n])
        residual = np.asarray(xs, np.float64) @ np.asarray(w, np.float64) - ys
        _follows_half(L, out, _ref_losses(w, xs, ys), what)
        _follows_own_loss(L, out, _ref_losses(w, xs, ys), what, w, xs, ys)
        assert_close(
            as_array(out, what, shape=(n,)),
            _ref_losses(w, xs, ys),
            rtol=1e-5,
            atol=1e-5,
            what=what,
            msg=msg("ex_0_4.losses_differ"),
            mistakes=[
                Mistake("no_square", residual, msg("ex_0_4.losses_not_squared")),
                Mistake("abs", np.abs(residual), msg("ex_0_4.losses_abs")),
            ],
        )


def _grads_call(L, w, xs, ys, what):
    """per_example_grads(w, xs, ys). When grad met a non-scalar output, one example's
    example_loss tells which: a vector there is the loss itself (the single check names it),
    a scalar there means grad was taken of the batched losses."""
    symptoms = _axis_symptoms(len(w))
    try:
        return R.call(L.per_example_grads, *_jnp(w, xs, ys), what=what, symptoms=symptoms)
    except TypeError as e:
        if "Output had shape" not in str(e):
            raise
        try:
            one = np.shape(L.example_loss(*_jnp(w, xs[0], ys[0])))
        except Exception:  # example_loss fails alone: the single check tells why
            one = None
        if one == ():
            found = re.search(r"Output had shape: (\([0-9, ]*\))", str(e))
            why = msg("ex_0_4.grad_of_vector", shape=found.group(1) if found else "?")
        elif one is not None:
            why = msg("ex_0_4.grad_of_vector_loss", shape=one)
        else:
            raise
        said = msg("_repair_ch6.raised", what=what, error=type(e).__name__, why=why)
        fail(said, error=R.first_line(e))


@checks.add("grads")
def _(L):
    for seed, n, d in BATCHES:
        w, xs, ys = _batch(seed, n, d)
        what = msg("ex_0_4.grads_call", n=n, d=d)
        out = _grads_call(L, w, xs, ys, what)
        ref = _ref_grads(w, xs, ys)
        if np.shape(out) == (d, n) and n != d:
            if compare(np.asarray(out, np.float64), ref.T, rtol=1e-4, atol=1e-5) is None:
                fail(msg("ex_0_4.grads_transposed", n=n, d=d), shape=[d, n])
        if np.shape(out) == (d,):  # one row: the gradient of a reduced loss?
            row = np.asarray(out, np.float64)
            if compare(row, ref.mean(axis=0), rtol=1e-4, atol=1e-5) is None:
                fail(msg("ex_0_4.mean_gradient", n=n, d=d), shape=[d])
            if compare(row, ref.sum(axis=0), rtol=1e-4, atol=1e-5) is None:
                fail(msg("ex_0_4.sum_gradient", n=n, d=d), shape=[d])
        _follows_half(L, out, ref, what)
        _follows_own_loss(L, out, ref, what, w, xs, ys, grads=True)
        assert_close(
            as_array(out, what, shape=(n, d)),
            ref,
            rtol=1e-5,
            atol=1e-5,
            what=what,
            msg=msg("ex_0_4.grads_differ"),
            mistakes=[
                Mistake("wrt_x", _grads_wrt_x(w, xs, ys), msg("ex_0_4.grad_wrt_x")),
                Mistake("half", ref / 2, msg("ex_0_4.grad_no_two")),
                Mistake("unsquared", np.asarray(xs, np.float64), msg("ex_0_4.grad_unsquared")),
                Mistake("transposed", ref.T, msg("ex_0_4.grads_transposed", n=n, d=d)),
                Mistake(
                    "mean_in_every_row",
                    np.broadcast_to(ref.mean(axis=0), ref.shape),
                    msg("ex_0_4.mean_in_every_row", n=n),
                ),
                Mistake(
                    "sum_in_every_row",
                    np.broadcast_to(ref.sum(axis=0), ref.shape),
                    msg("ex_0_4.sum_in_every_row", n=n),
                ),
            ],
        )


@checks.add("jit", needs=("losses", "grads"))
def _(L):
    import jax

    w, xs, ys = _batch(53, 6, 3)
    for name, ref in (("per_example_losses", _ref_losses), ("per_example_grads", _ref_grads)):
        what = f"jax.jit({name})(w, xs, ys)"
        out = jax.jit(getattr(L, name))(*_jnp(w, xs, ys))
        want = ref(w, xs, ys)
        assert_close(
            as_array(out, what, shape=want.shape),
            want,
            rtol=1e-5,
            atol=1e-5,
            what=what,
            msg=msg("ex_0_4.jit_differs", name=name),
        )


@checks.add("no_loop", needs=("losses", "grads"))
def _(L):
    for name in ("per_example_losses", "per_example_grads"):
        fn = getattr(L, name)
        sizes = []
        for n in (4, 16):
            w, xs, ys = _batch(54, n, 3)
            sizes.append(sum(primitive_counts(fn, *_jnp(w, xs, ys)).values()))
        if sizes[1] > sizes[0]:
            fail(msg("ex_0_4.grows_with_n", name=name, small=sizes[0], large=sizes[1]))
