"""Repair 7.4-fix1: vmap(grad) without in_axes splits the parameters too -> in_axes=(None, 0, 0).

Checks: per-example gradients of the logistic loss on fresh data equal float64 (σ(w·x+b) − y)·x
and σ − y, with the gradient in x instead of the params (or in x and y), the batch-mean gradient
(copied per row, or returned once, as is the summed loss's gradient), labels summed unsplit,
the gradient with its sign flipped and every gradient divided by B as named mistakes;
an error from vmap's slicing of the params, or from labels left unsplit, is named ("values"); the
program has as many primitives for B = 12 as for B = 3 ("program")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_that,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
    which_mistake,
)

checks = Checks("ex_7_4_fix1")


def _data(seed, B, d=4):
    import jax.numpy as jnp

    g = rng(seed)
    params = {"w": R.floats(g, d), "b": jnp.float32(g.normal())}
    X = R.floats(g, B, d)
    Y = jnp.asarray((g.random(B) < 0.5).astype(np.float32))
    return params, X, Y


def _want(params, X, Y):
    w, b = np.asarray(params["w"], np.float64), float(params["b"])
    X, Y = np.asarray(X, np.float64), np.asarray(Y, np.float64)
    r = 1.0 / (1.0 + np.exp(-(X @ w + b))) - Y
    return {"w": r[:, None] * X, "b": r}


def _tree(value, B, d, want, wrt_x=None):
    if not isinstance(value, dict) or set(value) != {"w", "b"}:
        if (
            wrt_x is not None
            and not isinstance(value, (tuple, list))  # np.shape of a ragged tuple raises
            and np.shape(value) == wrt_x.shape
            and compare(value, wrt_x, rtol=1e-4, atol=1e-6) is None
        ):
            fail(msg("ex_7_4_fix1.grad_wrt_x"), actual=repr(value)[:200])
        fail(msg("ex_7_4_fix1.not_a_grad_dict"), actual=repr(value)[:200])
    _one_gradient_for_batch(value, want)
    return {
        "w": as_array(value["w"], msg("ex_7_4_fix1.grad_w"), shape=(B, d)),
        "b": as_array(value["b"], msg("ex_7_4_fix1.grad_b"), shape=(B,)),
    }


def _why_value_error(L, params, X, Y) -> str:
    """Why vmap raised a ValueError, said only as far as a computation shows it: the function
    splits every argument along axis 0 (the default in_axes) when, given parameters copied once
    per example, it returns the per-example gradients; otherwise in_axes does not fit the
    arguments in some other way (a wrong order, a wrong axis)."""
    import jax
    import jax.numpy as jnp

    B = X.shape[0]
    stacked = jax.tree.map(lambda p: jnp.broadcast_to(p, (B, *jnp.shape(p))), params)
    try:
        out = jax.jit(L.per_example_grads)(stacked, X, Y)
        got = {k: np.asarray(out[k], np.float64) for k in ("w", "b")}
    except Exception:  # the probe is ours: any failure only means it is not the default in_axes
        return msg("ex_7_4_fix1.in_axes_mismatch")
    right = compare(got, _want(params, X, Y), rtol=1e-4, atol=1e-6) is None
    return msg("ex_7_4_fix1.params_split_too") if right else msg("ex_7_4_fix1.in_axes_mismatch")


def _labels_unmapped(L, params, X, Y) -> bool:
    """Whether per_example_grads leaves the labels unsplit, shown by trying: given one label (a
    scalar) in place of Y, it returns the per-example gradients of every example with that one
    label. With Y split along axis 0 a scalar has no axis to split and vmap refuses it."""
    import jax

    y = Y[0]
    try:
        out = jax.jit(L.per_example_grads)(params, X, y)
        got = {k: np.asarray(out[k], np.float64) for k in ("w", "b")}
    except Exception:  # the probe is ours: any failure only means it is not shown
        return False
    want = _want(params, X, np.full(X.shape[0], float(y)))
    return compare(got, want, rtol=1e-4, atol=1e-6) is None


def _labels_summed(params, X, Y):
    """What a per-example loss summed over the whole, unsplit label vector gives: for example i,
    the gradient of sum_j loss(x_i, y_j) = (B·σ_i − sum(Y))·x_i."""
    w, b = np.asarray(params["w"], np.float64), float(params["b"])
    X, Y = np.asarray(X, np.float64), np.asarray(Y, np.float64)
    r = len(Y) / (1.0 + np.exp(-(X @ w + b))) - Y.sum()
    return {"w": r[:, None] * X, "b": r}


def _plus_label(params, X, Y):
    """What the loss softplus(z) + y·z (the label term with the wrong sign) gives per example:
    (σ + y)·x for w and σ + y for b."""
    w, b = np.asarray(params["w"], np.float64), float(params["b"])
    X, Y = np.asarray(X, np.float64), np.asarray(Y, np.float64)
    r = 1.0 / (1.0 + np.exp(-(X @ w + b))) + Y
    return {"w": r[:, None] * X, "b": r}


def _inputs_unmapped(params, X, Y):
    """What mapping only the labels gives, with each example's loss averaged over the whole X:
    for label y_i, the gradient of mean_j loss(x_j, y_i) = mean_j (σ_j − y_i)·x_j, and
    mean_j σ_j − y_i for b."""
    w, b = np.asarray(params["w"], np.float64), float(params["b"])
    X, Y = np.asarray(X, np.float64), np.asarray(Y, np.float64)
    s = 1.0 / (1.0 + np.exp(-(X @ w + b)))
    return {"w": (s @ X)[None, :] / len(Y) - Y[:, None] * X.mean(0), "b": s.mean() - Y}


def _one_gradient_for_batch(value, want) -> None:
    """Fails naming the mistake when the result is a single gradient, {'w': (d,), 'b': ()}, equal
    to the gradient of the batch's summed loss or of its mean loss (computed from the float64
    per-example gradients); any other shape is left to the shape check."""
    try:
        got = {k: np.asarray(value[k], np.float64) for k in ("w", "b")}
    except Exception:  # not numeric arrays: the shape check says so
        return
    if got["w"].shape != want["w"].shape[1:] or got["b"].shape != ():
        return
    found = which_mistake(
        got,
        [
            Mistake(
                "summed",
                {k: v.sum(0) for k, v in want.items()},
                msg("ex_7_4_fix1.summed_loss_grad", B=want["b"].size, d=want["w"].shape[1]),
            ),
            Mistake(
                "mean",
                {k: v.mean(0) for k, v in want.items()},
                msg("ex_7_4_fix1.mean_loss_grad", B=want["b"].size, d=want["w"].shape[1]),
            ),
        ],
        rtol=1e-4,
        atol=1e-6,
    )
    if found is not None:
        B, d = want["w"].shape
        fail(
            found.message,
            expected_shape=f"w {(B, d)}, b {(B,)}",
            actual_shape=f"w {got['w'].shape}, b ()",
        )


@checks.add("values")
def _(L):
    import jax

    B, d = 6, 4
    params, X, Y = _data(821, B, d)
    try:
        raw = jax.jit(L.per_example_grads)(params, X, Y)
    except ValueError as e:
        if "vmap" not in str(e):  # not vmap's complaint (a broadcast in the loss …): shown as is
            raise
        fail(
            msg(
                "_repair_ch7.raised",
                what="per_example_grads",
                error="ValueError",
                why=_why_value_error(L, params, X, Y),
            ),
            error=R.first_line(e),
        )
    except TypeError as e:
        if not _labels_unmapped(L, params, X, Y):
            raise
        fail(
            msg(
                "_repair_ch7.raised",
                what="per_example_grads",
                error="TypeError",
                why=msg("ex_7_4_fix1.labels_not_split"),
            ),
            error=R.first_line(e),
        )
    want = _want(params, X, Y)
    wrt_x = want["b"][:, None] * np.asarray(params["w"], np.float64)  # ∂loss/∂x = (σ − y)·w
    out = _tree(raw, B, d, want, wrt_x)
    mean = {k: np.broadcast_to(v.mean(0), v.shape) for k, v in want.items()}
    w, b = np.asarray(params["w"], np.float64), float(params["b"])
    wrt_x_y = {"w": wrt_x, "b": -(np.asarray(X, np.float64) @ w + b)}  # ∂loss/∂y = −logit
    assert_close(
        out,
        want,
        rtol=1e-4,
        atol=1e-6,
        what="per_example_grads(params, X, Y)",
        msg=msg("ex_7_4_fix1.grads_differ"),
        mistakes=[
            Mistake(
                "batch_mean",
                mean,
                msg("ex_7_4_fix1.batch_mean_grad"),
            ),
            Mistake(
                "b_batch_mean",
                {"w": want["w"], "b": mean["b"]},
                msg("ex_7_4_fix1.b_batch_mean"),
            ),
            Mistake("plus_label", _plus_label(params, X, Y), msg("ex_7_4_fix1.plus_label")),
            Mistake(
                "inputs_unmapped",
                _inputs_unmapped(params, X, Y),
                msg("ex_7_4_fix1.inputs_unmapped"),
            ),
            Mistake(
                "labels_summed",
                _labels_summed(params, X, Y),
                msg("ex_7_4_fix1.labels_summed"),
            ),
            Mistake("wrt_x_y", wrt_x_y, msg("ex_7_4_fix1.grads_wrt_x_y")),
            Mistake(
                "negated",
                {k: -v for k, v in want.items()},
                msg("ex_7_4_fix1.grads_negated"),
            ),
            Mistake(
                "divided_by_B",
                {k: v / B for k, v in want.items()},
                msg("ex_7_4_fix1.grads_divided_by_B", B=B),
            ),
        ],
    )


@checks.add("program", needs="values")
def _(L):
    sizes = {}
    for B in (3, 12):
        params, X, Y = _data(822, B)
        sizes[B] = sum(primitive_counts(L.per_example_grads, params, X, Y).values())
    assert_that(
        sizes[12] <= sizes[3],
        msg("ex_7_4_fix1.unrolled_per_sample", small=sizes[3], large=sizes[12]),
        primitives_B3=sizes[3],
        primitives_B12=sizes[12],
    )
