"""修复练习 6.1-fix1:jit 里的全局计数器只在追踪时加一次 → 计数作为参数进出。

Checks: the count threads 1…5 under jit ("counts"); tracing changes no module-level value
("pure"); no callback smuggles the global back in ("no_callback"); five chained calls compile
once and the count stays int32 ("one_compile")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    ModuleState,
    as_array,
    as_scalar,
    as_tuple,
    assert_close,
    assert_compile_count,
    assert_equal,
    fail,
    rng,
)

checks = Checks()
STEPS = 5


def _xs():
    """Fresh inputs, already on the device (so that transfers do not count as compiles)."""
    import jax.numpy as jnp

    return [jnp.asarray(x) for x in rng(611).uniform(-3.0, 3.0, size=(STEPS, 3)).astype(np.float32)]


def _run(fn, xs):
    """Calls fn 5 times, threading the count from int32 0; returns (counts, doubled, dtypes)."""
    import jax.numpy as jnp

    count, counts, doubled, dtypes = jnp.int32(0), [], [], []
    for k, x in enumerate(xs):
        out = as_tuple(fn(count, x), 2, f"第 {k + 1} 次调用 tally 的返回值")
        count = out[0]
        counts.append(as_scalar(count, f"第 {k + 1} 次的计数"))
        dtypes.append(str(getattr(count, "dtype", type(count).__name__)))
        doubled.append(as_array(out[1], f"第 {k + 1} 次的 2 * x", shape=(3,)))
    return np.array(counts), np.stack(doubled), dtypes


@checks.add("counts", "jit 下连续调用 5 次:计数 1…5,第二个返回值是 2·x")
def _(L):
    xs = _xs()
    with CompileLog():  # caches cleared: a first run, as the learner's own
        counts, doubled, _ = _run(R.jitted(L.tally), xs)
    want = np.arange(1, STEPS + 1)
    if counts[-1] == counts[-2] == counts[-3]:
        assert_equal(
            counts.tolist(),
            want.tolist(),
            f"计数停在 {counts[-1]:g} 不再变化:这个数只在追踪时算了一次,被当作常数编进了程序"
            "(改全局变量是 Python 动作,jit 之后不再执行)。让计数作为参数 count 进来、count + 1 "
            "作为返回值出去。",
            what="5 次调用的计数",
        )
    assert_close(
        counts,
        want,
        rtol=0,
        atol=0,
        what="5 次调用的计数",
        msg="从 0 开始连续调用 5 次,计数应为 1、2、3、4、5(每次在传进来的 count 上加 1)。",
    )
    assert_close(
        doubled,
        2.0 * np.stack([np.asarray(x, np.float64) for x in xs]),
        rtol=1e-6,
        atol=1e-6,
        what="第二个返回值",
        msg="第二个返回值应为 2 * x。",
    )


@checks.add("pure", "追踪 tally 不改任何全局变量")
def _(L):
    import jax
    import jax.numpy as jnp

    args = (jnp.int32(0), jnp.ones(3, jnp.float32))
    before = ModuleState(L.ns)
    jax.clear_caches()  # a fresh trace (no compile): side effects happen now if at all
    jax.make_jaxpr(R.jitted(L.tally))(*args)
    change = before.changes()
    if change:
        fail(
            f"追踪 tally 时{change.words()}:jit 函数里的全局变量只在追踪时改一次,"
            "之后的调用看不到这个副作用。状态只走参数和返回值。",
            **change.detail(),
        )


@checks.add("no_callback", "程序里没有回到 Python 的回调")
def _(L):
    import jax.numpy as jnp

    found = R.callbacks_in(L.tally, jnp.int32(0), jnp.ones(3, jnp.float32))
    if found:
        fail(
            f"tally 的程序里有回调 {', '.join(found)}:它让计数在每次运行时回到 Python 去改全局变量,"
            "状态仍然藏在函数外面。计数作为参数进来、作为返回值出去就够了。",
            primitives=found,
        )


@checks.add("one_compile", "5 次接力调用只编译 1 次,计数一直是 int32")
def _(L):
    xs, fn = _xs(), R.jitted(L.tally)
    name = R.name_of(fn)
    with CompileLog() as log:
        _, _, dtypes = _run(fn, xs)
    n = log.count(name)
    if n != 1 and any(d != "int32" for d in dtypes):
        why = (
            f"计数的 dtype 依次是 {', '.join(dtypes)}:新计数不再是 int32(例如 count + 1.0 得到 "
            "float32),"
            "下一次调用的输入签名变了,jit 只好重新编译。保持 int32:count + 1。"
        )
    else:
        why = f"5 次调用(计数 dtype 依次为 {', '.join(dtypes)})编译了 {n} 次。"
    assert_compile_count(log, name, expected=1, msg=why + "期望:只编译 1 次。")
    if any(d != "int32" for d in dtypes):
        fail(
            f"计数的 dtype 依次是 {', '.join(dtypes)},应一直是 int32(传进来的就是 int32)。",
            dtypes=dtypes,
        )
