"""修复练习 6.5-fix2:scan 的 length 来自 jit 的普通参数 → static_argnames=("n_steps",).

Checks: trajectories for fresh starts and several n against float64, with the traced-length errors
named ("values"); orbit compiles once per distinct n and never again for the same n ("compiles");
the program is one scan whose size does not grow with n ("scan")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    assert_close,
    assert_compile_count,
    fail,
    primitive_counts,
    rng,
)
from tutor.worker.mistakes import Known, produced

checks = Checks()

_TRACED = (
    "n_steps 作为 jit 的普通参数传进来,追踪时只是个 tracer;scan 的 length 决定输出的形状,"
    "必须是编译时已知的"
    ' Python 整数。把 n_steps 声明成静态参数:@partial(jax.jit, static_argnames=("n_steps",))。'
)
SYMPTOMS = {
    "ConcretizationTypeError": _TRACED,
    "TracerIntegerConversionError": _TRACED,
    "word:Shapes must be 1D sequences of concrete values": "输出的形状取决于 n_steps,而 n_steps 在 "
    "jit 里是 tracer:fori_loop 的上界"
    "可以是运行时的值,数组的形状却不行。" + _TRACED[_TRACED.index("把 n_steps") :],
}


def _start(g):
    import jax.numpy as jnp

    return jnp.float32(g.uniform(-4.0, 4.0))


def _want(x0, n):
    x, out = float(x0), []
    for _ in range(n):
        x = 0.5 * x + 1.0
        out.append(x)
    return np.array(out)


# What the common slips give for a start x0 and n steps (computed, then matched).
MISTAKES = [
    Known(
        "includes_start",
        lambda x0, n: np.concatenate([[float(x0)], _want(x0, n)[:-1]]),
        "轨迹整体早了一步:第 k 项等于第 k − 1 步之后的 x,第一项就是起点 x0。scan 主体输出的是"
        "更新前的 x:应输出这一步更新之后的值(return x_new, x_new)。",
    ),
    Known(
        "one_more_step",
        lambda x0, n: _want(x0, n + 1)[1:],
        "轨迹整体晚了一步:第 k 项等于第 k + 2 次迭代之后的 x(起点之后先多走了一步)。",
    ),
]


def _orbit(L, x0, n):
    return R.call(L.orbit, x0, n, what=f"orbit(x0, {n})", symptoms=SYMPTOMS)


@checks.add("values", "新的起点、不同的 n_steps:轨迹与逐步迭代一致,形状 (n_steps,)")
def _(L):
    g = rng(6521)
    for n in (3, 7, 1):
        x0 = _start(g)
        path = as_array(_orbit(L, x0, n), f"orbit(x0, {n})", shape=(n,))
        assert_close(
            path,
            _want(x0, n),
            rtol=1e-5,
            atol=1e-6,
            what=f"orbit(x0={float(x0):.3f}, {n})",
            msg=f"轨迹应是 x ← 0.5·x + 1 迭代 {n} 次时每一步之后的 x(不含起点)。",
            mistakes=produced(MISTAKES, x0, n),
        )


@checks.add("compiles", "同一个 n_steps 只编译一次,每个新的 n_steps 各编译一次", needs="values")
def _(L):
    g = rng(6522)
    name = R.name_of(L.orbit)
    calls = (4, 4, 6, 4, 6)
    with CompileLog() as log:
        for n in calls:
            _orbit(L, _start(g), n)
    got = log.count(name)
    if got == 0:
        fail(
            f"{len(calls)} 次调用 orbit 一次也没有编译:orbit 没有在 jit 下运行(去掉了 @jax.jit?)。"
            "要保留 jit,只把 n_steps 声明成静态参数。",
            compiles=list(log.names),
        )
    assert_compile_count(
        log,
        name,
        expected=2,
        msg=f"n_steps 依次取 {list(calls)}(两个不同的 n_steps,起点都是 float32 标量),orbit 编译了 "
        f"{got} 次,"
        "应是 2 次:每个新的 n_steps 编译一次,同一个 n_steps 不再编译。",
    )


@checks.add("scan", "程序里是一个 scan,n_steps 变大时程序不变长", needs="values")
def _(L):
    import jax.numpy as jnp

    x0 = jnp.float32(0.5)
    small = primitive_counts(lambda x: L.orbit(x, 5), x0)
    large = primitive_counts(lambda x: L.orbit(x, 40), x0)
    size = (sum(small.values()), sum(large.values()))
    if small.get("scan", 0) < 1 or size[1] > size[0]:
        fail(
            f"n_steps = 5 时程序有 {size[0]} 个运算,n_steps = 40 时有 {size[1]} 个"
            + ("" if small.get("scan") else ",而且没有 scan")
            + ":循环被展开进了程序(Python 的 for 循环),n_steps 越大程序越长、编译越慢。用 "
            "lax.scan。",
            n5=dict(small),
            n40=dict(large),
        )
