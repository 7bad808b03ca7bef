"""练习 6.1 用 JIT 实现有状态计数器:update_counter(count, increment) -> (count + 1, increment)."""

import numpy as np

from tutor.checklib import Checks, TraceCounter, assert_close, assert_that, fail, rng

checks = Checks()


def _diagnose(count, increment, new_count, aux) -> str | None:
    """Names the misconception behind a wrong (new_count, aux) pair, or None if it is right."""
    if new_count == count + increment and increment != 1:
        return "新计数等于 count + increment:计数应该每次固定加 1,increment 只是原样返回的辅助输出。"
    if aux == count and count != increment:
        return "第二个返回值是旧计数:它应该是传进来的 increment(辅助输出原样返回)。"
    if new_count != count + 1:
        return f"update_counter({count}, {increment}) 的新计数应为 {count + 1},得到 {new_count}:新状态必须由传入的 count 算出来。"
    if aux != increment:
        return f"辅助输出应为传入的 increment = {increment},得到 {aux}。"
    return None


def _pair(out):
    assert_that(isinstance(out, tuple) and len(out) == 2,
                "update_counter 应返回一个二元组 (new_count, increment)。",
                actual=repr(type(out).__name__))
    return out


@checks.add("eager", "不加 jit 直接调用:计数加 1,increment 原样返回")
def _(L):
    for count, increment in ((41, 3), (0, 0), (-7, 12)):
        new_count, aux = _pair(L.update_counter(count, increment))
        why = _diagnose(count, increment, int(np.asarray(new_count)), int(np.asarray(aux)))
        if why:
            fail(why, expected=[count + 1, increment],
                 actual=[int(np.asarray(new_count)), int(np.asarray(aux))],
                 call=f"update_counter({count}, {increment})")


@checks.add("jit_loop", "jax.jit 包装后从 0 循环 5 次:计数 1…5,辅助输出 0…4")
def _(L):
    import jax

    counter = TraceCounter(L.update_counter)
    step = jax.jit(counter.wrapped)
    count, counts, echoed = 0, [], []
    for i in range(5):
        count, aux = _pair(step(count, i))
        counts.append(int(count))
        echoed.append(int(aux))
    if counts == [1] * 5:
        fail("jit 版本每次都返回 1:计数被“冻结”在了追踪时。全局变量的修改只在追踪时执行一次,"
             "状态必须从参数 count 进来、从返回值出去。", expected=[1, 2, 3, 4, 5], actual=counts)
    assert_close(np.array(counts), np.arange(1, 6), rtol=0, atol=0, what="5 次调用后的计数",
                 msg="jit 版本的计数序列不是 1…5:新计数必须只由传入的 count 算出(count + 1)。")
    assert_close(np.array(echoed), np.arange(5), rtol=0, atol=0, what="5 次调用的辅助输出",
                 msg="辅助输出序列不是 0…4:第二个返回值应该原样交回传入的 increment。")
    L.ns["_jaxtutor_traces_6_1"] = counter.count


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
        count, aux = _pair(step(count, jnp.asarray(inc, jnp.int32)))
        got.append(int(count))
        aux_got.append(int(aux))
    assert_close(np.array(got), start + np.arange(1, 7), rtol=0, atol=0, what=f"从 {start} 起的计数",
                 msg="换一个起点后计数不对:新计数应该是传入的 count + 1,不能依赖题目里的具体数字。")
    assert_close(np.array(aux_got), incs, rtol=0, atol=0, what="辅助输出",
                 msg="换一组增量后辅助输出不对:应原样返回传入的 increment。")


@checks.add("trace_once", "jit 版本整个循环只追踪 1 次", needs="jit_loop")
def _(L):
    traces = L.ns["_jaxtutor_traces_6_1"]
    assert_that(traces == 1,
                f"5 次调用追踪了 {traces} 次:每次重新追踪说明状态的类型或形状在变(比如把计数变成了浮点数或列表)。"
                "新计数应和传入的计数保持同样的 dtype 和形状。", expected=1, actual=traces)
