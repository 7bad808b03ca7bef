"""练习 6.5(补充练习 2)Welford 在线方差:welford_step(state, x) 作 lax.scan 的主体,
online_var(xs) -> (均值, 方差, 方差轨迹),并能被 jax.vmap 到多条数据流上。

章节自检的每一条断言与对应的检查(数据:default_rng(2),xs = 1000 + 0.5·N(300),float32):
  1. "scan" in str(jax.make_jaxpr(online_var)(xs))                              -> uses_scan
  2. jit(online_var) 的方差轨迹形状为 (300,)                                     -> shapes
  3. 均值 ≈ float64 均值(rtol 1e-6)                                             -> mean
  4. 方差 ≈ float64 方差(rtol 2e-3;抓“平方和相减”)                           -> variance
  5. k ∈ {0,1,9,99,299}:tr[k] ≈ var(xs[:k+1])(rtol 2e-3, atol 1e-6)           -> trace
  6. streams = arange(1,4)[:,None]·N((3,200)) + 50:vmap 后形状 (3,),(3,),(3,200) -> vmap_shapes
  7. vmap 后各条流的方差 ≈ float64(rtol 2e-3)                                  -> vmap_values
另加:fresh(另一组偏移和尺度、长度 257,方差轨迹每一项都核对)。
不用 scan 时其余检查跳过(与章节自检一样在第 1 条就停下;展开成 Python 循环的版本编译极慢)。"""

from __future__ import annotations


import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail, rng

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path



checks = Checks()


def _chapter_data():
    g = np.random.default_rng(seed=2)  # 与章节自检同一个种子、同样的抽样顺序
    offset_data = g.standard_normal(300) * 0.5 + 1000.0  # 大偏移、小方差
    scales = np.array([[1.0], [2.0], [3.0]])
    three = g.standard_normal((3, 200)) * scales + 50.0
    return offset_data.astype(np.float32), three.astype(np.float32)


def _triple(out, what):
    if not (isinstance(out, (tuple, list)) and len(out) == 3):
        fail(f"{what} 应返回三元组 (均值, 方差, 方差轨迹),实际返回 {type(out).__name__}。",
             actual=repr(out)[:200])
    return out


def _run(L, xs):
    import jax
    import jax.numpy as jnp

    return _triple(jax.jit(L.online_var)(jnp.asarray(xs)), "online_var(xs)")


def _prefix_vars(x64):
    n = np.arange(1, x64.size + 1)
    mean = np.cumsum(x64) / n
    # 逐项前缀方差(float64 下直接按定义算,数值上足够准确)
    return np.array([x64[:k + 1].var() for k in range(x64.size)]), mean


def _diagnose_var(got, x64):
    """Names the misconception behind a wrong final variance."""
    n = x64.size
    if np.isclose(got, x64.var(ddof=1), rtol=2e-4):
        return "方差除以了 n − 1(样本方差):本题的 σ² = M2 / n(总体方差,和 jnp.var 一致)。"
    if np.isclose(got, x64.std(), rtol=2e-3):
        return "返回的是标准差而不是方差:σ² = M2 / n,不要再开平方。"
    if np.isclose(got, x64.var() * n, rtol=2e-3):
        return "返回的是 M2 本身:方差还要除以 n。"
    return ("方差与 float64 参考值相差太大:是不是用了「平方和相减」(E[x²] − E[x]²)?"
            "数据有 1000 的大偏移,float32 下两个大数相减会丢光有效数字。"
            "Welford 的 M2 要用 δ·(x − 新均值) 累加。")


@checks.add("uses_scan", "online_var 用 lax.scan 实现")
def _(L):
    import jax.numpy as jnp

    data = _chapter_data()[0]
    text = H.jaxpr_text(L.online_var, jnp.asarray(data))
    assert_that("scan" in text,
                "online_var 的 jaxpr 里没有 scan:它应该用 lax.scan(welford_step, 初始状态, xs) 逐个元素"
                "更新状态,而不是 Python for 循环(循环会被展开成 300 份重复的计算)或直接调用 jnp.var。",
                primitives=H.primitive_names(text))


@checks.add("body", "online_var 的 scan 主体就是 welford_step", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    from tutor.checklib import TraceCounter

    original = L.welford_step
    counter = TraceCounter(original)
    L.ns["welford_step"] = counter.wrapped
    try:
        jax.make_jaxpr(L.online_var)(jnp.linspace(-1.0, 1.0, 5))
    finally:
        L.ns["welford_step"] = original
    assert_that(counter.count >= 1,
                "online_var 没有调用 welford_step:题目要求把 welford_step 作为 lax.scan 的主体函数"
                "(lax.scan(welford_step, 初始状态, xs)),而不是在 online_var 里另写一份。",
                calls=counter.count)


@checks.add("shapes", "jit(online_var) 返回标量均值、标量方差和形状 (300,) 的方差轨迹", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    m, v, tr = _run(L, xs)
    tr_shape = np.shape(tr)
    assert_that(tr_shape == (300,),
                f"方差轨迹的形状是 {tr_shape},应为 (300,):welford_step 每一步要输出当前方差"
                "(一个标量),scan 会把它们堆成与 xs 同长的数组。",
                expected=[300], actual=list(np.shape(tr)))
    assert_that(np.shape(m) == () and np.shape(v) == (),
                "均值和方差应该都是标量:返回最终状态里的均值和 M2 / n。",
                mean_shape=list(np.shape(m)), var_shape=list(np.shape(v)))


@checks.add("mean", "最终均值与 float64 一致(rtol 1e-6)", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    m = _run(L, xs)[0]
    want = xs.astype(np.float64).mean()
    assert_close(float(m), want, rtol=1e-6, atol=0, what="均值",
                 msg="均值不对:μ ← μ + δ / n,其中 δ = x − 旧均值,n 是加 1 之后的计数。")


@checks.add("variance", "最终方差与 float64 一致(rtol 2e-3,数据有 1000 的大偏移)", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    got = float(_run(L, xs)[1])
    x64 = np.asarray(xs, np.float64)
    if np.isclose(got, x64.var(), rtol=2e-3):
        return
    fail(_diagnose_var(got, x64), expected=x64.var(), actual=got, rtol=2e-3)


@checks.add("trace", "方差轨迹第 k 项是前 k+1 个数的方差(k = 0, 1, 9, 99, 299)", needs="uses_scan")
def _(L):
    xs, _ = _chapter_data()
    _, _, tr = _run(L, xs)
    tr = H.f64(tr).reshape(-1)
    assert_that(tr.size == 300, "方差轨迹长度应为 300。", actual=int(tr.size))
    x64 = xs.astype(np.float64)
    for k in (0, 1, 9, 99, 299):
        exp = x64[:k + 1].var()
        if not np.isclose(tr[k], exp, rtol=2e-3, atol=1e-6):
            if k == 0 and not np.isfinite(tr[k]):
                why = ("方差轨迹第 0 项不是有限数:只看到 1 个数时方差应为 0;"
                       "是不是除以了 n − 1(样本方差),或者在计数加 1 之前就做了除法?")
            else:
                why = (f"方差轨迹第 {k} 项应是前 {k + 1} 个数的总体方差(到这一步为止的 M2 / n)。"
                       "常见原因:每步输出了均值或别的量;M2 的增量写错;"
                       "或者用了平方和相减(大偏移下从第一项起就失真)。")
            fail(why, index=k, expected=exp, actual=float(tr[k]))


@checks.add("vmap_shapes", "jax.vmap(online_var) 作用于 3 条数据流:形状 (3,)、(3,)、(3, 200)", needs="uses_scan")
def _(L):
    import jax
    import jax.numpy as jnp

    _, streams = _chapter_data()
    batched = jax.vmap(L.online_var)
    mb, vb, tb = _triple(batched(jnp.asarray(streams)), "vmap(online_var)(streams)")
    got_shapes = [np.shape(mb), np.shape(vb), np.shape(tb)]
    assert_that(got_shapes == [(3,), (3,), (3, 200)],
                "vmap 之后三个输出的形状不对:online_var 只处理一条一维数据流,批量维由 vmap 加在最前面。"
                "函数里不要假定输入是二维的,也不要在内部对第 0 轴求和。",
                expected=[[3], [3], [3, 200]],
                actual=[list(np.shape(mb)), list(np.shape(vb)), list(np.shape(tb))])


@checks.add("vmap_values", "vmap 后每条数据流的方差与 float64 一致(rtol 2e-3)", needs=("uses_scan", "vmap_shapes"))
def _(L):
    import jax
    import jax.numpy as jnp

    _, streams = _chapter_data()
    vb = jax.vmap(L.online_var)(jnp.asarray(streams))[1]
    got = H.f64(vb)
    s64 = streams.astype(np.float64)
    why = "每条流应独立地从 n = 0、μ = 0、M2 = 0 开始,方差为 M2 / n。"
    for i in range(3):
        if not np.isclose(got[i], s64[i].var(), rtol=2e-3):
            why = _diagnose_var(float(got[i]), s64[i])
            break
    assert_close(got, s64.var(axis=1), rtol=2e-3, atol=0, what="每条流的方差",
                 msg="vmap 后每条数据流的方差不对:" + why)


@checks.add("fresh", "新数据(偏移 −300、长度 257):均值、方差和整条方差轨迹都正确", needs="uses_scan")
def _(L):
    g = rng(65)
    xs = (-300.0 + 2.0 * g.standard_normal(257)).astype(np.float32)
    m, v, tr = _run(L, xs)
    x64 = np.asarray(xs, np.float64)
    ref_tr, _ = _prefix_vars(x64)
    assert_close(float(m), np.mean(x64), rtol=1e-6, atol=0, what="均值",
                 msg="换一组数据后均值不对:不要把长度或偏移写死在代码里。")
    assert_close(float(v), np.var(x64), rtol=2e-3, atol=0, what="方差",
                 msg="换一组数据后方差不对:" + _diagnose_var(float(v), x64))
    assert_close(H.f64(tr).reshape(-1), ref_tr, rtol=2e-3, atol=1e-5, what="方差轨迹",
                 msg="换一组数据后方差轨迹不对:第 k 项应是前 k+1 个数的总体方差(M2 / n)。")
