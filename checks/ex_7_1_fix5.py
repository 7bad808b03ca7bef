"""Repair 7.1-fix5: padded but not masked -> multiply numerator and denominator by mask.

Checks: loss and its gradient in w on padded fresh data equal the float64 MSE over the real rows,
with the unmasked mean, the mask only in the numerator, the mask only in the denominator, a
denominator of n − 1 and one of n² as named mistakes ("values"); six
lengths in two buckets compile twice, one per bucket ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_scalar,
    assert_close,
    assert_compile_count,
    later,
    msg,
    rng,
)

checks = Checks("ex_7_1_fix5")
SIZES = (64, 128, 256, 512)
# Under jit the number of real rows is a tracer: code that needs it as a Python value or a shape
# (int(mask.sum()), a slice or boolean index by it) raises one of these. JAX's own hint, a static
# argument, would compile once per length here.
CONCRETE = later("ex_7_1_fix5.shape_from_mask")
SYMPTOMS = {  # tried in order: a Python if on a tracer is a ConcretizationTypeError too
    "TracerBoolConversionError": later("ex_7_1_fix5.python_if_on_tracer"),
    "ConcretizationTypeError": CONCRETE,
    "TracerIntegerConversionError": CONCRETE,
    "NonConcreteBooleanIndexError": CONCRETE,
    "word:must have static start/stop/step": CONCRETE,
}


def _padded(g, n, d=3):
    rows = min(s for s in SIZES if s >= n)
    X, y, m = (
        np.zeros((rows, d), np.float32),
        np.zeros(rows, np.float32),
        np.zeros(rows, np.float32),
    )
    X[:n], y[:n], m[:n] = g.normal(size=(n, d)), g.normal(size=n), 1.0
    return X, y, m


def _refs(w, X, y, m):
    X, y, w, m = (np.asarray(a, np.float64) for a in (X, y, w, m))
    n, rows = m.sum(), len(m)
    r = X @ w - y
    return {
        "right": (np.sum(m * r * r) / n, 2 * X.T @ (m * r) / n),
        "mean": (np.mean(r * r), 2 * X.T @ r / rows),
        "numerator": (np.sum(m * r * r) / rows, 2 * X.T @ (m * r) / rows),
        "denominator": (np.sum(r * r) / n, 2 * X.T @ r / n),
        "minus_one": (np.sum(m * r * r) / (n - 1), 2 * X.T @ (m * r) / (n - 1)),
        "squared": (np.sum(m * r * r) / n**2, 2 * X.T @ (m * r) / n**2),
        "sum": (np.sum(m * r * r), 2 * X.T @ (m * r)),
    }


def _formula_slips(w, X, y, m, right, n) -> list[Mistake]:
    """Masked means of the wrong quantity: its square root (RMSE), half of it, the absolute
    residual (MAE), the residual itself (not squared), the residual with y added (X @ w + y),
    the square of the masked sum."""
    X, y, w, m = (np.asarray(a, np.float64) for a in (X, y, w, m))
    r, plus = X @ w - y, X @ w + y
    return [
        Mistake("root", np.sqrt(right), msg("ex_7_1_fix5.root_of_mean", n=n)),
        Mistake("half", right / 2, msg("ex_7_1_fix5.half_mean", n=n)),
        Mistake("abs", np.sum(m * np.abs(r)) / m.sum(), msg("ex_7_1_fix5.absolute_error", n=n)),
        Mistake("unsquared", np.sum(m * r) / m.sum(), msg("ex_7_1_fix5.residual_unsquared", n=n)),
        Mistake("plus", np.sum(m * plus * plus) / m.sum(), msg("ex_7_1_fix5.y_added", n=n)),
        Mistake("sum_squared", np.sum(m * r) ** 2 / m.sum(), msg("ex_7_1_fix5.sum_squared", n=n)),
    ]


@checks.add("values")
def _(L):
    import jax

    g = rng(751)
    w = R.floats(g, 3)
    for n in (40, 100):
        X, y, m = _padded(g, n)
        X[n:] = g.normal(
            size=(len(m) - n, 3)
        )  # padding rows that are not zero: only the mask may hide them
        ref = _refs(w, X, y, m)
        value = as_scalar(
            R.call(L.bucket_loss, w, X, y, m, what="bucket_loss", symptoms=SYMPTOMS),
            msg("ex_7_1_fix5.loss_at_length", n=n),
        )
        mistakes = [
            Mistake(
                "mean",
                ref["mean"][0],
                msg("ex_7_1_fix5.padded_rows_counted", n=n, rows=len(m)),
            ),
            Mistake(
                "numerator",
                ref["numerator"][0],
                msg("ex_7_1_fix5.denominator_is_bucket"),
            ),
            Mistake(
                "denominator",
                ref["denominator"][0],
                msg("ex_7_1_fix5.numerator_unmasked", n=n, rows=len(m)),
            ),
            Mistake("minus_one", ref["minus_one"][0], msg("ex_7_1_fix5.count_minus_one", n=n)),
            Mistake("squared", ref["squared"][0], msg("ex_7_1_fix5.count_squared", n=n)),
            Mistake("sum", ref["sum"][0], msg("ex_7_1_fix5.sum_not_divided", n=n)),
            *_formula_slips(w, X, y, m, ref["right"][0], n),
        ]
        assert_close(
            value,
            ref["right"][0],
            rtol=1e-4,
            atol=1e-6,
            what=msg("ex_7_1_fix5.loss_at_length", n=n),
            mistakes=mistakes,
            msg=msg("ex_7_1_fix5.loss_differs", n=n),
        )
        grad = R.as_array(
            jax.jit(jax.grad(R.scalar_fn(lambda w: L.bucket_loss(w, X, y, m))))(w),  # noqa: B023 (called at once)
            msg("ex_7_1_fix5.grad_at_length", n=n),
            shape=(3,),
        )
        assert_close(
            grad,
            ref["right"][1],
            rtol=1e-4,
            atol=1e-6,
            what=msg("ex_7_1_fix5.grad_at_length", n=n),
            msg=msg("ex_7_1_fix5.grad_differs", n=n),
        )


@checks.add("compiles", needs="values")
def _(L):
    g = rng(752)
    w = R.floats(g, 3)
    batches = [_padded(g, n) for n in (70, 90, 100, 110, 150, 200)]
    with CompileLog() as full:
        for X, y, m in batches:
            L.bucket_loss(w, X, y, m)
    log = R.Filtered(full)
    if log.total == 0:
        R.assert_once(log, calls=6, what=" bucket_loss ", repeat="")
    why = msg("ex_7_1_fix5.compiled_names", names=", ".join(log.names))
    if log.total >= 6:
        X, y, m = batches[0]
        # the same call repeated: compiling again then is no matter of lengths
        again = R.every_call_cause(lambda: L.bucket_loss(w, X, y, m), "", "")
        most = max(log.count(x) for x in set(log.names))
        if again:
            why = msg("ex_7_1_fix5.compiles_every_call", cause=again)
        elif most >= len(batches):  # one name compiled once per length
            why = msg("ex_7_1_fix5.compiles_per_length")
        elif not hasattr(L.bucket_loss, "lower") and not any(x in L.ns for x in log.names):
            # no jit, and none of the learner's own functions compiled: eager operations only
            why = msg("ex_7_1_fix5.eager_ops", ops=", ".join(sorted(set(log.names))[:6]))
    assert_compile_count(
        log,
        None,
        expected=2,
        msg=msg("ex_7_1_fix5.compiled_n_of_2", count=log.total) + why,
    )
