"""修复练习 7.5-fix3:每一步都 tx.init 重建 Adam 状态 → 状态在循环里传递.

Checks: after training on a fresh quadratic, params equal a float64 Adam, with "every step starts
from the initial state" as a named mistake ("values"); the returned state's step count equals
steps ("state")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_scalar, as_tuple, assert_close, fail, rng

checks = Checks()


def _problem(seed):
    g = rng(seed)
    a = {
        "w": (1.0 + 4.0 * g.random((2, 3))).astype(np.float32),
        "b": (1.0 + g.random(3)).astype(np.float32),
    }
    c = {"w": g.normal(size=(2, 3)).astype(np.float32), "b": g.normal(size=3).astype(np.float32)}
    theta = {"w": R.floats(g, 2, 3), "b": R.floats(g, 3)}
    return a, c, theta


def _ref(a, c, theta, lr, steps, reset):
    out = {}
    for k in a:
        x = np.asarray(theta[k], np.float64)
        m = v = np.zeros_like(x)
        t = 0
        for _ in range(steps):
            if reset:
                m, v, t = np.zeros_like(x), np.zeros_like(x), 0
            gk = a[k] * x + c[k]
            t += 1
            m = 0.9 * m + 0.1 * gk
            v = 0.999 * v + 0.001 * gk * gk
            x = x - lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
        out[k] = x
    return out


def _fit(L, seed, lr, steps):
    import jax
    import jax.numpy as jnp

    a, c, theta = _problem(seed)

    grad_fn = lambda p: jax.tree.map(  # noqa: E731 (named <lambda> in compile logs)
        lambda pk, ak, ck: jnp.asarray(ak) * pk + jnp.asarray(ck), p, a, c
    )
    params, state = as_tuple(L.fit(theta, grad_fn, lr, steps), 2, "fit 的返回值 (params, state)")
    return params, state, (a, c, theta)


@checks.add("values", "新的二次函数上训练 30 步:参数与 float64 的 Adam 一致")
def _(L):
    lr, steps = 0.05, 30
    params, _, (a, c, theta) = _fit(L, 891, lr, steps)
    if not isinstance(params, dict) or set(params) != {"w", "b"}:
        fail("返回的 params 应和传入的参数同结构({'w', 'b'})。", actual=repr(params)[:200])
    got = {k: R.as_array(params[k], f"params['{k}']", shape=np.shape(a[k])) for k in ("w", "b")}
    assert_close(
        got,
        _ref(a, c, theta, lr, steps, reset=False),
        rtol=1e-4,
        atol=1e-5,
        what=f"{steps} 步后的参数",
        msg=f"{steps} 步后的参数和 float64 的 Adam 不一致。",
        mistakes=[
            Mistake(
                "reset",
                _ref(a, c, theta, lr, steps, reset=True),
                "参数等于「每一步都从初始状态开始」的 Adam:动量和步数每一步都被清零了。"
                "状态在循环外 init 一次,"
                "每一步接住 tx.update 返回的新状态。",
            )
        ],
    )


@checks.add("state", "返回的状态里,Adam 的步数等于训练步数", needs="values")
def _(L):
    import jax

    steps = 7
    _, state, _ = _fit(L, 892, 0.01, steps)
    counts = [
        leaf
        for leaf in jax.tree.leaves(state)
        if getattr(leaf, "shape", None) == () and "int" in str(getattr(leaf, "dtype", ""))
    ]
    if not counts:
        fail(
            "返回的状态里找不到 Adam 的步数(int32 标量 count):应返回最后一步 tx.update "
            "给出的状态。",
            actual=repr(state)[:200],
        )
    assert_close(
        as_scalar(counts[0], "状态里的步数"),
        steps,
        rtol=0,
        atol=0,
        what="状态里的步数",
        msg=f"训练了 {steps} 步,状态里的步数应是 {steps}。",
    )
