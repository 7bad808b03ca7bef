"""修复练习 a1.3-fix1:jit 里 if 追踪值 → TracerBoolConversionError;用 lax.cond.

Checks: both branches and the boundary max(v) == 1 on fresh data ("values"); four calls of one
shape compile once ("one_compile"); the program holds a cond ("cond")."""

import _repair_a1 as R
import numpy as np

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

SYMPTOMS = {
    "ConcretizationTypeError": "报错是 TracerBoolConversionError:jit 追踪时条件是追踪值,"
    "Python 的 if / bool() 要一个具体的 True/False。用 lax.cond 把分支写进程序。"
}


def _cases():
    g = rng(741)
    big = g.uniform(-1.0, 3.0, size=4).astype(np.float32)
    big[1] = 2.5
    small = g.uniform(-2.0, 0.9, size=4).astype(np.float32)
    edge = np.array([0.5, 1.0, -3.0, 0.25], np.float32)  # max(v) == 1 exactly: cube
    near = np.array([1.5, -0.5, 0.75, 1.25], np.float32)  # 1 < max(v) < 2: square
    return [
        ("max(v) > 1", big),
        ("max(v) < 1", small),
        ("max(v) 恰好等于 1", edge),
        ("1 < max(v) < 2", near),
    ]


@checks.add("values", "两个分支和边界 max(v) = 1:结果正确")
def _(L):
    import jax.numpy as jnp

    fn = R.jitted(L.square_or_cube)
    symptoms = SYMPTOMS
    if fn is not L.square_or_cube:  # the check put it under jit: say so, or the error is a riddle
        symptoms = {
            key: "你的 square_or_cube 没有加 @jax.jit,检查(和题目一样)用 jax.jit 包住它再调用:"
            + words
            for key, words in SYMPTOMS.items()
        }
    for label, v in _cases():
        got = as_array(
            R.call(fn, jnp.asarray(v), what="square_or_cube", symptoms=symptoms),
            f"square_or_cube({label})",
            shape=v.shape,
        )
        v64 = v.astype(np.float64)
        want, other = (v64**2, v64**3) if v.max() > 1 else (v64**3, v64**2)
        assert_close(
            got,
            want,
            rtol=1e-5,
            atol=1e-5,
            what=f"{label} 时的结果",
            msg=f"{label} 时应返回 {'v²' if v.max() > 1 else 'v³'}。",
            mistakes=[
                Mistake(
                    "other_branch",
                    other,
                    f"{label} 时走了另一个分支:条件是 max(v) > 1"
                    + ("(严格大于),max(v) 恰好等于 1 时返回 v³。" if v.max() == 1 else "。"),
                )
            ],
        )


@checks.add("one_compile", "同形状的 4 次调用(两个分支都走到):只编译 1 次", needs="values")
def _(L):
    import jax.numpy as jnp

    fn = R.jitted(L.square_or_cube)
    name = R.name_of(fn)
    inputs = [jnp.asarray(v) for _, v in _cases()]
    with CompileLog() as log:
        for v in inputs:
            fn(v)
    assert_compile_count(
        log,
        name,
        expected=1,
        msg=f"4 次调用编译了 {log.count(name)} 次,期望 1 次:条件在程序里,换数据不该重新编译。",
    )


@checks.add("cond", "程序里有 lax.cond", needs="values")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(R.jitted(L.square_or_cube), jnp.ones(4, jnp.float32))
    if "cond" not in prims:
        fail(
            "程序里没有 cond:两个分支每次都完整算了一遍(例如 jnp.where)。本题要用 lax.cond,"
            "运行时只执行被选中的一支。",
            primitives=sorted(prims),
        )
