"""Repair 7.8-fix1: the learning rate is a static argument, each new value compiles again -> only
batch is static.

Checks: run_epochs on fresh data (n not a multiple of batch) equals float64 minibatch SGD
("values"; named: only the last learning rate's epoch, the leftover rows dropped from the start,
the batch loss summed instead of averaged, which is SGD at batch × lr, mini-batches of every
steps-th row, row indices reshaped to (batch, steps) without the transpose, and the first learning
rate on every epoch, told apart by a second call as a value frozen at tracing or lrs[0] used
throughout, and the step count rounded up with the extra batch wrapped around to the first rows;
a ConcretizationTypeError that jitting epoch with batch static removes is named too);
five epochs with five learning rates compile once, a second run with five other learning
rates compiles nothing more, and the result is SGD with batch 8, not with the batch size of the
earlier call ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    LearnerClears,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_7_8_fix1")
_VALUES_BATCH = 16  # the batch size of "values", which runs first: "compiles" then uses 8


def _data(seed, n=50, d=3):
    g = rng(seed)
    return R.floats(g, d), R.floats(g, n, d), R.floats(g, n)


def _ref(w, X, y, lrs, batch, skip_head=False, rows="consecutive"):
    """float64 minibatch SGD; `skip_head`: the leftover rows dropped from the start, not the end;
    `rows`: which rows step s uses: "consecutive" (s·batch … (s+1)·batch − 1), "strided" (s,
    s + steps, s + 2·steps …: reshape(batch, steps).T), "swapped" (batch steps of `steps`
    consecutive rows: reshape(batch, steps)), "all" (the whole X, y every step), "ceil" (the
    step count rounded up: one more step whose out-of-range rows read the last row, as JAX's
    indexing clamps them), "wrap" (the step count rounded up, the extra batch filled by rows
    from the start: index % n) or "partial" (the step count rounded up, the last step over the
    leftover rows alone)."""
    w, X, y = (np.asarray(a, np.float64) for a in (w, X, y))
    if skip_head:
        X, y = X[len(y) % batch :], y[len(y) % batch :]
    steps = -(-len(y) // batch) if rows in ("ceil", "wrap", "partial") else len(y) // batch
    for lr in lrs:
        for s in range(batch if rows == "swapped" else steps):
            if rows == "all":
                idx = np.arange(len(y))
            elif rows == "strided":
                idx = s + steps * np.arange(batch)
            elif rows == "wrap":
                idx = np.arange(s * batch, (s + 1) * batch) % len(y)
            elif rows == "partial":
                idx = np.arange(s * batch, min((s + 1) * batch, len(y)))
            elif rows == "swapped":
                idx = np.arange(s * steps, (s + 1) * steps)
            else:
                idx = np.minimum(np.arange(s * batch, (s + 1) * batch), len(y) - 1)
            Xb, yb = X[idx], y[idx]
            w = w - lr * 2 * Xb.T @ (Xb @ w - yb) / len(idx)
    return w


def _static_batch_fixes(L, w, X, y, lrs, batch) -> bool:
    """Whether the learner's own epoch, jitted with batch static (and nothing else), chains the
    epochs to the float64 result: shown by running it."""
    import jax

    epoch = L.ns.get("epoch")
    if not callable(epoch):
        return False
    try:
        fixed = jax.jit(epoch, static_argnames="batch")
        out = w
        for lr in lrs:
            out = fixed(out, X, y, lr, batch=batch)
        got = np.asarray(out, np.float64)
    except Exception:  # the probe is ours: any failure only means it is not shown
        return False
    want = _ref(w, X, y, lrs, batch)
    return got.shape == (3,) and compare(got, want, rtol=1e-4, atol=1e-5) is None


def _first_lr_message(L, w, X, y, lrs, batch) -> str:
    """Why every epoch ran with lrs[0]: a second call with another learning rate that still
    computes with lrs[0] shows a value read outside the arguments and frozen at tracing; otherwise
    lrs[0] itself is used throughout."""
    other = [lrs[-1]] * len(lrs)
    try:
        again = np.asarray(L.run_epochs(w, X, y, other, batch), np.float64)
    except Exception:  # the probe is ours: a failure only means the freeze is not shown
        again = None
    first = _ref(w, X, y, [lrs[0]] * len(lrs), batch)
    if again is not None and again.shape == first.shape:
        if compare(again, first, rtol=1e-4, atol=1e-5) is None:
            return msg("ex_7_8_fix1.first_lr_frozen", lr=lrs[0], other=lrs[-1])
    return msg("ex_7_8_fix1.first_lr_only", lr=lrs[0])


@checks.add("values")
def _(L):
    import jax

    w, X, y = _data(881)
    lrs, batch = [0.2, 0.1, 0.05], _VALUES_BATCH
    try:
        raw = L.run_epochs(w, X, y, lrs, batch)
    except jax.errors.ConcretizationTypeError as e:
        if not _static_batch_fixes(L, w, X, y, lrs, batch):
            raise
        fail(
            msg(
                "_repair_ch7.raised",
                what="run_epochs",
                error="ConcretizationTypeError",
                why=msg("ex_7_8_fix1.batch_not_static"),
            ),
            error=R.first_line(e),
        )
    out = as_array(raw, msg("ex_7_8_fix1.result"), shape=(3,))
    first_only = _ref(w, X, y, [lrs[0]] * len(lrs), batch)
    first_says = msg("ex_7_8_fix1.first_lr_only", lr=lrs[0])
    if compare(out, first_only, rtol=1e-4, atol=1e-5) is None:
        first_says = _first_lr_message(L, w, X, y, lrs, batch)
    assert_close(
        out,
        _ref(w, X, y, lrs, batch),
        rtol=1e-4,
        atol=1e-5,
        what="run_epochs(w, X, y, [0.2, 0.1, 0.05], 16)",
        msg=msg("ex_7_8_fix1.lrs_not_chained"),
        mistakes=[
            Mistake(
                "restart",
                _ref(w, X, y, lrs[-1:], batch),
                msg("ex_7_8_fix1.epochs_restart"),
            ),
            Mistake("first_lr", first_only, first_says),
            Mistake(
                "last_lr",
                _ref(w, X, y, [lrs[-1]] * len(lrs), batch),
                msg("ex_7_8_fix1.last_lr_only", lr=lrs[-1]),
            ),
            Mistake(
                "skip_head",
                _ref(w, X, y, lrs, batch, skip_head=True),
                msg("ex_7_8_fix1.leading_rows_dropped", left=len(y) % batch, batch=batch),
            ),
            Mistake(
                "summed_loss",
                _ref(w, X, y, [lr * batch for lr in lrs], batch),
                msg("ex_7_8_fix1.summed_loss", batch=batch),
            ),
            Mistake(
                "strided",
                _ref(w, X, y, lrs, batch, rows="strided"),
                msg("ex_7_8_fix1.strided_rows", steps=len(y) // batch),
            ),
            Mistake(
                "swapped",
                _ref(w, X, y, lrs, batch, rows="swapped"),
                msg("ex_7_8_fix1.swapped_reshape", steps=len(y) // batch, batch=batch),
            ),
            Mistake(
                "ceil_steps",
                _ref(w, X, y, lrs, batch, rows="ceil"),
                msg("ex_7_8_fix1.steps_rounded_up", n=len(y), batch=batch, left=len(y) % batch),
            ),
            Mistake(
                "wrap_steps",
                _ref(w, X, y, lrs, batch, rows="wrap"),
                msg("ex_7_8_fix1.steps_wrapped", n=len(y), batch=batch, left=len(y) % batch),
            ),
            Mistake(
                "partial_last",
                _ref(w, X, y, lrs, batch, rows="partial"),
                msg("ex_7_8_fix1.leftover_step", n=len(y), batch=batch, left=len(y) % batch),
            ),
            Mistake(
                "all_rows",
                _ref(w, X, y, lrs, batch, rows="all"),
                msg("ex_7_8_fix1.whole_data_each_step"),
            ),
        ],
    )


def _compiles_again(call) -> bool:
    """Whether the same call, made again with the caches kept, compiles again or clears JAX's
    caches: then the compilations per learning rate do not show that lr is a cache key."""
    with LearnerClears() as clears, CompileLog(clear=False) as log:
        call()
    return bool(clears.calls or log.total)


@checks.add("compiles", needs="values")
def _(L):
    w, X, y = _data(882, n=40)
    lrs = [0.3, 0.2, 0.1, 0.05, 0.01]
    with CompileLog() as full:
        out = L.run_epochs(w, X, y, lrs, 8)
    log = R.Filtered(full)
    programs = [x for x in log.names if not R.is_primitive(x)]
    if (
        len(programs) == len(lrs)
        and len(set(programs)) == 1
        and programs[0] != "<lambda>"
        and not _compiles_again(lambda: L.run_epochs(w, X, y, lrs, 8))
    ):
        assert_compile_count(
            log,
            None,
            expected=1,
            msg=msg("ex_7_8_fix1.lr_static", program=programs[0]),
        )
    R.assert_once(
        log,
        calls=5,
        what=" epoch ",
        repeat="",
        again=lambda: L.run_epochs(w, X, y, lrs, 8),
        otherwise=msg("ex_7_8_fix1.lr_as_argument"),
    )
    assert_close(
        as_array(out, msg("ex_7_8_fix1.result"), shape=(3,)),
        _ref(w, X, y, lrs, 8),
        rtol=1e-4,
        atol=1e-5,
        what=msg("ex_7_8_fix1.result_5_lrs"),
        msg=msg("ex_7_8_fix1.sgd_differs"),
        mistakes=[
            Mistake(
                "earlier_batch",
                _ref(w, X, y, lrs, _VALUES_BATCH),
                msg("ex_7_8_fix1.earlier_batch_kept", batch=8, earlier=_VALUES_BATCH),
            )
        ],
    )
    other = [0.25, 0.15, 0.08, 0.04, 0.02]
    with CompileLog(clear=False) as full_again:
        L.run_epochs(w, X, y, other, 8)
    again = R.Filtered(full_again)
    if again.total and _compiles_again(lambda: L.run_epochs(w, X, y, other, 8)):
        # the very same learning rates compile once more: no value is a cache key, the jitted
        # function itself is new at every call of run_epochs
        why = msg("ex_7_8_fix1.jit_rebuilt_per_run", names=", ".join(again.names))
    else:
        why = msg("ex_7_8_fix1.lrs_in_cache_key", names=", ".join(again.names))
    assert_compile_count(again, None, expected=0, msg=why)
