"""修复练习 7.3-fix2:n 大 m 小的完整雅可比用了 jacfwd → jacrev.

Checks: the (m, n) Jacobian of B·tanh(A·x) on fresh data equals float64, a transposed result is
named ("values"); no intermediate array in the program exceeds m×n elements ("mode")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, assert_close, fail, rng

checks = Checks()
M, H, N = 2, 24, 90


def _data(seed):
    g = rng(seed)
    return R.floats(g, N), R.floats(g, H, N, scale=N**-0.5), R.floats(g, M, H)


def _want(x, A, B):
    A64, B64 = np.asarray(A, np.float64), np.asarray(B, np.float64)
    return B64 @ ((1.0 - np.tanh(A64 @ np.asarray(x, np.float64)) ** 2)[:, None] * A64)


@checks.add("values", f"新数据上的 ({M}, {N}) 雅可比与 float64 一致")
def _(L):
    x, A, B = _data(831)
    out = R.as_array(L.sensitivities(x, A, B), "sensitivities(x, A, B)")
    if out.shape == (N, M):
        fail(
            f"结果的形状是 {out.shape},是雅可比的转置:jacrev / jacfwd 的结果已经是 (输出维, 输入维)"
            f" = ({M}, {N}),不用再转置。",
            actual_shape=str(out.shape),
        )
    out = R.as_array(out, "sensitivities(x, A, B)", shape=(M, N))
    assert_close(
        out,
        _want(x, A, B),
        rtol=1e-4,
        atol=1e-5,
        what="sensitivities(x, A, B)",
        msg="雅可比和 float64 的 B·diag(1 − tanh²(A·x))·A 不一致。",
    )


@checks.add("mode", f"程序里最大的中间数组不超过 m×n = {M}×{N} 个元素", needs="values")
def _(L):
    x, A, B = _data(832)
    size, shape, prim = R.largest_intermediate(L.sensitivities, x, A, B)
    if size > M * N:
        # a forward-mode Jacobian carries one tangent per input: an axis of length n shows it
        why = (
            f"它有一个长度为 n = {N} 的轴:计算按 n 个输入方向展开了。"
            if N in tuple(shape)
            else "它不是按输入方向展开出来的(没有长度为 n 的轴),"
            "而是程序自己造出的大数组(比如显式的对角矩阵)。"
        )
        fail(
            f"程序里有一个形状为 {shape}、{size} 个元素的中间数组(由 {prim} 产生),超过了结果本身的 "
            f"{M}×{N}:"
            + why
            + f"输出只有 m = {M} 个,用反向模式(jax.jacrev)逐个输出求导,中间量就不会超过 m×n。",
            shape=str(shape),
            primitive=prim,
        )
