"""修复练习 a1.7-fix1:jit 里把中间量 append 到全局列表(tracer 泄漏)→ 作为返回值带出来.

Checks: both results on fresh data, and neither is a tracer ("values"); no module-level
container of the learner holds a tracer after a fresh trace ("no_leak"); three calls of one
shape compile exactly once in total — the work stays in one jit function ("one_compile")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    as_tuple,
    assert_close,
    assert_compile_count,
    fail,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "UnexpectedTracerError": "用到了泄漏的 tracer:追踪时存进全局列表的中间量只在那次追踪里有效。"
    "想要的中间量作为 jit 函数的返回值带出来。"
}


def _inputs(seed, n=3):
    import jax.numpy as jnp

    g = rng(seed)
    return [jnp.asarray(g.normal(2.0, 3.0, size=8).astype(np.float32)) for _ in range(n)]


def _results(L, x):
    out = as_tuple(
        R.call(L.normalize_and_center, x, what="normalize_and_center", symptoms=SYMPTOMS),
        2,
        "normalize_and_center 的返回值 (z, centered)",
    )
    if R.tracers_in(out):
        fail(
            "返回值里有 tracer:交回去的是追踪时存进全局列表的那个值,它在追踪结束后就不能再用了。"
            "中间量要作为 jit 函数的返回值带出来。",
            actual=repr(out)[:200],
        )
    return out


@checks.add("values", "新数据:z = (x − mean)/std,centered = x − mean,都是普通数组")
def _(L):
    with CompileLog():  # caches cleared: the learner's first call traces afresh
        for x in _inputs(791, 2):
            z, centered = _results(L, x)
            x64 = np.asarray(x, np.float64)
            c64 = x64 - x64.mean()
            assert_close(
                as_array(centered, "centered", shape=x64.shape),
                c64,
                rtol=1e-5,
                atol=1e-5,
                what="centered",
                msg="centered 应为 x − mean(x)。",
            )
            assert_close(
                as_array(z, "z", shape=x64.shape),
                c64 / x64.std(),
                rtol=1e-4,
                atol=1e-5,
                what="z",
                msg="z 应为 (x − mean(x)) / std(x)。",
            )


@checks.add("no_leak", "调用后,你的全局变量里没有留下 tracer")
def _(L):
    with CompileLog():  # a fresh trace: a leaking function leaks now
        for x in _inputs(792, 1):
            try:
                L.normalize_and_center(x)
            except Exception:  # the symptom itself is reported by "values"
                pass
    leaked = R.leaked_globals(L.ns)
    if leaked:
        fail(
            f"全局变量 {', '.join(leaked)} 里存着 tracer:追踪时把中间量放到了函数外。"
            "删掉这个副作用,中间量只从返回值里出来。",
            leaked=leaked,
        )


@checks.add("one_compile", "同形状的 3 次调用:一共只编译 1 次", needs="values")
def _(L):
    xs = _inputs(793)
    with CompileLog() as log:
        for x in xs:
            _results(L, x)
    n = log.total
    if n == 0:
        why = "3 次调用一次也没有编译。"
    elif n > 1 and not any(name == R.name_of(L.normalize_and_center) for name in log.names):
        why = (
            f"3 次调用编译了 {n} 次,编译的是一个个单独的运算({', '.join(sorted(set(log.names)))}):"
            "计算没有放在 jit 函数里,每次调用都逐个运算地执行。"
        )
    else:
        why = (
            f"3 次调用编译了 {n} 次({', '.join(log.names)}):除了 jit 函数,还有在 jit 外面"
            "逐个运算执行的计算。整个计算放进一个 jit 函数,中间量作为它的返回值。"
        )
    assert_compile_count(log, None, expected=1, msg=why + "期望:一共只编译 1 次。")
