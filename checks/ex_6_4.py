"""练习 6.4(补充练习 2)Welford 在线方差:welford_step(state, x) 作 lax.scan 的主体,
online_var(xs) -> (均值, 方差, 方差轨迹),并能被 jax.vmap 到多条数据流上。

章节自检的每一条断言与对应的检查(数据:default_rng(2),xs = 1000 + 0.5·N(300),float32):
  1. "scan" in str(jax.make_jaxpr(online_var)(xs))                              -> uses_scan
  2. jit(online_var) 的方差轨迹形状为 (300,)                                     -> shapes
  3. 均值 ≈ float64 均值(rtol 1e-6)                                             -> mean
  4. 方差 ≈ float64 方差(rtol 2e-3;抓“平方和相减”)                           -> variance
  5. k ∈ {0,1,9,99,299}:tr[k] ≈ var(xs[:k+1])(rtol 2e-3, atol 1e-6)           -> trace
  6. streams = arange(1,4)[:,None]·N((3,200)) + 50:vmap 后形状 (3,),(3,),(3,200) -> vmap_shapes
  7. vmap 后各条流的方差 ≈ float64(rtol 2e-3)                                  -> vmap_values
另加:body(scan 的主体调用了 welford_step)、from_scan(三个输出都只经由 scan 得到,
不在 scan 之外另用 jnp.mean / jnp.var 计算)、fresh(另一组偏移和尺度、长度 257,逐项核对)。
错误诊断:每种常见错误(δ²、(x − μ_新)²、除以 n − 1、标准差、M2、输出均值)都在 float64 下
算出它会给出的结果,学习者的输出与之吻合才点名;“平方和相减”用去掉偏移的同一组数据验证。"""

from __future__ import annotations

import sys

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_scalar,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    primitive_counts,
    rng,
    skip,
    which_mistake,
)

checks = Checks()


def _chapter_data():
    g = np.random.default_rng(seed=2)  # 与章节自检同一个种子、同样的抽样顺序
    offset_data = g.standard_normal(300) * 0.5 + 1000.0  # 大偏移、小方差
    scales = np.array([[1.0], [2.0], [3.0]])
    three = g.standard_normal((3, 200)) * scales + 50.0
    return offset_data.astype(np.float32), three.astype(np.float32)


def _run(L, xs, what="online_var(xs)"):
    """(mean, var, trace) of jit(online_var) as NumPy values, structure checked first."""
    import jax
    import jax.numpy as jnp

    m, v, tr = as_tuple(
        jax.jit(L.online_var)(jnp.asarray(xs)), 3, f"{what} 的返回值 (均值, 方差, 方差轨迹)"
    )
    return (
        as_scalar(m, f"{what} 返回的均值"),
        as_scalar(v, f"{what} 返回的方差"),
        as_array(tr, f"{what} 返回的方差轨迹").astype(np.float64),
    )


def _welford_variants(x64):
    """Per-step (mean, M2 increments) of Welford and of its common slips, in float64."""
    n = np.arange(1, x64.size + 1)
    mu = np.cumsum(x64) / n
    mu_old = np.concatenate([[0.0], mu[:-1]])
    delta = x64 - mu_old
    m2 = {
        "right": np.cumsum(delta * (x64 - mu)),
        "delta_sq": np.cumsum(delta**2),
        "new_sq": np.cumsum((x64 - mu) ** 2),
    }
    return n, mu, m2


def _mistakes(x64, part: str):
    """What each known mistake gives for `part` ('var': final variance; 'trace': the trace)."""
    n, mu, m2 = _welford_variants(x64)
    var = m2["right"] / n
    with np.errstate(divide="ignore", invalid="ignore"):
        sample = m2["right"] / (n - 1)
    table = [
        (
            "delta_sq",
            m2["delta_sq"] / n,
            "M2 的增量写成了 δ²(两处都用旧均值):应为 δ·(x − μ),其中 δ 用旧均值,(x − μ) "
            "用刚更新过的均值。",
        ),
        (
            "new_sq",
            m2["new_sq"] / n,
            "M2 的增量写成了 (x − μ_新)²(两处都用新均值):应为 δ·(x − μ_新),其中 δ = x − μ_旧。",
        ),
        (
            "sample",
            sample,
            "方差除以了 n − 1(样本方差):本题的 σ² = M2 / n(总体方差,和 jnp.var 一致)。",
        ),
        ("std", np.sqrt(var), "返回的是标准差而不是方差:σ² = M2 / n,不要再开平方。"),
        ("m2", m2["right"], "返回的是 M2 本身:方差还要除以 n。"),
        ("mean", mu, "返回的是均值而不是方差:每一步输出的应是当前方差 M2 / n。"),
    ]
    pick = (lambda a: a[-1]) if part == "var" else (lambda a: a)
    return [Mistake(label, pick(value), message) for label, value, message in table]


def _unstable(L, xs, part: str, rtol: float, atol: float) -> bool:
    """True when the learner's result is right on the same data with the offset removed: the
    error comes from the offset (cancellation in E[x²] − E[x]²), not from the formula."""
    centred = (xs.astype(np.float64) - xs.astype(np.float64).mean()).astype(np.float32)
    _, v, tr = _run(L, centred, "online_var(去掉偏移的同一组数据)")
    c64 = centred.astype(np.float64)
    want = c64.var() if part == "var" else _prefix_vars(c64)
    return compare(v if part == "var" else tr, want, rtol=rtol, atol=atol) is None


UNSTABLE = (
    "在去掉偏移、其余完全相同的数据上结果是对的,加上偏移就错了:这是大数相减丢失有效数字的症状,"
    "正是「平方和相减」E[x²] − E[x]² 的问题(float32 只有约 7 位有效数字)。"
    "Welford 的 M2 要用 δ·(x − 新均值) 累加。"
)


def _prefix_vars(x64):
    """Variance of each prefix x[:k+1] (float64 Welford: exact to ~1e-13 here)."""
    n, _, m2 = _welford_variants(x64)
    return m2["right"] / n


def _code_of(fn):
    """The code object a call of `fn` runs (through functools.partial and jit wrappers)."""
    import functools

    for _ in range(5):
        if isinstance(fn, functools.partial):
            fn = fn.func
        elif getattr(fn, "__code__", None) is not None:
            return fn.__code__
        elif getattr(fn, "__wrapped__", None) is not None:
            fn = fn.__wrapped__
        else:
            return None
    return None


@checks.add("uses_scan", "online_var 用 lax.scan 实现")
def _(L):
    import jax.numpy as jnp

    data = _chapter_data()[0]
    counts = primitive_counts(L.online_var, jnp.asarray(data))
    assert_that(
        counts.get("scan", 0) >= 1,
        "online_var 的程序里没有 scan:它应该用 lax.scan(welford_step, 初始状态, xs) 逐个元素"
        "更新状态(Python for 循环会被展开成 300 份重复的计算)。",
        primitives=sorted(counts)[:30],
    )


@checks.add("body", "online_var 的 scan 主体调用了 welford_step", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    target = _code_of(L.welford_step)
    calls = [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is target:
            calls[0] += 1

    jax.clear_caches()  # 一个已经追踪过的 jit 主体会直接复用缓存,不再调用 Python 函数
    old = sys.getprofile()
    sys.setprofile(profile)
    try:
        jax.make_jaxpr(L.online_var)(jnp.linspace(-1.0, 1.0, 5))
    finally:
        sys.setprofile(old)
    assert_that(
        target is None or calls[0] >= 1,
        "追踪 online_var 时 welford_step 一次也没有被调用:题目要求把 welford_step 作为 lax.scan 的"
        "主体函数(lax.scan(welford_step, 初始状态, xs)),而不是在 online_var 里另写一份。",
        calls=calls[0],
    )


@checks.add("from_scan", "均值、方差和方差轨迹都来自 scan(不在 scan 之外另算)", needs="uses_scan")
def _(L):
    import jax.numpy as jnp

    xs = jnp.asarray(_chapter_data()[0])
    bypass = H.outputs_bypassing(L.online_var, (xs,), "scan")
    if len(bypass) != 3:
        skip(
            f"online_var 返回了 {len(bypass)} 个值而不是 3 个,没有可比较的输出", covered_by="shapes"
        )
    names = [n for n, b in zip(("最终均值", "最终方差", "方差轨迹"), bypass, strict=False) if b]
    assert_that(
        not names,
        f"online_var 的{'、'.join(names)}在 scan 之外还直接依赖 xs:它们应该只由 scan 得到"
        "(最终均值、方差取自 scan 的最终状态,轨迹是 scan 每一步的输出),"
        "而不是在 scan 之外另用 jnp.mean / jnp.var 之类再算一遍。",
        outputs_computed_outside_scan=names,
    )


@checks.add(
    "shapes", "jit(online_var) 返回标量均值、标量方差和形状 (300,) 的方差轨迹", needs="uses_scan"
)
def _(L):
    import jax
    import jax.numpy as jnp

    xs, _ = _chapter_data()
    out = as_tuple(
        jax.jit(L.online_var)(jnp.asarray(xs)), 3, "online_var(xs) 的返回值 (均值, 方差, 方差轨迹)"
    )
    m, v, tr = out
    long = [k + 1 for k, item in enumerate(out) if np.shape(item) == (300,)]
    if np.shape(tr) != (300,) and long:
        fail(
            f"第 {long[0]} 个返回值才是形状 (300,) 的方差轨迹:返回顺序应为 (均值, 方差, "
            "方差轨迹)。",
            shapes=[list(np.shape(item)) for item in out],
        )
    assert_that(
        np.shape(tr) == (300,),
        f"方差轨迹的形状是 {np.shape(tr)},应为 (300,):welford_step 每一步输出当前方差(一个标量),"
        "scan 会把它们堆成与 xs 同长的数组。",
        expected=[300],
        actual=list(np.shape(tr)),
    )
    assert_that(
        np.shape(m) == () and np.shape(v) == (),
        "均值和方差应该都是标量(最终状态里的均值和 M2 / n)。",
        mean_shape=list(np.shape(m)),
        var_shape=list(np.shape(v)),
    )


@checks.add("mean", "最终均值与 float64 一致(rtol 1e-6)", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    m = _run(L, xs)[0]
    want = xs.astype(np.float64).mean()
    assert_close(
        m,
        want,
        rtol=1e-6,
        atol=0,
        what="均值",
        msg=f"最终均值应为 {want:.6f},实际是 {m:.6f}(μ ← μ + δ / n,δ = x − 旧均值,n 是加 1 "
        "之后的计数)。",
    )


def _check_var(L, got, xs, what):
    x64 = xs.astype(np.float64)
    if compare(got, x64.var(), rtol=2e-3, atol=1e-8) is None:  # np.isclose's default atol
        return
    found = which_mistake(got, _mistakes(x64, "var"), rtol=2e-3, atol=0)
    unstable = found is None and _unstable(L, xs, "var", 2e-3, 0)
    assert_close(
        got,
        x64.var(),
        rtol=2e-3,
        atol=1e-8,
        what=what,
        mistakes=[found] if found else (),
        msg=UNSTABLE if unstable else f"{what}应为 {x64.var():.6f},实际是 {got:.6f}。",
    )


@checks.add(
    "variance", "最终方差与 float64 一致(rtol 2e-3,数据有 1000 的大偏移)", needs="uses_scan"
)
def _(L):
    xs, _ = _chapter_data()
    _check_var(L, _run(L, xs)[1], xs, "最终方差")


def _check_trace(L, tr, xs, idx, rtol, atol, what):
    x64 = xs.astype(np.float64)
    want = _prefix_vars(x64)
    assert_that(tr.shape == want.shape, f"{what}的形状应为 {want.shape},实际是 {tr.shape}。")
    differs = compare(tr[idx], want[idx], rtol=rtol, atol=atol, what=what)
    if differs is None:
        return
    found = which_mistake(
        tr[idx],
        [Mistake(m.label, m.value[idx], m.message) for m in _mistakes(x64, "trace")],
        rtol=rtol,
        atol=atol,
    )
    unstable = found is None and _unstable(L, xs, "trace", rtol, atol)
    bad = int(idx[differs.first_mismatches[0][0][0]])  # the first index of idx that differs
    assert_close(
        tr[idx],
        want[idx],
        rtol=rtol,
        atol=atol,
        what=what,
        mistakes=[found] if found else (),
        msg=UNSTABLE
        if unstable
        else f"{what}第 {bad} 项应是前 {bad + 1} 个数的总体方差 {want[bad]:.6g},实际是 "
        f"{tr[bad]:.6g}。",
    )


@checks.add("trace", "方差轨迹第 k 项是前 k+1 个数的方差(k = 0, 1, 9, 99, 299)", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    tr = _run(L, xs)[2]
    _check_trace(L, tr, xs, np.array([0, 1, 9, 99, 299]), 2e-3, 1e-6, "方差轨迹")


@checks.add(
    "vmap_shapes",
    "jax.vmap(online_var) 作用于 3 条数据流:形状 (3,)、(3,)、(3, 200)",
    needs="uses_scan",
)
def _(L):
    import jax
    import jax.numpy as jnp

    _, streams = _chapter_data()
    mb, vb, tb = as_tuple(
        jax.vmap(L.online_var)(jnp.asarray(streams)), 3, "vmap(online_var)(streams) 的返回值"
    )
    got = [list(np.shape(mb)), list(np.shape(vb)), list(np.shape(tb))]
    assert_that(
        got == [[3], [3], [3, 200]],
        f"vmap 之后三个输出的形状是 {got},应为 [[3], [3], [3, 200]]:online_var "
        "只处理一条一维数据流,"
        "批量维由 vmap 加在最前面。",
        expected=[[3], [3], [3, 200]],
        actual=got,
    )


@checks.add(
    "vmap_values",
    "vmap 后每条数据流的方差与 float64 一致(rtol 2e-3)",
    needs=("uses_scan", "vmap_shapes"),
)
def _(L):
    import jax
    import jax.numpy as jnp

    _, streams = _chapter_data()
    got = as_array(jax.vmap(L.online_var)(jnp.asarray(streams))[1], "vmap 后的方差", shape=(3,))
    s64 = streams.astype(np.float64)
    per_stream = [_mistakes(s, "var") for s in s64]
    stacked = [
        Mistake(ms[0].label, np.array([m.value for m in ms]), ms[0].message)
        for ms in zip(*per_stream, strict=False)
    ]
    assert_close(
        got.astype(np.float64),
        s64.var(axis=1),
        rtol=2e-3,
        atol=0,
        what="每条流的方差",
        msg="vmap 后每条数据流的方差和 float64 参考不一致(每条流都应独立地从 n = 0、μ = 0、M2 = "
        "0 开始)。",
        mistakes=stacked,
    )


@checks.add(
    "fresh", "新数据(偏移 −300、长度 257):均值、方差和整条方差轨迹都正确", needs="uses_scan"
)
def _(L):
    g = rng(65)
    xs = (-300.0 + 2.0 * g.standard_normal(257)).astype(np.float32)
    m, v, tr = _run(L, xs)
    x64 = np.asarray(xs, np.float64)
    assert_close(
        m,
        np.mean(x64),
        rtol=1e-6,
        atol=0,
        what="均值",
        msg=f"在一组新数据(偏移 −300、长度 257)上,均值应为 {np.mean(x64):.6f},实际是 {m:.6f}。",
    )
    _check_var(L, v, xs, "新数据上的最终方差")
    _check_trace(L, tr, xs, np.arange(257), 2e-3, 1e-5, "新数据上的方差轨迹")
