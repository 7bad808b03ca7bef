"""修复练习 7.4-fix1:vmap(grad) 没写 in_axes,参数也被切开 → in_axes=(None, 0, 0).

Checks: per-example gradients of the logistic loss on fresh data equal float64 (σ(w·x+b) − y)·x
and σ − y, with the batch-mean gradient as a named mistake; an error from vmap's slicing of the
params is named ("values"); the program has as many primitives for B = 12 as for B = 3
("program")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_that,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()
SYMPTOMS = {
    "ValueError": "vmap 没写 in_axes,默认把每个参数都沿第 0 轴切开,参数也被当成了一批。"
    "参数共享、数据按样本切:in_axes=(None, 0, 0)。"
}


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


def _tree(value, B, d):
    if not isinstance(value, dict) or set(value) != {"w", "b"}:
        fail(
            "返回值应是和 params 同结构的字典 {'w': (B, d), 'b': (B,)}。", actual=repr(value)[:200]
        )
    return {
        "w": as_array(value["w"], "梯度的 'w'", shape=(B, d)),
        "b": as_array(value["b"], "梯度的 'b'", shape=(B,)),
    }


@checks.add("values", "新数据上每个样本的梯度:w 为 (σ − y)·x,b 为 σ − y")
def _(L):
    import jax

    B, d = 6, 4
    params, X, Y = _data(821, B, d)
    out = _tree(
        R.call(
            jax.jit(L.per_example_grads), params, X, Y, what="per_example_grads", symptoms=SYMPTOMS
        ),
        B,
        d,
    )
    want = _want(params, X, Y)
    mean = {k: np.broadcast_to(v.mean(0), v.shape) for k, v in want.items()}
    assert_close(
        out,
        want,
        rtol=1e-4,
        atol=1e-6,
        what="per_example_grads(params, X, Y)",
        msg="逐样本梯度和 float64 参考值不一致。",
        mistakes=[
            Mistake(
                "batch_mean",
                mean,
                "每一行都等于 batch 平均后的梯度:对批损失求 grad 只得到一个梯度,"
                "没有逐样本的信息。对单样本损失做 vmap(grad)。",
            )
        ],
    )


@checks.add("program", "B = 3 与 B = 12:程序里的原语一样多(没有按样本展开)", needs="values")
def _(L):
    sizes = {}
    for B in (3, 12):
        params, X, Y = _data(822, B)
        sizes[B] = sum(primitive_counts(L.per_example_grads, params, X, Y).values())
    assert_that(
        sizes[12] <= sizes[3],
        f"程序的原语个数随 B 增长(B = 3:{sizes[3]} 个,B = 12:{sizes[12]} 个):"
        "每个样本各展开了一份计算。用 vmap 一次处理整批。",
        primitives_B3=sizes[3],
        primitives_B12=sizes[12],
    )
