"""Repair 7.5-fix1: a hand-written Adam forgets bias correction -> divide by 1 − βᵗ (t counts
from 1).

Checks: the first direction is about ±1 for gradients of any size, with "no correction", "only m
corrected", "only v corrected", "v corrected with β₁" and "t counted from 0"
as named mistakes ("first_step"); six steps on
fresh gradients equal a float64 Adam, beta1/beta2/eps taken from the arguments, with the
corrected m̂, v̂ kept in the state as a named mistake ("steps"); three
steps under jit compile once and count stays an int32 scalar ("jit")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_tuple,
    assert_close,
    assert_compile_count,
    fail,
    later,
    msg,
    rng,
)
from tutor.worker.mistakes import Known, produced

checks = Checks("ex_7_5_fix1")


def _ref(
    grads,
    b1,
    b2,
    eps,
    correct="mv",
    eps_inside=False,
    keep_corrected=False,
    v_fix=None,
    slip="",
    lag=False,
):
    """float64 Adam directions for a list of gradient dicts; `correct` names the moments that are
    bias-corrected ("mv" both, "m" or "v" one, "" none); `eps_inside`: √(v̂ + eps);
    `keep_corrected`: the corrected m̂, v̂ stored as the next step's m, v; `v_fix`: the β that v's
    correction 1 − βᵗ uses (b2 unless given); `slip`: "abs_g" v accumulates |g|, "no_root" divides
    by v̂ + eps, "fix_outside" divides by √v / (1 − β₂ᵗ) + eps; `lag`: the corrections use the
    count from before the step, t − 1, raised to 1 at the first step."""
    v_fix = b2 if v_fix is None else v_fix
    m = {k: np.zeros_like(np.asarray(v, np.float64)) for k, v in grads[0].items()}
    v = {k: np.zeros_like(x) for k, x in m.items()}
    out = []
    for t, g in enumerate(grads, start=1):
        step, tc = {}, (max(t - 1, 1) if lag else t)  # the count the corrections use
        for k in m:
            gk = np.asarray(g[k], np.float64)
            m[k] = b1 * m[k] + (1 - b1) * gk
            v[k] = b2 * v[k] + (1 - b2) * (np.abs(gk) if slip == "abs_g" else gk * gk)
            mh = m[k] / (1 - b1**tc) if "m" in correct else m[k]
            vh = v[k] / (1 - v_fix**tc) if "v" in correct else v[k]
            step[k] = mh / np.sqrt(vh + eps) if eps_inside else mh / (np.sqrt(vh) + eps)
            if slip == "no_root":
                step[k] = mh / (vh + eps)
            if slip == "fix_outside":
                step[k] = mh / (np.sqrt(v[k]) / (1 - v_fix**tc) + eps)
            if keep_corrected:
                m[k], v[k] = mh, vh
        out.append(step)
    return out


# What the common slips give at every step for the check's gradients and hyperparameters.
MISTAKES = [  # the first one can only show when the check passes other values than the defaults
    Known(
        "default_hyper",
        lambda grads, b1, b2, eps: _ref(grads, 0.9, 0.999, 1e-8),
        later("ex_7_5_fix1.default_hyperparams"),
    ),
    Known(
        "eps_inside",
        lambda grads, b1, b2, eps: _ref(grads, b1, b2, eps, eps_inside=True),
        later("ex_7_5_fix1.eps_inside_sqrt"),
    ),
    Known(
        "abs_g",
        lambda grads, b1, b2, eps: _ref(grads, b1, b2, eps, slip="abs_g"),
        later("ex_7_5_fix1.v_of_abs_g"),
    ),
    Known(
        "no_root",
        lambda grads, b1, b2, eps: _ref(grads, b1, b2, eps, slip="no_root"),
        later("ex_7_5_fix1.no_root"),
    ),
    Known(
        "fix_outside",
        lambda grads, b1, b2, eps: _ref(grads, b1, b2, eps, slip="fix_outside"),
        later("ex_7_5_fix1.fix_outside_root"),
    ),
    Known(
        "lagged_count",
        lambda grads, b1, b2, eps: _ref(grads, b1, b2, eps, lag=True),
        later("ex_7_5_fix1.lagged_count"),
    ),
    Known(
        "keep_corrected",
        lambda grads, b1, b2, eps: _ref(grads, b1, b2, eps, keep_corrected=True),
        later("ex_7_5_fix1.corrected_moments_stored"),
    ),
]


def _grads(seed, n):
    g = rng(seed)
    return [
        {"w": R.floats(g, 3, 2, scale=float(10 ** g.uniform(-2, 1))), "b": R.floats(g, 2)}
        for _ in range(n)
    ]


def _run(L, grads, **hyper):
    tx = R.transformation(L.adam_direction(**hyper), "adam_direction(...)")
    import jax

    state = tx.init(grads[0])
    update = jax.jit(tx.update)  # one compile for the whole run instead of many eager ops
    out = []
    for k, g in enumerate(grads):
        direction, state = as_tuple(
            update(g, state), 2, msg("ex_7_5_fix1.update_result_at", step=k + 1)
        )
        out.append(direction)
    return out, state


@checks.add("first_step")
def _(L):
    import jax.numpy as jnp

    grads = [
        {
            "w": jnp.asarray([[-0.4, 3.0], [25.0, 3e-8], [1e-3, 7.0]], jnp.float32),
            "b": jnp.asarray([0.5, -60.0], jnp.float32),
        }
    ]
    (first,), _ = _run(L, grads)
    arr = {
        k: R.as_array(
            first.get(k) if isinstance(first, dict) else None,
            msg("ex_7_5_fix1.first_direction_leaf", key=k),
        )
        for k in ("w", "b")
    }
    if not all(np.isfinite(a).all() for a in arr.values()):
        # 1 − β⁰ = 0 makes every element inf/NaN; NaN only where g < 0 is a negative v under √
        nan_at_negative = all(
            bool(np.all(np.isfinite(a) == (np.asarray(grads[0][k]) >= 0))) for k, a in arr.items()
        )
        if not any(np.isfinite(a).any() for a in arr.values()):
            why = msg("ex_7_5_fix1.first_step_divides_by_zero")
        elif nan_at_negative:
            why = msg("ex_7_5_fix1.v_negative")
        else:
            why = msg("ex_7_5_fix1.first_step_not_finite")
        fail(
            why,
            actual={k: a.tolist() for k, a in arr.items()},
        )
    assert_close(
        arr,
        _ref(grads, 0.9, 0.999, 1e-8)[0],
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_5_fix1.first_direction"),
        msg=msg("ex_7_5_fix1.first_step_differs"),
        mistakes=[
            Mistake(
                "no_correction",
                _ref(grads, 0.9, 0.999, 1e-8, correct="")[0],
                msg("ex_7_5_fix1.no_bias_correction"),
            ),
            Mistake(
                "only_m",
                _ref(grads, 0.9, 0.999, 1e-8, correct="m")[0],
                msg("ex_7_5_fix1.only_m_corrected"),
            ),
            Mistake(
                "only_v",
                _ref(grads, 0.9, 0.999, 1e-8, correct="v")[0],
                msg("ex_7_5_fix1.only_v_corrected"),
            ),
            Mistake(
                "v_fixed_with_b1",
                _ref(grads, 0.9, 0.999, 1e-8, v_fix=0.9)[0],
                msg("ex_7_5_fix1.v_corrected_with_beta1"),
            ),
            *[
                Mistake(m.label, m.value[0], m.message)
                for m in produced(MISTAKES[1:], grads, 0.9, 0.999, 1e-8)
            ],
        ],
    )


@checks.add(
    "steps",
    needs="first_step",
)
def _(L):
    grads = _grads(831, 6)
    for hyper in ({}, {"beta1": 0.8, "beta2": 0.99, "eps": 1e-3}):
        out, _ = _run(L, grads, **hyper)
        full = {"beta1": 0.9, "beta2": 0.999, "eps": 1e-8, **hyper}
        want = _ref(grads, full["beta1"], full["beta2"], full["eps"])
        slips = produced(MISTAKES, grads, full["beta1"], full["beta2"], full["eps"])
        for k, (got, ref) in enumerate(zip(out, want, strict=False)):
            assert_close(
                got,
                ref,
                rtol=2e-4,
                atol=1e-6,
                what=msg(
                    "ex_7_5_fix1.direction_at",
                    step=k + 1,
                    beta1=full["beta1"],
                    beta2=full["beta2"],
                    eps=full["eps"],
                ),
                msg=msg("ex_7_5_fix1.direction_differs", step=k + 1),
                mistakes=[Mistake(m.label, m.value[k], m.message) for m in slips],
            )


@checks.add("jit", needs="steps")
def _(L):
    import jax

    grads = _grads(832, 3)
    tx = R.transformation(L.adam_direction(), "adam_direction()")
    state = tx.init(grads[0])
    step = jax.jit(lambda g, s: tx.update(g, s))
    with CompileLog() as log:
        for g in grads:
            _, state = as_tuple(step(g, state), 2, msg("ex_7_5_fix1.update_result"))
            count = getattr(state, "count", None)
            if str(getattr(count, "dtype", "")) != "int32" or getattr(count, "shape", None) != ():
                dtype = getattr(count, "dtype", type(count).__name__)
                fail(
                    msg("ex_7_5_fix1.count_scalar_not_int32", dtype=dtype)
                    if getattr(count, "shape", None) == ()
                    else msg(
                        "ex_7_5_fix1.count_not_int32",
                        dtype=dtype,
                        shape=getattr(count, "shape", ""),
                    ),
                    actual=repr(count),
                )
    assert_compile_count(
        log,
        None,
        expected=1,
        msg=msg("ex_7_5_fix1.recompiled_in_jit", count=log.total),
    )
