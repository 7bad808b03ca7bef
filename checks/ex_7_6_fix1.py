"""Repair 7.6-fix1: the old parameters are read after donation -> the loss is computed inside
the donating jit.

Checks: train runs and its final w and per-step losses (before each update) equal float64 SGD, with
"loss after the update" and "sum of squares for the mean" as named mistakes and a read of a
deleted array named ("values"); the caller's w is deleted after train, i.e. it really was donated
("donate"); when it is not, the cause is named only as far as a probe shows it: sgd_step keeps a
fresh array (no donation), train hands sgd_step another array than the caller's w (a copy is
donated), or it hands over w itself (a host view kept the buffer alive)."""

import _donation_probe as P
import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    later,
    msg,
    rng,
)

checks = Checks("ex_7_6_fix1")
SYMPTOMS = {"word:deleted": later("ex_7_6_fix1.read_donated")}


def _train(L, w, batches):
    """train(w, batches); a read of a deleted array is said with what a probe shows read it."""
    try:
        return L.train(w, batches)
    except Exception as e:
        if "deleted" not in str(e):
            raise
        fail(
            msg("_repair_ch7.raised", what="train", error=type(e).__name__, why=_deleted_read(L)),
            error=R.first_line(e),
        )


def _deleted_read(L) -> str:
    """Who read the deleted array, seen by running train again with a recording sgd_step in place
    of the learner's (in train's globals): sgd_step itself was handed an array already deleted, or
    every call got live arrays and the read came after a call; else only that it was read."""
    import jax

    scope = getattr(L.train, "__globals__", None)
    step = scope.get("sgd_step") if isinstance(scope, dict) else None
    if not callable(step):
        return msg("ex_7_6_fix1.read_donated")
    handed: list[bool] = []

    def recording(*args, **kwargs):
        leaves = jax.tree.leaves((args, kwargs))
        handed.append(any(isinstance(x, jax.Array) and x.is_deleted() for x in leaves))
        return step(*args, **kwargs)

    batches, w = _batches(865)
    scope["sgd_step"] = recording
    try:
        L.train(w, batches)
    except Exception:  # the probe is ours: the failure is the one already seen
        pass
    finally:
        scope["sgd_step"] = step
    if any(handed):
        return msg("ex_7_6_fix1.step_given_deleted")
    if handed:
        return msg("ex_7_6_fix1.read_after_step")
    return msg("ex_7_6_fix1.read_donated")


def _batches(seed, n=4, d=3):
    g = rng(seed)
    return [(R.floats(g, 8, d), R.floats(g, 8)) for _ in range(n)], R.floats(g, d)


def _ref(w, batches, per=None, kind="mse"):
    """Final w, losses before and after each update; `per` divides the summed squared residuals
    (the batch size, the mean squared error, unless given: per=1 is the sum); `kind`: "mse",
    "mean_squared" (the loss mean(r)², its own gradient) or "ascent" (w + lr·g)."""
    w = np.asarray(w, np.float64)
    before, after = [], []
    for X, y in batches:
        X, y = np.asarray(X, np.float64), np.asarray(y, np.float64)
        n = len(y) if per is None else per
        r = X @ w - y
        if kind == "mean_squared":
            before.append(np.mean(r) ** 2)
            w = w - 0.1 * 2 * np.mean(r) * X.mean(axis=0)
        else:
            before.append(np.sum(r * r) / n)
            w = w + (1 if kind == "ascent" else -1) * 0.1 * 2 * X.T @ r / n
        r = X @ w - y
        after.append(np.sum(r * r) / n)
    return w, np.array(before), np.array(after)


@checks.add("values")
def _(L):
    batches, w0 = _batches(861)
    w_want, before, after = _ref(w0, batches)
    summed = _ref(w0, batches, per=1)[1]  # before train: a donated w0 cannot be read after it
    squared_mean = _ref(w0, batches, kind="mean_squared")[1]
    ascent = _ref(w0, batches, kind="ascent")[1]
    out = _train(L, w0, batches)
    w, losses = as_tuple(out, 2, msg("ex_7_6_fix1.train_result"))
    if np.shape(losses) == (len(batches) + 1,):
        head = np.asarray(losses, np.float64)[: len(batches)]
        if compare(head, before, rtol=1e-4, atol=1e-6) is None:
            fail(msg("ex_7_6_fix1.extra_loss", n=len(batches), length=len(batches) + 1))
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
        mistakes=[
            Mistake("after", after, msg("ex_7_6_fix1.loss_after_update")),
            Mistake("sum", summed, msg("ex_7_6_fix1.sum_for_mean")),
            Mistake("mean_squared", squared_mean, msg("ex_7_6_fix1.square_of_mean")),
            Mistake("ascent", ascent, msg("ex_7_6_fix1.gradient_ascent")),
        ],
    )
    assert_close(
        as_array(w, msg("ex_7_6_fix1.final_w"), shape=(3,)),
        w_want,
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_6_fix1.final_w"),
        msg=msg("ex_7_6_fix1.w_differs"),
    )


def _why_not_donated(L) -> str:
    """The cause of the caller's w surviving train, said only as far as a probe shows it."""
    probe, fresh = _batches(863)
    X, y = probe[0]
    if P.step_donates(getattr(L, "sgd_step", None), fresh, X, y) is False:
        return msg("ex_7_6_fix1.step_keeps_argument")
    batches, w = _batches(864)
    same = P.hands_over(L.train, "sgd_step", w, lambda: L.train(w, batches))
    if same is False:
        return msg("ex_7_6_fix1.copy_donated")
    again, w_again = _batches(865)
    if same is True and P.called_without_jit(L.train, "sgd_step", lambda: L.train(w_again, again)):
        return msg("ex_7_6_fix1.jit_disabled")
    if same is True:
        return msg("ex_7_6_fix1.host_view_kept")
    return msg("ex_7_6_fix1.donate_w_itself")


@checks.add("donate", needs="values")
def _(L):
    batches, w0 = _batches(862)
    R.call(L.train, w0, batches, what="train", symptoms=SYMPTOMS)
    if not w0.is_deleted():
        fail(msg("ex_7_6_fix1.w_not_donated", why=_why_not_donated(L)))
