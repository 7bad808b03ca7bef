"""修复练习 7.5-fix2:L2 + Adam → 解耦的 AdamW(衰减放在 Adam 之后、学习率之前).

Checks: with zero task gradients, 20 steps shrink the params by (1 − lr·wd)²⁰, with L2 + Adam,
decay after the learning rate and no decay as named mistakes ("decay"); five steps on fresh
gradients equal a float64 AdamW ("steps")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_tuple, assert_close, rng

checks = Checks()


def _ref(theta, task_grads, lr, wd, kind):
    """float64 params after len(task_grads) steps; kind: adamw | l2 | after_lr | none."""
    theta = np.asarray(theta, np.float64)
    m = v = np.zeros_like(theta)
    for t, g in enumerate(task_grads, start=1):
        g = np.asarray(g, np.float64) + (wd * theta if kind == "l2" else 0.0)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        d = (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
        if kind == "adamw":
            theta = theta - lr * (d + wd * theta)
        elif kind == "after_lr":
            theta = theta - lr * d + wd * theta
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
            tx.update({"k": g}, state, params), 2, f"第 {k + 1} 步 update 的返回值 (增量, 新状态)"
        )
        params = jax.tree.map(lambda p, u: p + u, params, updates)
    return R.as_array(
        params.get("k") if isinstance(params, dict) else None, "参数", shape=theta.shape
    )


@checks.add("decay", "任务梯度为 0:20 步后参数按 (1 − lr·wd)²⁰ 收缩")
def _(L):
    import jax.numpy as jnp

    lr, wd, n = 0.01, 0.1, 20
    theta = jnp.asarray([1.0, 10.0, -4.0], jnp.float32)
    zeros = [jnp.zeros(3, jnp.float32)] * n
    out = _run(L, theta, zeros, lr, wd)
    kinds = {k: _ref(theta, zeros, lr, wd, k) for k in ("l2", "after_lr", "none")}
    assert_close(
        out,
        _ref(theta, zeros, lr, wd, "adamw"),
        rtol=1e-5,
        atol=1e-6,
        what=f"{n} 步后的参数",
        msg=f"任务梯度为 0 时,{n} 步后的参数应是初值 × (1 − lr·wd)^{n}。",
        mistakes=[
            Mistake(
                "l2",
                kinds["l2"],
                "每个分量都减少了约 lr×20 = 0.2,和参数大小无关:λθ 先进了 Adam,被 √v̂ 除掉了"
                "(L2 + Adam)。把 add_decayed_weights 放到 scale_by_adam 之后。",
            ),
            Mistake(
                "after_lr",
                kinds["after_lr"],
                "参数按 (1 + wd) 的比例变大了:衰减项放在了学习率之后,"
                "加上的是 +wd·θ 而不是 −lr·wd·θ。",
            ),
            Mistake("none", kinds["none"], "任务梯度为 0 时参数一点没变:没有衰减。"),
        ],
    )


@checks.add("steps", "新梯度上走 5 步,与 float64 的 AdamW 一致", needs="decay")
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
            what=f"5 步后的参数(lr={lr}, wd={wd})",
            msg="5 步后的参数和 float64 的 AdamW 不一致。",
        )
