"""Repair 7.6-fix1: the old parameters are read after donation -> the loss is computed inside
the donating jit.

Checks: train runs and its final w and per-step losses (before each update) equal float64 SGD, with
"loss after the update" as a named mistake and a read of a deleted array named ("values"); the
caller's w is deleted after train, i.e. it really was donated ("donate")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    later,
    msg,
    rng,
)

checks = Checks("ex_7_6_fix1")
SYMPTOMS = {"word:deleted": later("ex_7_6_fix1.read_donated")}


def _batches(seed, n=4, d=3):
    g = rng(seed)
    return [(R.floats(g, 8, d), R.floats(g, 8)) for _ in range(n)], R.floats(g, d)


def _ref(w, batches):
    w = np.asarray(w, np.float64)
    before, after = [], []
    for X, y in batches:
        X, y = np.asarray(X, np.float64), np.asarray(y, np.float64)
        r = X @ w - y
        before.append(np.mean(r * r))
        w = w - 0.1 * 2 * X.T @ r / len(y)
        r = X @ w - y
        after.append(np.mean(r * r))
    return w, np.array(before), np.array(after)


@checks.add("values")
def _(L):
    batches, w0 = _batches(861)
    w_want, before, after = _ref(w0, batches)
    out = R.call(L.train, w0, batches, what="train", symptoms=SYMPTOMS)
    w, losses = as_tuple(out, 2, msg("ex_7_6_fix1.train_result"))
    losses = as_array(losses, msg("ex_7_6_fix1.losses"), shape=(len(batches),))
    assert_that(
        np.isfinite(losses).all(),
        msg("ex_7_6_fix1.losses_not_finite", losses=losses.tolist()),
        losses=losses,
    )
    assert_close(
        losses,
        before,
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_6_fix1.losses"),
        msg=msg("ex_7_6_fix1.losses_differ"),
        mistakes=[Mistake("after", after, msg("ex_7_6_fix1.loss_after_update"))],
    )
    assert_close(
        as_array(w, msg("ex_7_6_fix1.final_w"), shape=(3,)),
        w_want,
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_6_fix1.final_w"),
        msg=msg("ex_7_6_fix1.w_differs"),
    )


@checks.add("donate", needs="values")
def _(L):
    batches, w0 = _batches(862)
    R.call(L.train, w0, batches, what="train", symptoms=SYMPTOMS)
    assert_that(
        w0.is_deleted(),
        msg("ex_7_6_fix1.w_not_donated"),
    )
