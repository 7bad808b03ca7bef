"""修复练习 a1.2-fix2:scan 的 carry 初值是元组、循环体交回列表(Python types differ)→ 同一种容器.

Checks: total, count and running means on fresh data ("values"); total follows the data's dtype
and count is int32 ("dtypes"); the program is a scan ("scan")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "word:Python types differ": "报错说 Python types differ:carry 的 pytree 结构变了(初值是元组,"
    "循环体交回的是列表,或者反过来):"
    "循环体要交回和初值同样的容器。",
    "word:dtypes do not match": "carry 的 dtype 变了:初值和循环体交回的 carry 要同一个 dtype。",
    "word:shapes do not match": "carry 的形状变了:初值和循环体交回的 carry 要同一个形状。",
}


def _call(L, xs):
    out = as_tuple(
        R.call(L.running_stats, xs, what="running_stats", symptoms=SYMPTOMS),
        2,
        "running_stats 的返回值 ((总和, 个数), 平均值)",
    )
    total, count = as_tuple(out[0], 2, "最终的 carry (总和, 个数)")
    return total, count, out[1]


@checks.add("values", "新数据:总和、个数和每步的平均值正确")
def _(L):
    import jax.numpy as jnp

    data = rng(731).uniform(-2.0, 5.0, size=7).astype(np.float32)
    total, count, means = _call(L, jnp.asarray(data))
    d64 = data.astype(np.float64)
    sums, k = np.cumsum(d64), np.arange(1, len(data) + 1)
    assert_close(
        as_array(means, "每步的平均值", shape=data.shape),
        sums / k,
        rtol=1e-5,
        atol=1e-5,
        what="每步的平均值",
        msg="第 t 步输出的应是前 t+1 个数的平均值。",
        mistakes=[
            Mistake(
                "old_count",
                sums / np.maximum(k - 1, 1),
                "平均值用的是加 1 之前的个数:先更新 count,再用新的 count 去除。",
            )
        ],
    )
    assert_close(
        as_scalar(total, "总和"),
        sums[-1],
        rtol=1e-5,
        atol=1e-5,
        what="总和",
        msg="总和应为 sum(xs)。",
    )
    assert_close(
        as_scalar(count, "个数"),
        len(data),
        rtol=0,
        atol=0,
        what="个数",
        msg=f"个数应为 {len(data)}。",
    )


@checks.add("dtypes", "总和的 dtype 跟数据一致,个数是 int32")
def _(L):
    import jax.numpy as jnp

    for dtype in (jnp.float32, jnp.float16):
        total, count, _ = _call(L, jnp.linspace(0.0, 1.0, 5, dtype=dtype))
        got = [
            str(getattr(total, "dtype", type(total).__name__)),
            str(getattr(count, "dtype", type(count).__name__)),
        ]
        want = [jnp.dtype(dtype).name, "int32"]
        if got != want:
            assert_equal(
                got,
                want,
                f"{want[0]} 数据得到的 (总和, 个数) dtype 是 {got},应为 {want}:个数是计数,用 int32;"
                "总和跟着数据的 dtype 走。",
                what="(总和, 个数) 的 dtype",
            )


@checks.add("scan", "程序里是 lax.scan", needs="values")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.running_stats, jnp.ones(4, jnp.float32))
    if "scan" not in prims:
        fail(
            "程序里没有 scan:本题要用 lax.scan,让 (总和, 个数) 作为 carry 一步步传下去。",
            primitives=sorted(prims),
        )
