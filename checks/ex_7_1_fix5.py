"""修复练习 7.1-fix5:补齐但不 mask → 分子分母都乘 mask.

Checks: loss and its gradient in w on padded fresh data equal the float64 MSE over the real rows,
with the unmasked mean and the mask-only-in-the-numerator mean as named mistakes ("values"); six
lengths in two buckets compile twice, one per bucket ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_scalar,
    assert_close,
    assert_compile_count,
    rng,
)

checks = Checks()
SIZES = (64, 128, 256, 512)


def _padded(g, n, d=3):
    rows = min(s for s in SIZES if s >= n)
    X, y, m = (
        np.zeros((rows, d), np.float32),
        np.zeros(rows, np.float32),
        np.zeros(rows, np.float32),
    )
    X[:n], y[:n], m[:n] = g.normal(size=(n, d)), g.normal(size=n), 1.0
    return X, y, m


def _refs(w, X, y, m):
    X, y, w, m = (np.asarray(a, np.float64) for a in (X, y, w, m))
    n, rows = m.sum(), len(m)
    r = X @ w - y
    return {
        "right": (np.sum(m * r * r) / n, 2 * X.T @ (m * r) / n),
        "mean": (np.mean(r * r), 2 * X.T @ r / rows),
        "numerator": (np.sum(m * r * r) / rows, 2 * X.T @ (m * r) / rows),
    }


@checks.add("values", "补齐的新数据:损失和对 w 的梯度只由真实行决定")
def _(L):
    import jax

    g = rng(751)
    w = R.floats(g, 3)
    for n in (40, 100):
        X, y, m = _padded(g, n)
        X[n:] = g.normal(
            size=(len(m) - n, 3)
        )  # padding rows that are not zero: only the mask may hide them
        ref = _refs(w, X, y, m)
        value = as_scalar(L.bucket_loss(w, X, y, m), f"bucket_loss(长度 {n})")
        mistakes = [
            Mistake(
                "mean",
                ref["mean"][0],
                f"长度 {n} 补到 {len(m)} 行:损失等于所有 {len(m)} 行的平均,补出来的行也算进去了。"
                "分子、分母都要乘 mask。",
            ),
            Mistake(
                "numerator",
                ref["numerator"][0],
                "分子乘了 mask,可分母还是桶的大小:分母应是 jnp.sum(mask)。",
            ),
        ]
        assert_close(
            value,
            ref["right"][0],
            rtol=1e-4,
            atol=1e-6,
            what=f"bucket_loss(长度 {n})",
            mistakes=mistakes,
            msg=f"长度 {n} 的损失和真实行上的均方误差不一致。",
        )
        grad = R.as_array(
            jax.jit(jax.grad(R.scalar_fn(lambda w: L.bucket_loss(w, X, y, m))))(w),  # noqa: B023 (called at once)
            f"对 w 的梯度(长度 {n})",
            shape=(3,),
        )
        assert_close(
            grad,
            ref["right"][1],
            rtol=1e-4,
            atol=1e-6,
            what=f"对 w 的梯度(长度 {n})",
            msg=f"长度 {n} 的梯度和真实行上均方误差的梯度不一致。",
        )


@checks.add("compiles", "落在 2 个桶里的 6 种长度:编译 2 次", needs="values")
def _(L):
    g = rng(752)
    w = R.floats(g, 3)
    batches = [_padded(g, n) for n in (70, 90, 100, 110, 150, 200)]
    with CompileLog() as full:
        for X, y, m in batches:
            L.bucket_loss(w, X, y, m)
    log = R.Filtered(full)
    if log.total == 0:
        R.assert_once(log, calls=6, what=" bucket_loss ", repeat="")
    assert_compile_count(
        log,
        None,
        expected=2,
        msg=f"6 种长度、2 个桶,编译了 {log.total} 次,期望 2 次"
        + (
            ":编译次数随长度增长,每种长度都有自己的编译(见编译记录)。形状只能取决于桶,真实行用 "
            "mask 挑出来。"
            if log.total >= 6
            else "(见编译记录)。"
        ),
    )
