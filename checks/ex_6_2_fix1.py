"""修复练习 6.2-fix1:grid[i] = value 在 JAX 里是 TypeError → grid.at[i].set(value).

Checks: under jit with a traced index and value, the result replaces exactly element i and the
caller's array is untouched ("jit"); the same without jit ("eager"); the program contains the
scatter that .at[i].set stages ("scatter")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "TracerArrayConversionError": "在 jit 里 grid 是追踪值,不能转成 NumPy 数组再赋值:用 "
    "grid.at[i].set(value)。",
    "word:immutable": "JAX 数组不能原地赋值(grid[i] = value):用 grid.at[i].set(value) "
    "得到一个新数组。",
}


def _cases(seed):
    g = rng(seed)
    out = []
    for n in (5, 8, 8):
        grid = g.uniform(-5.0, 5.0, size=n).astype(np.float32)
        out.append((grid, int(g.integers(0, n)), float(np.float32(g.uniform(10.0, 20.0)))))
    return out


def _verify(fn, seed, label):
    import jax.numpy as jnp

    for grid, i, value in _cases(seed):
        arg = jnp.asarray(grid)
        out = as_array(
            R.call(
                fn, arg, jnp.int32(i), jnp.float32(value), what=f"{label} mark", symptoms=SYMPTOMS
            ),
            f"{label} mark 的返回值",
            shape=grid.shape,
        )
        want = grid.astype(np.float64)
        want[i] = value
        added = grid.astype(np.float64)
        added[i] += value
        assert_close(
            out,
            want,
            rtol=1e-6,
            atol=1e-6,
            what=f"mark(grid, {i}, {value:.3f})",
            msg=f"{label}第 {i} 个元素应换成 {value:.3f},其余元素不变。",
            mistakes=[
                Mistake(
                    "unchanged",
                    grid,
                    "返回的数组和传进来的一模一样:赋值没有生效。"
                    "要返回 grid.at[i].set(value) 得到的新数组。",
                ),
                Mistake(
                    "added",
                    added,
                    "第 i 个元素变成了“原值 + value”:value 被加到了原来的元素上,"
                    "题目要的是替换(.set),不是 .add。",
                ),
            ],
        )
        assert_close(
            np.asarray(arg),
            grid,
            rtol=0,
            atol=0,
            what="调用后传进来的 grid",
            msg=f"{label}调用之后,传进来的 grid 被改动了:mark 必须返回新数组,原数组保持不变。",
        )


@checks.add("jit", "jit 下(i、value 是追踪值):第 i 个元素换成 value,原数组不变")
def _(L):
    _verify(R.jitted(L.mark), 621, "jit 下")


@checks.add("eager", "不加 jit 直接调用:结果相同,原数组不变")
def _(L):
    fn = L.mark
    _verify(getattr(fn, "__wrapped__", fn), 622, "不加 jit 时")


@checks.add("scatter", "程序里有 .at[i].set 生成的 scatter", needs="jit")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.mark, jnp.zeros(6, jnp.float32), jnp.int32(2), jnp.float32(1.0))
    if not any(p.startswith("scatter") for p in prims):
        fail(
            "程序里没有 scatter:本题要用 grid.at[i].set(value) 更新一个元素,"
            "而不是重新构造整个数组。",
            primitives=sorted(prims),
        )
