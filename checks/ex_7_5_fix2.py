"""Repair 7.5-fix2: L2 + Adam -> decoupled AdamW (the decay goes after Adam and before the
learning rate).

Checks: with zero task gradients, 20 steps shrink the params by (1 − lr·wd)²⁰, with L2 + Adam, decay
after the learning rate (with +wd or −wd), a negative decay, no decay and the decay applied twice
(L2 through Adam and decoupled) as named mistakes ("decay"); five steps on fresh gradients equal
a float64 AdamW ("steps")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_tuple, assert_close, compare, msg, rng

checks = Checks("ex_7_5_fix2")


def _ref(theta, task_grads, lr, wd, kind):
    """float64 params after len(task_grads) steps; kind: adamw | l2 | after_lr | after_lr_minus |
    negative | none |
    lr_squared (the decay given lr·wd) | ascent (scale(lr): the whole update added) | both (an L2
    decay through Adam and the decoupled one after it)."""
    theta = np.asarray(theta, np.float64)
    m = v = np.zeros_like(theta)
    for t, g in enumerate(task_grads, start=1):
        g = np.asarray(g, np.float64) + (wd * theta if kind in ("l2", "both") else 0.0)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        d = (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
        if kind in ("adamw", "both"):
            theta = theta - lr * (d + wd * theta)
        elif kind == "negative":  # add_decayed_weights(-wd): each step adds lr·wd·θ
            theta = theta - lr * (d - wd * theta)
        elif kind == "after_lr":
            theta = theta - lr * d + wd * theta
        elif kind == "after_lr_minus":  # add_decayed_weights(-wd) after the learning rate
            theta = theta - lr * d - wd * theta
        elif kind == "lr_squared":
            theta = theta - lr * (d + lr * wd * theta)
        elif kind == "ascent":
            theta = theta + lr * (d + wd * theta)
        elif kind == "no_lr":  # no learning-rate stage: the update d + wd·θ added as it is
            theta = theta + d + wd * theta
        else:
            theta = theta - lr * d
    return theta


def _run(L, theta, task_grads, lr, wd):
    import jax

    tx = R.transformation(L.make_adamw(lr, wd), "make_adamw(lr, wd)")
    params = {"k": theta}
    state = tx.init(params)
    for k, g in enumerate(task_grads):
        updates, state = as_tuple(
            tx.update({"k": g}, state, params), 2, msg("ex_7_5_fix2.update_result_at", step=k + 1)
        )
        params = jax.tree.map(lambda p, u: p + u, params, updates)
    return R.as_array(
        params.get("k") if isinstance(params, dict) else None,
        msg("ex_7_5_fix2.params"),
        shape=theta.shape,
    )


@checks.add("decay")
def _(L):
    import jax.numpy as jnp

    lr, wd, n = 0.01, 0.1, 20
    theta = jnp.asarray([1.0, 10.0, -4.0], jnp.float32)
    zeros = [jnp.zeros(3, jnp.float32)] * n
    out = _run(L, theta, zeros, lr, wd)
    kinds = {
        k: _ref(theta, zeros, lr, wd, k)
        for k in ("l2", "after_lr", "after_lr_minus", "negative", "none", "lr_squared", "both")
    }
    grew = compare(out, kinds["negative"], rtol=1e-5, atol=1e-6) is None
    assert_close(
        out,
        _ref(theta, zeros, lr, wd, "adamw"),
        rtol=1e-5,
        atol=1e-6,
        what=msg("ex_7_5_fix2.params_after_n", n=n),
        msg=msg("ex_7_5_fix2.not_shrunk", n=n),
        mistakes=[
            Mistake(
                "l2",
                kinds["l2"],
                msg("ex_7_5_fix2.l2_through_adam"),
            ),
            Mistake("after_lr", kinds["after_lr"], _why_grew_by_wd(L, theta, lr, wd, n)),
            Mistake(
                "after_lr_minus",
                kinds["after_lr_minus"],
                msg("ex_7_5_fix2.minus_decay_after_lr", n=n),
            ),
            Mistake(
                "negative",
                kinds["negative"],
                _why_grew(L, theta, lr, wd, n) if grew else msg("ex_7_5_fix2.grew", n=n),
            ),
            Mistake("none", kinds["none"], msg("ex_7_5_fix2.no_decay")),
            Mistake("lr_squared", kinds["lr_squared"], msg("ex_7_5_fix2.decay_times_lr", n=n)),
            Mistake("both", kinds["both"], msg("ex_7_5_fix2.decay_twice")),
        ],
    )


def _why_grew_by_wd(L, theta, lr, wd, n) -> str:
    """Why zero task gradients made the parameters grow by (1 + wd) a step, as far as one step on
    a non-zero gradient shows it: the decay after the learning rate (−lr·d + wd·θ), or no
    learning-rate stage at all (d + wd·θ added); else only the growth."""
    from jax import numpy as jnp

    grads = [jnp.asarray([0.5, -2.0, 1.0], jnp.float32)]
    out = _run(L, theta, grads, lr, wd)
    if compare(out, _ref(theta, grads, lr, wd, "after_lr"), rtol=1e-5, atol=1e-6) is None:
        return msg("ex_7_5_fix2.decay_after_lr", n=n)
    if compare(out, _ref(theta, grads, lr, wd, "no_lr"), rtol=1e-5, atol=1e-6) is None:
        return msg("ex_7_5_fix2.no_learning_rate", n=n)
    return msg("ex_7_5_fix2.grew_by_wd", n=n)


def _why_grew(L, theta, lr, wd, n) -> str:
    """Why zero task gradients made the parameters grow by (1 + lr·wd) a step, as far as one step
    on a non-zero gradient shows it: the whole update added (scale(lr) has no minus), or only the
    decay with the wrong sign; else only the growth."""
    from jax import numpy as jnp

    grads = [jnp.asarray([0.5, -2.0, 1.0], jnp.float32)]
    out = _run(L, theta, grads, lr, wd)
    if compare(out, _ref(theta, grads, lr, wd, "ascent"), rtol=1e-5, atol=1e-6) is None:
        return msg("ex_7_5_fix2.ascends", n=n)
    if compare(out, _ref(theta, grads, lr, wd, "negative"), rtol=1e-5, atol=1e-6) is None:
        return msg("ex_7_5_fix2.negative_decay", n=n)
    return msg("ex_7_5_fix2.grew", n=n)


@checks.add("steps", needs="decay")
def _(L):
    g = rng(852)
    theta = R.floats(g, 4, scale=2.0)
    grads = [R.floats(g, 4) for _ in range(5)]
    for lr, wd in ((0.05, 0.1), (0.01, 0.5)):
        out = _run(L, theta, grads, lr, wd)
        assert_close(
            out,
            _ref(theta, grads, lr, wd, "adamw"),
            rtol=1e-4,
            atol=1e-6,
            what=msg("ex_7_5_fix2.params_after_5", lr=lr, wd=wd),
            msg=msg("ex_7_5_fix2.adamw_differs"),
        )
