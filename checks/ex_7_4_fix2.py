"""修复练习 7.4-fix2:单样本损失里算 x.mean(axis=0),vmap 后成了每个样本自己的统计量 → 整批统计量从外
面传入.

Checks: per-example gradients with inputs standardised by the batch's column statistics equal
float64, per-sample statistics named as a mistake ("values"); the program has as many primitives
for B = 12 as for B = 4 ("program")."""

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


def _data(seed, B, d=3):
    import jax.numpy as jnp

    g = rng(seed)
    params = {"w": R.floats(g, d), "b": jnp.float32(g.normal())}
    X = R.floats(g, B, d, scale=3.0) + 2.0
    X = X.at[:, 1].set(
        R.floats(g, B, scale=1e-6)
    )  # a column with std ≈ 1e-6: the 1e-6 in σ + 1e-6 counts
    Y = jnp.asarray((g.random(B) < 0.5).astype(np.float32))
    return params, X, Y


def _grads(params, Z, Y):
    w, b = np.asarray(params["w"], np.float64), float(params["b"])
    r = 1.0 / (1.0 + np.exp(-(Z @ w + b))) - np.asarray(Y, np.float64)
    return {"w": r[:, None] * Z, "b": r}


def _standardised(X, axis):
    X = np.asarray(X, np.float64)
    return (X - X.mean(axis=axis, keepdims=True)) / (X.std(axis=axis, keepdims=True) + 1e-6)


@checks.add("values", "新数据上按整批统计量标准化后的逐样本梯度")
def _(L):
    B, d = 6, 3
    params, X, Y = _data(841, B, d)
    import jax

    out = jax.jit(L.per_example_grads)(params, X, Y)
    if not isinstance(out, dict) or set(out) != {"w", "b"}:
        fail("返回值应是和 params 同结构的字典 {'w': (B, d), 'b': (B,)}。", actual=repr(out)[:200])
    out = {
        "w": as_array(out["w"], "梯度的 'w'", shape=(B, d)),
        "b": as_array(out["b"], "梯度的 'b'", shape=(B,)),
    }
    assert_close(
        out,
        _grads(params, _standardised(X, 0), Y),
        rtol=1e-4,
        atol=1e-5,
        what="per_example_grads(params, X, Y)",
        msg="逐样本梯度和按整批统计量标准化后的 float64 参考值不一致。",
        mistakes=[
            Mistake(
                "own_stats",
                _grads(params, _standardised(X, 1), Y),
                "梯度等于「每个样本用自己的统计量标准化」的结果:vmap 之后单样本损失里的 x "
                "只是一个样本。"
                "整批的均值、标准差在 vmap 外面算好,作为共享参数(in_axes=None)传进去。",
            )
        ],
    )


@checks.add("program", "B = 4 与 B = 12:程序里的原语一样多(没有按样本展开)", needs="values")
def _(L):
    sizes = {}
    for B in (4, 12):
        params, X, Y = _data(842, B)
        sizes[B] = sum(primitive_counts(L.per_example_grads, params, X, Y).values())
    assert_that(
        sizes[12] <= sizes[4],
        f"程序的原语个数随 B 增长(B = 4:{sizes[4]} 个,B = 12:{sizes[12]} 个):"
        "每个样本各展开了一份计算。用 vmap 一次处理整批。",
        primitives_B4=sizes[4],
        primitives_B12=sizes[12],
    )
