"""练习 6.2 计算简单移动平均。

The chapter's own assertions (6.8 练习 2), all covered here:
- eager, data [2, 4, 6, 8, 10] from (0.0, 0): averages == [2.0, 3.0, 4.0, 5.0, 6.0] (exact);
  the states (2.0, 1), (6.0, 2), (12.0, 3), (20.0, 4), (30.0, 5)            -> check "eager"
- jit from Python scalars (0.0, 0): 2 traces and float(avg) == 6.0 -> check "weak_contrast"
- jit from the typed initial state: 1 trace and float(avg) == 6.0              -> check "trace_once"
A retrace is explained by what the check saw change in the state between two calls."""

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    TraceCounter,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    fail,
    rng,
)

checks = Checks()

DATA = [2.0, 4.0, 6.0, 8.0, 10.0]


def _unpack(out, where: str):
    """((new_sum, new_count), average) from one call, structure checked first."""
    state, avg = as_tuple(out, 2, f"{where}的返回值 (新状态, 平均值)")
    if isinstance(avg, (tuple, list)) and not isinstance(state, (tuple, list)):
        fail(
            f"{where}的两个返回值顺序反了:应先返回新状态 (总和, 个数),再返回平均值。",
            actual=H.render(out),
        )
    total, seen = as_tuple(state, 2, f"{where}返回的新状态 (总和, 个数)")
    return (
        state,
        (as_scalar(total, "新状态里的总和"), as_scalar(seen, "新状态里的个数")),
        as_scalar(avg, "平均值"),
    )


def _average_mistakes(values):
    """Averages that common mistakes produce on `values`, in float32 as JAX computes them (the
    eager check compares exactly)."""
    v = np.asarray(values, np.float32)
    n = np.arange(1, v.size + 1, dtype=np.float32)
    sums = np.cumsum(v)
    old_sums = sums - v
    with np.errstate(divide="ignore", invalid="ignore"):
        by_old_count = sums / (n - 1)  # the first step divides by 0: inf, as the mistake gives
        old_averages = old_sums / (n - 1)  # the first step is 0 / 0: NaN
    return [
        Mistake(
            "stale_sum",
            old_sums / n,
            "平均值用的是加上新值之前的总和:应先算出新的总和和个数,再用它们相除。",
        ),
        Mistake(
            "floor_division",
            np.floor(sums / n),
            "平均值被取整了:用的是整除 //,应该用真除法 new_sum / new_count。",
        ),
        Mistake(
            "stale_count",
            by_old_count,
            "平均值除以的是加一之前的个数:应该用新的个数。",
        ),
        Mistake("old_average", old_averages, "平均值是上一步的平均值:应该用新的总和除以新的个数。"),
    ]


def _run_jit(L, start, values):
    """Runs jax.jit(update_moving_average) over `values` from `start`; returns the traces, the
    state jit saw before each call and the last average."""
    counter = TraceCounter(L.update_moving_average)
    step = counter.jit()
    state, avg, seen = start, None, []
    for v in values:
        seen.append(state)
        state, _, avg = _unpack(step(state, v), "jit 版本")
    return counter.count, seen, avg


def _retrace_words(seen, skip: int = 0) -> str:
    """What changed in the state between two calls, after the first `skip` calls."""
    change = H.first_change(seen[skip:])
    if change:
        k, why = change
        return f"第 {k + skip + 1} 次调用时 jit 看到的状态和上一次不同:{why}。"
    return f"传入的状态每次都是 {H.render(seen[0])},类型没有变化。"


@checks.add("eager", "不加 jit:数据 2, 4, 6, 8, 10 的平均值 2…6,状态 (2,1)…(30,5)")
def _(L):
    import jax.numpy as jnp

    state = (0.0, 0)
    averages, sums, counts = [], [], []
    for v in jnp.array(DATA):
        state, (total, seen), avg = _unpack(L.update_moving_average(state, v), "不加 jit 时")
        averages.append(avg)
        sums.append(total)
        counts.append(seen)
    assert_close(
        np.array(sums),
        np.array([2.0, 6.0, 12.0, 20.0, 30.0]),
        rtol=0,
        atol=0,
        what="状态中的总和",
        msg="状态里的总和应依次为 2、6、12、20、30(new_sum = current_sum + new_value)。",
    )
    assert_close(
        np.array(counts),
        np.arange(1.0, 6.0),
        rtol=0,
        atol=0,
        what="状态中的个数",
        msg="状态里的个数应依次为 1…5(每来一个值,count 加 1)。",
    )
    assert_close(
        np.array(averages),
        np.array([2.0, 3.0, 4.0, 5.0, 6.0]),
        rtol=0,
        atol=0,
        what="5 步的平均值",
        msg="平均值序列应正好是 [2.0, 3.0, 4.0, 5.0, 6.0](current_average = new_sum / new_count)。",
        mistakes=_average_mistakes(DATA),
    )


@checks.add("fresh", "随机数据:每一步的平均值等于累计平均")
def _(L):
    import jax.numpy as jnp

    values = rng(62).normal(3.0, 5.0, size=9)
    expected = np.cumsum(values) / np.arange(1, 10)
    state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))
    got = []
    for v in values:
        state, _, avg = _unpack(L.update_moving_average(state, jnp.float32(v)), "随机数据上")
        got.append(avg)
    assert_close(
        np.array(got),
        expected,
        rtol=1e-5,
        atol=1e-5,
        what="累计平均",
        msg="在随机数据上,每一步的平均值应等于到此为止的累计平均(见期望值与实际值)。",
        mistakes=_average_mistakes(values),
    )


@checks.add("trace_once", "从你的 initial_state 出发,jit 处理 5 个数据:平均 6.0,只追踪 1 次")
def _(L):
    import jax.numpy as jnp

    start = L.initial_state
    parts = as_tuple(start, 2, "initial_state (current_sum, count)")
    for part, name in zip(parts, ("current_sum", "count"), strict=False):
        assert_that(
            as_scalar(part, f"initial_state 的 {name}") == 0.0,
            f"initial_state 的 {name} 应从 0 开始。",
            actual=repr(part)[:100],
        )
    traces, seen, avg = _run_jit(L, start, jnp.array(DATA, jnp.float32))
    assert_close(avg, 6.0, rtol=0, atol=0, what="最终平均值", msg="jit 版本的最终平均值应为 6.0。")
    if traces != 1:
        assert_equal(
            traces,
            1,
            f"从 initial_state = {H.render(start)} 出发,jit 追踪了 {traces} 次:"
            + _retrace_words(seen)
            + "初始状态要和更新后的状态一模一样(容器、dtype、弱类型标记都相同),jit 才只编译一次。",
            what="追踪次数",
        )


@checks.add("weak_contrast", "对照:从 Python 标量 (0.0, 0) 出发时追踪 2 次,结果同样是 6.0")
def _(L):
    import jax.numpy as jnp

    traces, seen, avg = _run_jit(L, (0.0, 0), jnp.array(DATA, jnp.float32))
    assert_close(
        avg, 6.0, rtol=0, atol=0, what="最终平均值", msg="从 (0.0, 0) 出发时最终平均值也应为 6.0。"
    )
    if traces != 2:
        assert_equal(
            traces,
            2,
            f"从 (0.0, 0) 出发追踪了 {traces} 次,应是 2 次(第 1 次输入是弱类型,之后都是强类型)。"
            + (_retrace_words(seen, skip=1) if traces > 2 else ""),
            what="追踪次数",
        )
