"""修复练习 a1.6-fix1:用 padded != 0 猜掩码(真实的 0 被当成填充)→ 由长度生成掩码.

Checks: means on fresh rows holding real zeros, an empty row and a full row ("values"); the
gradient with respect to padded is 1/length on valid places, exactly 0 on padding and finite
everywhere ("grad"); a new set of lengths does not recompile ("one_compile")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    assert_equal,
    fail,
    rng,
)

checks = Checks()
T = 6


def _batch(seed, lengths):
    g = rng(seed)
    rows = np.zeros((len(lengths), T), np.float32)
    for i, n in enumerate(lengths):
        vals = g.uniform(1.0, 5.0, size=n).astype(np.float32)
        vals[::3] = 0.0  # real zeros inside the data
        rows[i, :n] = vals
    return rows, np.array(lengths, np.int32)


def _masked(rows, lengths, valid):
    count = valid.sum(axis=1)
    return np.where(valid, rows, 0.0).sum(axis=1) / np.maximum(count, 1)


@checks.add("values", "含真实 0、空序列、满长序列:平均值正确")
def _(L):
    import jax.numpy as jnp

    rows, lengths = _batch(771, [4, 0, 6, 2, 5])
    got = as_array(
        L.masked_mean(jnp.asarray(rows), jnp.asarray(lengths)), "masked_mean 的返回值", shape=(5,)
    )
    r64 = rows.astype(np.float64)
    by_length = np.arange(T) < lengths[:, None]
    want = _masked(r64, lengths, by_length)
    if np.isnan(got).any():
        assert_equal(
            got.tolist(),
            want.tolist(),
            f"第 {np.flatnonzero(np.isnan(got)).tolist()} 行的平均是 NaN:空序列的个数是 0,0/0 "
            "= NaN。"
            "分母写成 jnp.maximum(个数, 1)。",
            what="每行的平均值",
        )
    assert_close(
        got,
        want,
        rtol=1e-5,
        atol=1e-5,
        what="每行的平均值",
        msg="每行的平均值应只算前 lengths[i] 个数(见期望值与实际值)。",
        mistakes=[
            Mistake(
                "nonzero",
                _masked(r64, lengths, r64 != 0),
                "结果正好是用 padded != 0 当掩码算出来的:数据里真实的 0 被当成了填充。"
                "掩码要由长度生成:jnp.arange(T) < lengths[:, None]。",
            ),
            Mistake("plain", r64.mean(axis=1), "结果是整行的平均:填充位置也算进了分母。"),
            Mistake(
                "one_more",
                _masked(r64, lengths, np.arange(T) <= lengths[:, None]),
                "每行多算了一个位置:掩码用了 <=,应为 jnp.arange(T) < lengths[:, None]。",
            ),
        ],
    )


@checks.add("grad", "对 padded 的梯度:有效位置 1/长度,填充位置恰好为 0,处处有限", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    rows, lengths = _batch(772, [3, 0, 6, 1, 4])
    g = as_array(
        jax.grad(lambda p: jnp.sum(L.masked_mean(p, jnp.asarray(lengths))))(jnp.asarray(rows)),
        "对 padded 的梯度",
        shape=rows.shape,
    )
    valid = np.arange(T) < lengths[:, None]
    want = np.where(valid, 1.0 / np.maximum(lengths, 1)[:, None], 0.0)
    if not np.isfinite(g).all():
        bad = np.argwhere(~np.isfinite(g)).tolist()[:6]
        fail(
            f"梯度在 {bad} 等位置是 NaN 或 inf:前向里某处 0/0 只是被事后换掉了(例如 nan_to_num),"
            "反向传播照样经过它。分母用 jnp.maximum(个数, 1),从源头避免 0/0。",
            positions=bad,
        )
    assert_close(
        g,
        want,
        rtol=1e-6,
        atol=1e-7,
        what="对 padded 的梯度",
        msg="有效位置的梯度应为 1/长度,填充位置必须恰好为 0(见期望值与实际值)。",
    )


@checks.add("one_compile", "jit 下换一组长度:不重新编译", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    fn = R.jitted(L.masked_mean)
    name = R.name_of(fn)
    batches = [
        tuple(jnp.asarray(a) for a in _batch(s, ls))
        for s, ls in ((773, [1, 2, 3, 0, 6]), (774, [6, 0, 4, 2, 2]))
    ]
    with CompileLog() as log:
        for rows, lengths in batches:
            jax.block_until_ready(fn(rows, lengths))
    assert_compile_count(
        log,
        name,
        expected=1,
        msg=f"两组不同的长度编译了 {log.count(name)} 次,期望 1 次:长度是普通的数组参数,"
        "形状不变就不该重新编译。",
    )


@checks.add("no_nan", "计算的每一个中间值都没有 NaN(空序列也一样)", needs="values")
def _(L):
    import jax.numpy as jnp

    rows, lengths = _batch(775, [2, 0, 5, 1, 3])
    values = R.intermediate_values(L.masked_mean, jnp.asarray(rows), jnp.asarray(lengths))
    with_nan = [v for v in values if np.issubdtype(v.dtype, np.floating) and np.isnan(v).any()]
    if with_nan:
        fail(
            "计算中途产生了 NaN:空序列的 0/0 先得到 NaN,之后才被换掉(例如 nan_to_num)。"
            "结果看着对,可 NaN 检查、梯度里都可能再冒出来。分母用 jnp.maximum(个数, 1),"
            "从源头避免 0/0。",
            first_with_nan=with_nan[0],
        )
