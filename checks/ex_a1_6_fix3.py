"""修复练习 a1.6-fix3:jit 里 segment_sum 省略 num_segments → ConcretizationTypeError;传入静态的 K.

Checks: sums and the (K,) shape on fresh data with empty segments, trailing ones included
("values"); one K over three data sets compiles once ("one_compile"); the program holds the
scatter-add of segment_sum ("segment")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    assert_close,
    assert_compile_count,
    assert_equal,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()


def _why_concrete(exc: BaseException, fn) -> str:
    """What JAX's ConcretizationTypeError says the segment count depended on, in words: the ids
    (num_segments omitted, so segment_sum reads max(ids), or a count computed from them), or K
    (given, but traced because K is not static)."""
    import inspect
    import re

    found = re.search(r"depends on the value of the argument (\w+)", str(exc))
    try:
        names = list(inspect.signature(inspect.unwrap(fn)).parameters)
    except (TypeError, ValueError):
        names = []
    arg = found.group(1) if found else None
    if arg is not None and len(names) >= 3 and arg == names[2]:
        return (
            f"段数取决于参数 {arg} 的值:num_segments 给了,可 {arg} 在 jit 里是追踪值。"
            f"段数决定输出形状,必须是静态的:把 {arg} 声明为静态参数(static_argnames)。"
        )
    if arg is not None and len(names) >= 2 and arg in names[:2]:
        return (
            f"段数取决于参数 {arg} 的值,而 jit 里它是追踪值:没给 num_segments(segment_sum 只好读 "
            f"max(ids))或者用 {arg} 算段数,都会这样。段数决定输出形状,必须是静态的:"
            "num_segments=K,K 声明为静态参数。"
        )
    return "段数决定输出形状,必须是静态的:num_segments=K,K 声明为静态参数。"


def _data(seed, n, used):
    import jax.numpy as jnp

    g = rng(seed)
    d = g.uniform(-3.0, 3.0, size=n).astype(np.float32)
    owner = np.sort(g.choice(used, size=n)).astype(np.int32)
    return jnp.asarray(d), jnp.asarray(owner), d.astype(np.float64), owner


def _sums(d64, owner, k):
    out = np.zeros(k)
    np.add.at(out, owner, d64)
    return out


@checks.add("values", "新数据(含空段、末尾的空段):各段之和,形状 (K,)")
def _(L):
    for seed, k, used in ((801, 6, [0, 2, 3]), (802, 4, [1, 2])):
        d, owner, d64, o = _data(seed, 9, used)
        try:
            out = L.group_sum(d, owner, k)
        except Exception as e:  # only the exercise's symptom becomes a verdict
            if "ConcretizationTypeError" not in [c.__name__ for c in type(e).__mro__]:
                raise
            fail(
                f"group_sum(d, owner, {k}) 抛出 ConcretizationTypeError。"
                + _why_concrete(e, L.group_sum),
                error=R.first_line(e),
            )
        got = as_array(out, f"group_sum(d, owner, {k}) 的返回值")
        if got.shape != (k,):
            assert_equal(
                list(got.shape),
                [k],
                f"返回值的形状是 {got.shape},应为 ({k},):K = {k} 段,末尾几段为空时也要占位。"
                "没给 num_segments 时段数取 max(ids) + 1,末尾的空段就丢了。",
                what="返回值的形状",
            )
        assert_close(
            got,
            _sums(d64, o, k),
            rtol=1e-5,
            atol=1e-5,
            what=f"K = {k} 的各段之和",
            msg="第 k 项应是 owner == k 的元素之和,空段为 0(见期望值与实际值)。",
        )


@checks.add("one_compile", "同一个 K、3 组数据:只编译 1 次", needs="values")
def _(L):
    import jax

    fn = L.group_sum
    name = R.name_of(fn)
    sets = [_data(803 + i, 9, [0, 1, 4])[:2] for i in range(3)]
    with CompileLog() as log:
        for d, owner in sets:
            jax.block_until_ready(fn(d, owner, 5))
    assert_compile_count(
        log,
        name,
        expected=1,
        msg=f"同一个 K、3 组数据编译了 {log.count(name)} 次,期望 1 次"
        "(group_sum 要是 jit 函数,K 是静态参数,数据是动态参数)。",
    )


@checks.add("segment", "程序里有 segment_sum 的 scatter-add", needs="values")
def _(L):
    import functools

    d, owner, _, _ = _data(806, 9, [0, 1, 2])
    prims = primitive_counts(functools.partial(L.group_sum, K=3), d, owner)
    if "scatter-add" not in prims and "scatter_add" not in prims:
        fail(
            "程序里没有 scatter-add:各段之和是逐段扫描整个数组得到的(O(N·K))。"
            "用 jax.ops.segment_sum(d, owner, num_segments=K),一遍就按段累加完。",
            primitives=sorted(prims),
        )
