"""练习 6.1 用 JIT 实现有状态计数器:update_counter(count, increment) -> (count + 1, increment).

The chapter's own example (6.8 练习 1): jax.jit(update_counter) from count 0, called 5 times with
increment i = 0…4, gives counts 1…5 and echoes 0…4 -> checks "jit_loop", "trace_once"
The statement also promises: no state kept in module-level variables -> check "pure"."""

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    ModuleState,
    TraceCounter,
    as_array,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    fail,
    rng,
)

checks = Checks()
_loop: dict = {}  # what jit_loop saw, for trace_once


def _pair(out, what):
    new_count, aux = as_tuple(out, 2, what)
    return (
        float(as_array(new_count, f"{what} 的新计数", ndim=0)),
        float(as_array(aux, f"{what} 的辅助输出", ndim=0)),
    )


def _known_mistakes(count, increment):
    """What common mistakes return for update_counter(count, increment), with their names."""
    return [
        (
            (count + increment, increment),
            "新计数等于 count + increment:计数应该每次固定加 1,increment 只是原样返回的辅助输出。",
        ),
        ((count + 1, count), "第二个返回值是旧计数:它应该是传进来的 increment(辅助输出原样返回)。"),
        (
            (increment, count + 1),
            "两个返回值的顺序反了:第一个是新计数 count + 1,第二个是 increment。",
        ),
        ((count, increment), "新计数没有加 1:返回的还是传入的 count。"),
        (
            (increment + 1, increment),
            "新计数等于 increment + 1:它碰巧符合题目里的循环(第 i 次传入 i),但新状态必须由传入的 "
            "count 算出来。",
        ),
    ]


@checks.add("eager", "不加 jit 直接调用:计数加 1,increment 原样返回")
def _(L):
    for count, increment in ((41, 3), (0, 0), (-7, 12)):
        call = f"update_counter({count}, {increment})"
        got = _pair(L.update_counter(count, increment), call)
        want = (count + 1, increment)
        if got == want:
            continue
        why = next((m for value, m in _known_mistakes(count, increment) if value == got), None)
        assert_equal(
            list(got),
            list(want),
            why or f"{call} 应返回 ({count + 1}, {increment}),实际返回 ({got[0]:g}, {got[1]:g})。",
            what=call,
        )


@checks.add("jit_loop", "jax.jit 包装后从 0 循环 5 次:计数 1…5,辅助输出 0…4")
def _(L):
    counter = TraceCounter(L.update_counter)
    step = counter.jit()
    state = ModuleState(L.ns)
    count, counts, echoed, inputs = 0, [], [], []
    for i in range(5):
        inputs.append(count)
        out = step(count, i)
        new_count, aux = as_tuple(out, 2, f"第 {i + 1} 次调用 jit 版本的返回值")
        counts.append(float(as_array(new_count, "jit 版本的新计数", ndim=0)))
        echoed.append(float(as_array(aux, "jit 版本的辅助输出", ndim=0)))
        count = new_count
    _loop.update(traces=counter.count, inputs=inputs)
    change = state.changes()
    if len(set(counts)) == 1 and counts != [1.0, 2.0, 3.0, 4.0, 5.0] and change:
        # shown: the output is frozen and the function touched module state while tracing
        fail(
            f"jit 版本 5 次调用都返回计数 {counts[0]:g},而且调用时{change.words()}:"
            "jit 只在追踪时执行一次函数里的 Python 代码,读写模块级变量的结果就被固定在追踪时的值上;"
            "状态必须从参数 count 进来、从返回值出去。",
            expected=[1, 2, 3, 4, 5],
            actual=counts,
            **change.detail(),
        )
    seen = [float(as_array(c, "传入的计数", ndim=0)) for c in inputs]
    if counts == seen:
        assert_equal(
            counts,
            [1.0, 2.0, 3.0, 4.0, 5.0],
            what="5 次调用的计数",
            msg="jit 版本每次返回的新计数都等于传入的计数:没有加 1。",
        )
    assert_close(
        np.array(counts),
        np.arange(1, 6),
        rtol=0,
        atol=0,
        what="5 次调用后的计数",
        msg="jit 版本从 0 开始的计数序列不是 1…5(见下方期望值与实际值)。",
    )
    assert_close(
        np.array(echoed),
        np.arange(5),
        rtol=0,
        atol=0,
        what="5 次调用的辅助输出",
        msg="jit 版本的辅助输出序列不是 0…4:第二个返回值应该原样交回传入的 increment。",
    )


@checks.add("fresh", "随机起点、随机增量:jit 下连续 6 步都正确")
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(61)
    start = int(g.integers(-1000, 1000))
    incs = g.integers(-50, 50, size=6)
    step = jax.jit(L.update_counter)
    count = jnp.asarray(start, jnp.int32)
    got, aux_got = [], []
    for inc in incs:
        new_count, aux = as_tuple(step(count, jnp.asarray(inc, jnp.int32)), 2, "jit 版本的返回值")
        got.append(float(as_array(new_count, "新计数", ndim=0)))
        aux_got.append(float(as_array(aux, "辅助输出", ndim=0)))
        count = new_count
    assert_close(
        np.array(got),
        start + np.arange(1, 7),
        rtol=0,
        atol=0,
        what=f"从 {start} 起的计数",
        msg=f"从 {start} 起连续 6 步的计数应为 {start + 1}…{start + 6}(新计数 = 传入的 "
        "count + 1)。",
    )
    assert_close(
        np.array(aux_got),
        incs,
        rtol=0,
        atol=0,
        what="辅助输出",
        msg="换一组增量后辅助输出不对:应原样返回传入的 increment。",
    )


@checks.add("trace_once", "jit 版本整个循环只追踪 1 次", needs="jit_loop")
def _(L):
    traces = _loop["traces"]
    if traces == 1:
        return
    change = H.first_change(_loop["inputs"], "计数")
    if change:
        k, why = change
        assert_equal(
            traces,
            1,
            f"5 次调用追踪了 {traces} 次。第 {k + 1} 次调用时传入的计数和上一次 jit 看到的不一样:"
            f"{why}。"
            "jit 按输入的形状、dtype 和弱类型标记缓存编译结果,返回的新计数要和传入的计数完全同类。",
            what="5 次调用的追踪次数",
        )
    assert_equal(
        traces,
        1,
        f"5 次调用追踪了 {traces} 次,期望 1 次;传入的计数每次都是 {H.render(_loop['inputs'][0])},"
        "类型没有变化。",
        what="5 次调用的追踪次数",
    )


@checks.add("pure", "调用不改动任何模块级变量,同样的参数总得到同样的结果")
def _(L):
    before = ModuleState(L.ns)
    results = [_pair(L.update_counter(5, 2), "update_counter(5, 2)") for _ in range(3)]
    change = before.changes()
    if change:
        fail(
            f"调用 update_counter {change.words()}:计数要由调用者保存,"
            "从参数进来、从返回值出去,不能藏在全局变量里。",
            **change.detail(),
        )
    assert_that(
        len(set(results)) == 1,
        "同样的参数 (5, 2) 连续调用 3 次,结果却不一样:函数里藏着在调用之间变化的状态。",
        results=[list(r) for r in results],
    )
