"""Repair 6.6-fix3: the first step donates the caller's params, which are read afterwards -> copy
them before donating.

Checks: the tuned params and the drift on fresh data equal float64 SGD, with a read of a deleted
array named (the caller's params, the copy first donated when one step already reads it, or a
later step's donated result when one step does not) and "drift measured from after the first
step" as a named mistake ("values"); the caller's params are alive and unchanged after fine_tune
("keep"); sgd_step still donates its params ("donate")."""

import _repair_ch6 as R
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
    msg,
    rng,
    which_mistake,
)

checks = Checks("ex_6_6_fix3")
SYMPTOMS = {"word:deleted": msg("ex_6_6_fix3.module.word_deleted")}


def _data(seed, n=16, d=3):
    import jax.numpy as jnp

    g = rng(seed)
    x = g.normal(size=(n, d)).astype(np.float32)
    y = (x @ g.normal(size=d) + 0.3 * g.normal(size=n)).astype(np.float32)
    params = {"w": g.normal(size=d).astype(np.float32), "b": np.float32(g.normal())}
    return {k: jnp.asarray(v) for k, v in params.items()}, params, jnp.asarray(x), jnp.asarray(y)


def _ref(start, x, y, steps):
    """Float64 SGD; also the drift measured from the params after the first step."""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    w, b = np.asarray(start["w"], np.float64), float(start["b"])
    trail = [(w, b)]
    for _ in range(steps):
        err = x @ w + b - y
        w, b = w - 0.05 * 2 * x.T @ err / len(y), b - 0.05 * 2 * err.mean()
        trail.append((w, b))

    def dist(a, c):
        return float(np.sqrt(np.sum((a[0] - c[0]) ** 2) + (a[1] - c[1]) ** 2))

    return w, b, dist(trail[-1], trail[0]), dist(trail[-1], trail[1])


def _per_leaf_drift(start, w, b):
    """The drift as the sum of each leaf's own distance, instead of one root over all squares."""
    w0, b0 = np.asarray(start["w"], np.float64), float(start["b"])
    return float(np.sqrt(np.sum((w - w0) ** 2)) + abs(b - b0))


def _other_distances(start, w, b):
    """Other measures of how far the parameters moved, each a mistake for the Euclidean one."""
    dw = w - np.asarray(start["w"], np.float64)
    delta = np.append(dw, b - float(start["b"]))
    leaf_means = np.mean(dw**2) + delta[-1] ** 2  # jnp.mean per leaf, then summed over leaves
    return [
        Mistake("rms", float(np.sqrt(np.mean(delta**2))), msg("ex_6_6_fix3.values.mistake_rms")),
        Mistake("leaf_rms", float(np.sqrt(leaf_means)), msg("ex_6_6_fix3.values.mistake_rms")),
        Mistake("l1", float(np.sum(np.abs(delta))), msg("ex_6_6_fix3.values.mistake_l1")),
        Mistake("max", float(np.max(np.abs(delta))), msg("ex_6_6_fix3.values.mistake_max")),
    ]


def _step_count(tuned, start, x, y, steps):
    """The SGD step count the learner's parameters were computed to come from, when it is one
    away from `steps` (a loop over range(1, steps) or range(steps + 1)), else None."""
    try:
        got = np.append(np.asarray(tuned["w"], np.float64), float(np.asarray(tuned["b"])))
    except Exception:  # not arrays: the checks below say what is wrong with them
        return None
    made = [
        Mistake(str(n), np.append(*_ref(start, x, y, n)[:2]), "") for n in (steps - 1, steps + 1)
    ]
    found = which_mistake(got, made, rtol=1e-4, atol=1e-6)
    return None if found is None else int(found.label)


def _read_which(L, params, x, y) -> str:
    """fine_tune read a donated array that is not the caller's params: the array first handed to
    sgd_step (a copy of params) when one step already reads it, else an array a later step
    donated (a step's result, kept and read again)."""
    import jax.numpy as jnp

    fresh = {k: jnp.array(v, copy=True) for k, v in params.items()}
    try:
        L.fine_tune(fresh, x, y, 1)
    except Exception as e:  # the same read with a single step: the first array donated
        if "deleted" in str(e):
            return msg("ex_6_6_fix3.module.copy_read_after_donation")
    return msg("ex_6_6_fix3.module.step_result_read_after_donation")


def _tune(L, params, x, y, steps):
    try:
        out = L.fine_tune(params, x, y, steps)
    except Exception as e:  # said through R.call's symptoms, after seeing whose array was deleted
        error = e

        def again():
            raise error

        intact = not any(getattr(params[k], "is_deleted", lambda: False)() for k in ("w", "b"))
        if intact and "deleted" in str(e):
            R.call(again, what="fine_tune", symptoms={"word:deleted": _read_which(L, params, x, y)})
        R.call(again, what="fine_tune", symptoms=SYMPTOMS)
    tuned, drift = as_tuple(out, 2, msg("ex_6_6_fix3.tune.as_tuple"))
    if not isinstance(tuned, dict) or set(tuned) != {"w", "b"}:
        fail(msg("ex_6_6_fix3.tune.fail"), actual=repr(tuned)[:200])
    return tuned, drift


@checks.add("values")
def _(L):
    params, start, x, y = _data(6631)
    steps = 5
    w, b, drift_want, drift_late = _ref(start, x, y, steps)
    tuned, drift = _tune(L, params, x, y, steps)
    made = _step_count(tuned, start, x, y, steps)
    if made is not None:
        fail(msg("ex_6_6_fix3.values.steps_off", made=made, steps=steps), steps=made)
    drift = as_array(drift, "drift", ndim=0)
    assert_that(
        np.isfinite(drift),
        msg("ex_6_6_fix3.values.assert_that", float_drift=float(drift)),
        drift=drift,
    )
    if not _own_distance(drift, tuned, start):  # else the params are off, said just below
        _check_drift(drift, drift_want, drift_late, start, w, b)
    assert_close(
        as_array(tuned["w"], msg("ex_6_6_fix3.values.as_array"), shape=(3,)),
        w,
        rtol=1e-4,
        atol=1e-6,
        what="w",
        msg=msg("ex_6_6_fix3.values.w_differs"),
    )
    assert_close(
        as_array(tuned["b"], msg("ex_6_6_fix3.values.as_array_2"), ndim=0),
        b,
        rtol=1e-4,
        atol=1e-6,
        what="b",
        msg=msg("ex_6_6_fix3.values.b_differs"),
    )
    _check_drift(drift, drift_want, drift_late, start, w, b)


def _own_distance(drift, tuned, start) -> bool:
    """drift is the Euclidean distance of the learner's own new parameters from the start: when
    those parameters are off, the drift differs for that reason alone, and the parameters'
    check says so."""
    try:
        tw = np.asarray(tuned["w"], np.float64)
        tb = float(np.asarray(tuned["b"], np.float64))
    except Exception:  # not arrays: the parameters' checks say what is wrong with them
        return False
    own = np.sqrt(np.sum((tw - np.asarray(start["w"], np.float64)) ** 2) + (tb - start["b"]) ** 2)
    return compare(drift, own, rtol=1e-4, atol=1e-6) is None


def _check_drift(drift, drift_want, drift_late, start, w, b) -> None:
    assert_close(
        drift,
        drift_want,
        rtol=1e-4,
        atol=1e-6,
        what="drift",
        msg=msg("ex_6_6_fix3.values.msg"),
        mistakes=[
            Mistake(
                "late",
                drift_late,
                msg("ex_6_6_fix3.values.mistake_late"),
            ),
            Mistake("squared", drift_want**2, msg("ex_6_6_fix3.values.mistake_squared")),
            Mistake(
                "w_only",
                float(np.sqrt(np.sum((w - np.asarray(start["w"], np.float64)) ** 2))),
                msg("ex_6_6_fix3.values.mistake_w_only"),
            ),
            Mistake(
                "per_leaf",
                _per_leaf_drift(start, w, b),
                msg("ex_6_6_fix3.values.mistake_per_leaf"),
            ),
            *_other_distances(start, w, b),
        ],
    )


@checks.add("keep")
def _(L):
    params, start, x, y = _data(6632)
    _tune(L, params, x, y, 3)
    gone = [k for k in ("w", "b") if params[k].is_deleted()]
    if gone:
        fail(
            msg("ex_6_6_fix3.keep.fail", v=", ".join(gone)),
            deleted=gone,
        )
    for k in ("w", "b"):
        assert_close(
            np.asarray(params[k]),
            start[k],
            rtol=0,
            atol=0,
            what=f"params[{k!r}]",
            msg=msg("ex_6_6_fix3.keep.msg"),
        )


@checks.add("donate")
def _(L):
    params, _, x, y = _data(6633)
    R.call(L.sgd_step, params, x, y, what="sgd_step", symptoms=SYMPTOMS)
    kept = [k for k in ("w", "b") if not params[k].is_deleted()]
    assert_that(
        not kept,
        msg("ex_6_6_fix3.donate.assert_that", v=", ".join(kept)),
        kept=kept,
    )
