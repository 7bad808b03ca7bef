"""练习 6.2 计算简单移动平均。

The chapter's own assertions (6.8 练习 2), all covered here:
- eager, data [2, 4, 6, 8, 10] from (0.0, 0): averages == [2.0, 3.0, 4.0, 5.0, 6.0] (exact);
  the states (2.0, 1), (6.0, 2), (12.0, 3), (20.0, 4), (30.0, 5)            -> check "eager"
- jit from Python scalars (0.0, 0): 2 traces and float(avg) == 6.0             -> check "weak_contrast"
- jit from the typed initial state: 1 trace and float(avg) == 6.0              -> check "trace_once"
"""

import numpy as np

from tutor.checklib import Checks, TraceCounter, assert_close, assert_equal, assert_that, fail, rng

checks = Checks()

DATA = [2.0, 4.0, 6.0, 8.0, 10.0]


def _unpack(out, where: str):
    ok = isinstance(out, tuple) and len(out) == 2 and isinstance(out[0], (tuple, list)) and len(out[0]) == 2
    assert_that(ok, f"{where}:update_moving_average 应返回 ((new_sum, new_count), current_average)。",
                actual=repr(out)[:200])
    return out


def _run_jit(L, start):
    import jax
    import jax.numpy as jnp

    counter = TraceCounter(L.update_moving_average)
    step = jax.jit(counter.wrapped)
    state, avg = start, None
    for v in jnp.array(DATA, jnp.float32):
        state, avg = _unpack(step(state, v), "jit 版本")
    return counter.count, float(avg), state


@checks.add("eager", "不加 jit:数据 2, 4, 6, 8, 10 的平均值 2…6,状态 (2,1)…(30,5)")
def _(L):
    import jax.numpy as jnp

    state = (0.0, 0)
    averages, sums, counts = [], [], []
    for v in jnp.array(DATA):
        state, avg = _unpack(L.update_moving_average(state, v), "不加 jit")
        averages.append(float(avg))
        sums.append(float(state[0]))
        counts.append(float(state[1]))
    if averages and averages[0] == 0.0:
        fail("第一个平均值是 0:平均值用了更新前的总和。应先算 new_sum 和 new_count,再用它们求平均。",
             expected=[2.0, 3.0, 4.0, 5.0, 6.0], actual=averages)
    assert_close(np.array(sums), np.array([2.0, 6.0, 12.0, 20.0, 30.0]), rtol=0, atol=0, what="状态中的总和",
                 msg="状态里的总和不对:new_sum 应是 current_sum + new_value。")
    assert_close(np.array(counts), np.arange(1.0, 6.0), rtol=0, atol=0, what="状态中的个数",
                 msg="状态里的个数不对:每来一个值,count 加 1。")
    assert_equal(averages, [2.0, 3.0, 4.0, 5.0, 6.0], what="5 步的平均值",
                 msg="平均值序列应正好是 [2.0, 3.0, 4.0, 5.0, 6.0]:current_average = new_sum / new_count。")


@checks.add("fresh", "随机数据:每一步的平均值等于累计平均")
def _(L):
    import jax.numpy as jnp

    values = rng(62).normal(3.0, 5.0, size=9)
    expected = np.cumsum(values) / np.arange(1, 10)
    state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))
    got = []
    for v in values:
        state, avg = _unpack(L.update_moving_average(state, jnp.float32(v)), "随机数据")
        got.append(float(avg))
    assert_close(np.array(got), expected, rtol=1e-5, atol=1e-5, what="累计平均",
                 msg="在一般的数据上平均值不对:要用真除法 new_sum / new_count(不是整除 //),"
                     "并且总和与个数都要从传入的状态累加。")


@checks.add("trace_once", "从你的 initial_state 出发,jit 处理 5 个数据:平均 6.0,只追踪 1 次")
def _(L):
    import jax.numpy as jnp

    start = L.initial_state
    assert_that(isinstance(start, (tuple, list)) and len(start) == 2,
                "initial_state 应是二元组 (current_sum, count)。", actual=repr(start)[:200])
    for part, name in zip(start, ("current_sum", "count")):
        assert_that(float(np.asarray(part)) == 0.0, f"initial_state 的 {name} 应从 0 开始。", actual=repr(part))
    traces, avg, _ = _run_jit(L, tuple(start))
    assert_close(avg, 6.0, rtol=0, atol=0, what="最终平均值", msg="jit 版本的最终平均值应为 6.0。")
    if traces != 1:
        weak = [name for part, name in zip(start, ("current_sum", "count"))
                if not hasattr(part, "dtype") or getattr(jnp.asarray(part), "weak_type", False)]
        if weak:
            why = (f"jit 追踪了 {traces} 次:initial_state 里的 {', '.join(weak)} 是 Python 标量(弱类型)。"
                   "第一次调用后返回的状态是强类型的 float32/int32,输入签名变了,jit 就会重新追踪编译。"
                   "用 jnp.array(0.0, jnp.float32) 和 jnp.array(0, jnp.int32) 作初始状态。")
        else:
            why = (f"jit 追踪了 {traces} 次:初始状态是强类型,但更新后的状态 dtype 和它不一致"
                   "(例如 count + 1.0 把整数计数变成了浮点数)。新状态必须和旧状态类型完全相同。")
        fail(why, expected=1, actual=traces)


@checks.add("weak_contrast", "对照:从 Python 标量 (0.0, 0) 出发时追踪 2 次,结果同样是 6.0")
def _(L):
    traces, avg, _ = _run_jit(L, (0.0, 0))
    assert_close(avg, 6.0, rtol=0, atol=0, what="最终平均值", msg="从 (0.0, 0) 出发时最终平均值也应为 6.0。")
    assert_that(traces == 2,
                f"从 (0.0, 0) 出发追踪了 {traces} 次,正常应是 2 次(第 1 次弱类型输入,之后都是强类型)。"
                "如果更多,说明状态的类型在后续调用中还在变化。", expected=2, actual=traces)
