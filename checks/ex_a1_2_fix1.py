"""修复练习 a1.2-fix1:jit 里 range(追踪值) → TracerIntegerConversionError;用 lax.fori_loop.

Checks: values for several counts (0 included) against a float64 loop ("values"); five distinct
counts compile once ("one_compile"); the program is one while loop, not an unrolled one ("loop")."""

import math

import _repair_a1 as R

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

TIMES = (0, 1, 3, 7, 20)
SYMPTOMS = {
    "TracerIntegerConversionError": "在 jit 里 times 是追踪值,range(times) 要的却是 Python 整数:"
    "用 lax.fori_loop(0, times, body, init) 把循环写进程序。",
    "ConcretizationTypeError": "在 jit 里 times 是追踪值,int(times) 拿不到具体的数:"
    "用 lax.fori_loop(0, times, body, init) 把循环写进程序。",
}


def _reference(v, times):
    x = 0.0
    for _ in range(times):
        x = 0.5 * math.cos(x) + v
    return x


@checks.add("values", "几个不同的 times(含 0):与 float64 的 Python 循环一致")
def _(L):
    import jax.numpy as jnp

    fn = R.jitted(L.iterate)
    vs = rng(721).uniform(-1.0, 1.0, size=len(TIMES))
    for v, times in zip(vs, TIMES, strict=False):
        got = as_array(
            R.call(fn, jnp.float32(v), times, what=f"iterate({v:.3f}, {times})", symptoms=SYMPTOMS),
            f"iterate({v:.3f}, {times})",
            ndim=0,
        )
        assert_close(
            got,
            _reference(float(v), times),
            rtol=1e-5,
            atol=1e-5,
            what=f"iterate({v:.3f}, {times})",
            msg=f"从 0 出发把 x ← 0.5·cos(x) + v 重复 {times} 次,结果应如期望值。",
            mistakes=[
                Mistake(
                    "one_short",
                    _reference(float(v), max(times - 1, 0)),
                    f"结果等于只重复 {max(times - 1, 0)} 次:循环少走了一次(下界应为 0)。",
                )
            ],
        )


@checks.add("one_compile", "换 5 个不同的 times:只编译 1 次", needs="values")
def _(L):
    import jax.numpy as jnp

    fn = R.jitted(L.iterate)
    name = R.name_of(fn)
    args = [(jnp.float32(0.3), t) for t in TIMES]
    with CompileLog() as log:
        for v, t in args:
            fn(v, t)
    n = log.count(name)
    why = f"{len(TIMES)} 个不同的 times 编译了 {n} 次。"
    if n == len(TIMES):
        why = (
            f"{len(TIMES)} 个不同的 times 正好编译了 {n} 次:times 被当成了静态参数,"
            "每个新值都要重新追踪、"
            "编译,循环还被展开。让它保持动态,用 lax.fori_loop。"
        )
    assert_compile_count(log, name, expected=1, msg=why + "期望:只编译 1 次。")


@checks.add("loop", "程序里是一个 while 循环,没有按次数展开", needs="one_compile")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(R.jitted(L.iterate), jnp.float32(0.3), jnp.int32(5))
    if "while" not in prims:
        fail(
            "程序里没有 while:次数是运行时的值,循环要写进程序里(lax.fori_loop 的上界是追踪值时就是 "
            "while)。",
            primitives=sorted(prims),
        )
