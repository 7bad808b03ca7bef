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
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

SYMPTOMS = {
    "ConcretizationTypeError": "报错是 ConcretizationTypeError:在 jit 里段数要么没给(segment_sum 只好读 "
    "max(ids),而 ids 是追踪值),要么是个追踪值。段数决定输出形状,必须是静态的:"
    "num_segments=K,K 声明为静态参数。"
}


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
        out = R.call(L.group_sum, d, owner, k, what=f"group_sum(d, owner, {k})", symptoms=SYMPTOMS)
        got = as_array(out, f"group_sum(d, owner, {k}) 的返回值")
        if got.shape != (k,):
            fail(
                f"返回值的形状是 {got.shape},应为 ({k},):K = {k} 段,末尾几段为空时也要占位。"
                "没给 num_segments 时段数取 max(ids) + 1,末尾的空段就丢了。",
                expected=[k],
                actual=list(got.shape),
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
