"""修复练习 6.5-fix1:scan 的 carry 初值是强类型 int32、数据是浮点 → 初值用数据的 dtype.

Checks: totals and prefix sums on fresh float32 data ("values"); on float16 data the result is
float16 and the scan runs ("dtype"); the program is a scan ("scan")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_equal,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "word:dtypes do not match": "scan 的 carry 初值和循环体交回的 carry dtype "
    "不一致(例如初值是强类型 int32,"
    "加上浮点数据后变成 float32):让初值用数据的 dtype,如 jnp.zeros((), xs.dtype)。",
}


def _run(L, xs, label):
    out = as_tuple(
        R.call(L.running_total, xs, what=f"running_total({label})", symptoms=SYMPTOMS),
        2,
        "running_total 的返回值 (总和, 前缀和)",
    )
    return out[0], out[1]


@checks.add("values", "float32 新数据:总和与每步前缀和正确")
def _(L):
    import jax.numpy as jnp

    data = rng(651).uniform(-3.0, 3.0, size=9).astype(np.float32)
    total, prefix = _run(L, jnp.asarray(data), "float32 数据")
    want = np.cumsum(data.astype(np.float64))
    acc, truncated = 0, []
    for x in data:
        acc = int(np.float32(acc) + x)  # what casting the carry back to int32 gives
        truncated.append(acc)
    assert_close(
        as_array(prefix, "前缀和", shape=data.shape),
        want,
        rtol=1e-5,
        atol=1e-5,
        what="每步的前缀和",
        msg="每一步输出的前缀和应等于 cumsum(xs)(见期望值与实际值)。",
        mistakes=[
            Mistake(
                "truncated",
                np.array(truncated, np.float64),
                "前缀和每一步都被截成了整数:为了让 carry 对上 int32 初值而转换 dtype,"
                "丢掉了小数部分。"
                "应该反过来,让初值用数据的 dtype。",
            )
        ],
    )
    assert_close(
        as_array(total, "总和", ndim=0),
        want[-1],
        rtol=1e-5,
        atol=1e-5,
        what="总和",
        msg="总和应等于 sum(xs)。",
    )


@checks.add("dtype", "float16 数据:能运行,结果也是 float16")
def _(L):
    import jax.numpy as jnp

    data = rng(652).uniform(-1.0, 1.0, size=6).astype(np.float16)
    total, prefix = _run(L, jnp.asarray(data), "float16 数据")
    got = [
        str(getattr(total, "dtype", type(total).__name__)),
        str(getattr(prefix, "dtype", type(prefix).__name__)),
    ]
    if got != ["float16", "float16"]:
        assert_equal(
            got,
            ["float16", "float16"],
            f"float16 数据得到的 (总和, 前缀和) dtype 是 {got}:carry 的初值没有跟着数据的 "
            "dtype 走。",
            what="(总和, 前缀和) 的 dtype",
        )
    assert_close(
        as_array(prefix, "前缀和"),
        np.cumsum(data.astype(np.float64)),
        rtol=1e-2,
        atol=1e-2,
        what="float16 的前缀和",
        msg="float16 数据的前缀和应等于 cumsum(xs)(float16 精度)。",
    )


@checks.add("scan", "程序里是 lax.scan", needs="values")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.running_total, jnp.ones(5, jnp.float32))
    if "scan" not in prims:
        fail(
            "程序里没有 scan:本题要用 lax.scan,让和作为 carry 一步步传下去。",
            primitives=sorted(prims),
        )
