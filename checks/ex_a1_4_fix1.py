"""修复练习 a1.4-fix1:jax.grad 穿不过 while_loop → 步数固定时用 fori_loop(常量上下界 = scan).

Checks: x⁵ on fresh points ("value"); reverse-mode jax.grad gives 5x⁴ ("grad"); the program is
one scan loop — no while, no unrolled or closed form ("loop")."""

import _repair_a1 as R
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
    "word:Reverse-mode differentiation does not work for lax.while_loop": "反向模式求导穿不过 "
    "lax.while_loop(步数在编译期未知,中间值没法预先存下来)。"
    "步数固定时用 lax.fori_loop(0, 5, …):它被改写成 scan,可以反向求导。"
}


def _points():
    return rng(751).uniform(-1.5, 1.5, size=5).astype(np.float32)


@checks.add("value", "新数据:结果是 x⁵")
def _(L):
    import jax.numpy as jnp

    xs = _points()
    got = [as_array(L.power5(jnp.float32(x)), f"power5({x:.3f})", ndim=0) for x in xs]
    x64 = xs.astype(np.float64)
    assert_close(
        np.array(got, np.float64),
        x64**5,
        rtol=1e-5,
        atol=1e-6,
        what="power5(x)",
        msg="结果应为 x⁵。",
        mistakes=[Mistake("four", x64**4, "结果是 x⁴:循环少乘了一次,要乘 5 次。")],
    )


@checks.add("grad", "jax.grad(power5) 给出 5x⁴", needs="value")
def _(L):
    import jax
    import jax.numpy as jnp

    grad = jax.jit(jax.vmap(jax.grad(L.power5)))  # every point in one compiled program
    got = as_array(
        R.call(grad, jnp.asarray(_points()), what="jax.grad(power5)", symptoms=SYMPTOMS),
        "jax.grad(power5) 在各点的值",
        shape=(len(_points()),),
    )
    xs = _points().astype(np.float64)
    assert_close(
        got,
        5 * xs**4,
        rtol=1e-5,
        atol=1e-5,
        what="jax.grad(power5)",
        msg="jax.grad(power5)(x) 应为 5x⁴。",
        mistakes=[
            Mistake(
                "zero",
                np.zeros_like(xs),
                "梯度恒为 0:结果被 stop_gradient 截断了,"
                "报错是没了,梯度也没了。换成能反向求导的循环(fori_loop 常量上下界)。",
            )
        ],
    )


@checks.add("loop", "程序里是一个 scan 循环:没有 while,也没有展开", needs="value")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.power5, jnp.float32(1.3))
    if "while" in prims:
        fail(
            "程序里还有 while 循环:它不能反向求导。步数固定时用 lax.fori_loop(0, 5, …),"
            "它会变成 scan。",
            primitives=sorted(prims),
        )
    if "scan" not in prims:
        unrolled = prims.get("mul", 0) + prims.get("integer_pow", 0) + prims.get("pow", 0)
        why = (
            "乘法被展开成了 5 次(Python 循环在追踪时被展开)"
            if prims.get("mul", 0) >= 4
            else "没有循环(例如直接写了 x ** 5)"
        )
        fail(
            f"程序里没有 scan:{why}。本题要的是一个能反向求导的循环:lax.fori_loop(0, 5, …)。",
            primitives=sorted(prims),
            multiplications=unrolled,
        )
