"""修复练习 a1.5-fix1:jax.grad 一个返回 (N,) 的 vmap 函数 → 先 jnp.sum 成标量再求导.

Checks: the gradient of the summed loss against the float64 formula 2·Σ(p·xᵢ − 1)·xᵢ ("values");
no N×N Jacobian and a program whose size does not grow with N ("no_jacobian")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_array, assert_close, fail, rng

checks = Checks()

SYMPTOMS = {
    "word:scalar-output": "jax.grad 只对返回标量的函数有定义,vmap "
    "出来的函数返回每个样本一个损失 (N,):"
    "先用 jnp.sum 把这批损失归约成标量,再求 grad。"
}


def _data(seed, n):
    g = rng(seed)
    return g.normal(size=3).astype(np.float32), g.normal(size=(n, 3)).astype(np.float32)


@checks.add("values", "新数据:梯度等于 2·Σᵢ(p·xᵢ − 1)·xᵢ")
def _(L):
    import jax.numpy as jnp

    for seed, n in ((761, 6), (762, 6)):  # one shape: the learner's gradient compiles once
        p, xs = _data(seed, n)
        got = as_array(
            R.call(
                L.grad_total, jnp.asarray(p), jnp.asarray(xs), what="grad_total", symptoms=SYMPTOMS
            ),
            "grad_total 的返回值",
            shape=(3,),
        )
        p64, x64 = p.astype(np.float64), xs.astype(np.float64)
        resid = x64 @ p64 - 1.0
        want = 2.0 * resid @ x64
        assert_close(
            got,
            want,
            rtol=1e-4,
            atol=1e-4,
            what=f"N = {n} 时的梯度",
            msg="梯度应为 2·Σᵢ(p·xᵢ − 1)·xᵢ(整批损失之和对 p 的梯度)。",
            mistakes=[
                Mistake(
                    "mean",
                    want / n,
                    f"结果正好是总和梯度的 1/{n}:归约用了平均 (jnp.mean),"
                    "题目要的是损失之和 (jnp.sum)。",
                ),
                Mistake(
                    "wrt_x",
                    2.0 * resid.sum() * p64,
                    "结果是对 xs 的梯度沿批维之和:要对第 0 个参数 p 求导。",
                ),
            ],
        )


@checks.add("no_jacobian", "没有 N×N 的雅可比,程序大小不随样本数增长", needs="values")
def _(L):
    import jax.numpy as jnp

    sizes = {}
    for n in (5, 9):
        p, xs = _data(763, n)
        args = (jnp.asarray(p), jnp.asarray(xs))
        if (n, n) in R.value_shapes(L.grad_total, *args):
            fail(
                f"程序里有 {n}×{n} 的中间量:先求了整个雅可比(例如 jax.jacrev)再相加。"
                "先用 jnp.sum 归约成标量再求 grad,只要一次反向传播。",
                samples=n,
            )
        sizes[n] = R.n_equations(L.grad_total, *args)
    if sizes[5] != sizes[9]:
        fail(
            f"程序的方程数随样本数变化(N=5 时 {sizes[5]} 个,N=9 时 {sizes[9]} 个):"
            "在 Python 里按样本循环,程序被展开了。用 vmap 算一批损失,归约成标量后求一次 grad。",
            equations=sizes,
        )
