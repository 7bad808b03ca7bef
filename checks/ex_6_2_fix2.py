"""修复练习 6.2-fix2:vmap 里往外部列表 append(只执行一次)→ 每个样本的计数作为带批维度的输入输出.

Checks: two vmapped rounds from different per-sample counts ("per_sample"); calling changes no
outside list and leaves no tracer behind ("pure"); jit(vmap(tick)) chained three times compiles
once and keeps the counts int32 ("jit")."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    ModuleState,
    as_array,
    as_tuple,
    assert_close,
    assert_compile_count,
    assert_equal,
    fail,
    rng,
)

checks = Checks()
START = np.array([0, 3, 1, 5, 2, 0], np.int32)


def _inputs(seed):
    import jax.numpy as jnp

    return jnp.asarray(START), jnp.asarray(
        rng(seed).uniform(-2.0, 2.0, size=START.size).astype(np.float32)
    )


def _round(fn, counts, vs, k):
    out = as_tuple(fn(counts, vs), 2, f"第 {k} 轮 vmap(tick) 的返回值 (counts, outs)")
    return out[0], out[1]


@checks.add("per_sample", "vmap 两轮:每个样本的计数各加 2,输出是 v + 1")
def _(L):
    import jax

    counts, vs = _inputs(621)
    batched = jax.vmap(L.tick)
    counts, outs = _round(batched, counts, vs, 1)
    counts, _ = _round(batched, counts, vs, 2)
    got = as_array(counts, "两轮之后每个样本的计数", shape=START.shape)
    want = START + 2
    if len(set(got.tolist())) == 1 and START.min() != START.max():
        assert_equal(
            got.tolist(),
            want.tolist(),
            f"两轮之后每个样本的计数都是 {got[0]:g}:vmap 只追踪一次,函数体(和里面的 append "
            "或全局计数)对整批"
            "只执行了一次,列表只追加了一次。让 count 作为带批维度的输入进来、count + 1 "
            "作为输出出去。",
            what="两轮之后的计数",
        )
    assert_close(
        got,
        want,
        rtol=0,
        atol=0,
        what="两轮之后的计数",
        msg="每个样本从自己的计数出发,两轮之后应各加 2。",
    )
    assert_close(
        as_array(outs, "outs", shape=START.shape),
        np.asarray(vs, np.float64) + 1,
        rtol=1e-6,
        atol=1e-6,
        what="outs",
        msg="每个样本的输出应为 v + 1。",
    )


@checks.add("pure", "调用不改外部的列表,也不留下 tracer")
def _(L):
    import jax

    before = ModuleState(L.ns)
    counts, vs = _inputs(622)
    jax.block_until_ready(jax.vmap(L.tick)(counts, vs))
    jax.effects_barrier()  # let any callback finish before looking
    change = before.changes()
    if change:
        fail(
            f"调用 vmap(tick) {change.words()}:每个样本的状态要走参数和返回值,"
            "函数里不碰外部的列表。",
            **change.detail(),
        )


@checks.add("jit", "jit(vmap(tick)) 接力 3 次:只编译 1 次,计数一直是 int32", needs="per_sample")
def _(L):
    import jax

    fn = jax.jit(jax.vmap(L.tick))
    counts, vs = _inputs(623)
    dtypes = []
    with CompileLog() as log:
        for k in range(3):
            counts, _ = _round(fn, counts, vs, k + 1)
            dtypes.append(str(getattr(counts, "dtype", type(counts).__name__)))
    if any(d != "int32" for d in dtypes):
        fail(
            f"计数的 dtype 依次是 {', '.join(dtypes)},应一直是 int32:新计数写成 count + 1(不是 "
            "+ 1.0)。",
            dtypes=dtypes,
        )
    assert_compile_count(
        log, None, expected=1, msg=f"3 次接力调用编译了 {log.total} 次,期望 1 次。"
    )
