"""修复练习 7.3-fix1:jacfwd(f)(x) @ v 先造出 m×n 的 J → 一次 jvp.

Checks: J·v on fresh data against float64 ("values"); the program computes no intermediate array
of m×n elements or more ("program")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, assert_close, fail, rng

checks = Checks()
M, N = 9, 6


def _data(seed):
    g = rng(seed)
    return R.floats(g, N), R.floats(g, M, N, scale=N**-0.5), R.floats(g, N)


def _jacobian(x, A):
    A64 = np.asarray(A, np.float64)
    return (1.0 - np.tanh(A64 @ np.asarray(x, np.float64)) ** 2)[:, None] * A64


@checks.add("values", "新数据上等于 J·v(J 是 tanh(A @ x) 在 x 处的雅可比)")
def _(L):
    from tutor.worker.checklib import Mistake

    x, A, v = _data(811)
    J = _jacobian(x, A)
    out = R.as_array(L.directional(x, A, v), "directional(x, A, v)", shape=(M,))
    assert_close(
        out,
        J @ np.asarray(v, np.float64),
        rtol=1e-4,
        atol=1e-5,
        what="directional(x, A, v)",
        msg="结果和 J·v 不一致。",
        mistakes=[
            Mistake(
                "no_tanh_derivative",
                np.asarray(A, np.float64) @ np.asarray(v, np.float64),
                "结果等于 A·v:漏了 tanh 的导数 1 − tanh²(A·x)。",
            )
        ],
    )


@checks.add("program", f"程序里没有 m×n({M}×{N})那么大的中间数组", needs="values")
def _(L):
    x, A, v = _data(812)
    size, shape, prim = R.largest_intermediate(L.directional, x, A, v)
    if size >= M * N:
        fail(
            f"程序里算出了一个形状为 {shape}、{size} 个元素的中间数组(由 {prim} 产生),"
            f"不少于雅可比矩阵的 {M}×{N}:"
            "为了一个 J·v 构造了整个雅可比。用 jax.jvp 沿 v 做一次前向模式求导。",
            shape=str(shape),
            primitive=prim,
        )
