"""修复练习 a1.6-fix2:scan 的掩码放进了 carry(每步都读 m[0])→ 掩码放进 xs,用 where 保持状态.

Checks: a vmapped batch of fresh padded sequences against a float64 loop over the real lengths
("values"); padding filled with inf / NaN must not leak into the state ("garbage"); the program
is a scan ("scan")."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()
T = 5


def _batch(seed, fill):
    g = rng(seed)
    lengths = np.array([3, 5, 1, 4, 2])
    xs = g.uniform(-2.0, 4.0, size=(len(lengths), T)).astype(np.float32)
    valid = np.arange(T) < lengths[:, None]
    return np.where(valid, xs, np.float32(fill)).astype(np.float32), valid, lengths


def _decay(xs, lengths, a=0.8, b=0.2):
    out = []
    for row, n in zip(xs.astype(np.float64), lengths, strict=False):
        h = 0.0
        for x in row[:n]:
            h = a * h + b * x
        out.append(h)
    return np.array(out)


def _carry_mask(xs, valid):
    """What reading m[0] of the whole mask at every step gives."""
    return np.array(
        [_decay(row[None], [T if v[0] else 0])[0] for row, v in zip(xs, valid, strict=False)]
    )


def _batched(L, xs, valid):
    import jax
    import jax.numpy as jnp

    return as_array(
        jax.vmap(L.masked_decay)(jnp.asarray(xs), jnp.asarray(valid)),
        "一批序列的最终 h",
        shape=(xs.shape[0],),
    )


@checks.add("values", "vmap 一批新序列:与只跑真实长度的 float64 循环一致")
def _(L):
    xs, valid, lengths = _batch(781, 0.0)
    got = _batched(L, xs, valid)
    assert_close(
        got,
        _decay(xs, lengths),
        rtol=1e-5,
        atol=1e-5,
        what="每条序列的最终 h",
        msg="有效步 h ← 0.8·h + 0.2·x、填充步保持不变,最终 h 应与只跑真实长度的循环一致。",
        mistakes=[
            Mistake(
                "carry",
                _carry_mask(xs, valid),
                "结果正好是“每一步都读整条掩码的第 0 项”:掩码放进了 carry,又被原样交回。"
                "掩码随时间步变化,要和输入一起放进 xs 逐步读取。",
            ),
            Mistake(
                "reset",
                np.where(lengths < T, 0.0, _decay(xs, lengths)),
                "有填充的序列最终 h 都是 0:填充步把状态清零了,应保持不变(jnp.where(m, 新值, h))。",
            ),
            Mistake(
                "swapped",
                _decay(xs, lengths, 0.2, 0.8),
                "结果是 h ← 0.2·h + 0.8·x:两个系数写反了,应为 0.8·h + 0.2·x。",
            ),
        ],
    )


@checks.add(
    "garbage", "填充位置是 inf / NaN:不漏进状态(编译时和逐个算子执行时都是)", needs="values"
)
def _(L):
    import jax

    for fill in (np.inf, np.nan):
        xs, valid, lengths = _batch(782, fill)
        # Op by op first: compiled, XLA turns `convert(mask) * x` into a select, which hides a
        # padding value that the program itself multiplies (0 × inf = NaN).
        with jax.disable_jit():
            eager = _batched(L, xs, valid)
        if not np.isfinite(eager).all():
            fail(
                f"填充位置是 {fill} 时,逐个算子执行(不编译)得到的第 "
                f"{np.flatnonzero(~np.isfinite(eager)).tolist()} 条状态是 "
                f"{eager[~np.isfinite(eager)][0]}:"
                "填充值参与了算术(0 × inf、inf − inf 都是 NaN)。"
                "编译后编译器可能把“掩码转浮点再相乘”改写成选择,"
                "NaN 才没露出来,但程序本身让填充值进了计算。用 jnp.where(m, 新值, h),"
                "填充步直接保留旧状态。",
                actual=eager.tolist(),
            )
        got = _batched(L, xs, valid)
        if not np.isfinite(got).all():
            fail(
                f"填充位置是 {fill} 时,第 {np.flatnonzero(~np.isfinite(got)).tolist()} "
                "条的状态变成了 "
                f"{got[~np.isfinite(got)][0]}:填充值漏进了状态(例如浮点掩码相乘时 0 × inf = NaN)。"
                "用 jnp.where(m, 新值, h),填充步直接保留旧状态。",
                actual=got.tolist(),
            )
        assert_close(
            got,
            _decay(xs, lengths),
            rtol=1e-5,
            atol=1e-5,
            what=f"填充为 {fill} 时的最终 h",
            msg=f"填充位置是 {fill} 时,最终 h 应与填充为 0 时完全一样:填充值(inf / NaN)"
            "不能影响状态。",
        )


@checks.add("scan", "程序里是 lax.scan", needs="values")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.masked_decay, jnp.ones(T, jnp.float32), jnp.ones(T, bool))
    if "scan" not in prims:
        fail(
            "程序里没有 scan:循环被按长度展开了。本题要用 lax.scan,掩码和输入一起作为 xs。",
            primitives=sorted(prims),
        )
