"""练习 a1.3 分段 softmax:segment_softmax(scores, seg, num_segments) -> out(与 scores 同形状).

out_i = exp(s_i − m_k) / Σ_{j: seg_j = k} exp(s_j − m_k),k = seg_i,m_k 是第 k 段的最大值;
num_segments 是静态参数,以关键字传入。

原书自检的 4 条断言(rng = default_rng(7),两组段 id:
[0,1,1,2,2,2,3,4,4,4,4,4](K=5)与 [0,0,0,1,1](K=2);scores = normal·50 + 200,float32,
每组依次从同一个 rng 取数)在这里的位置:
  1. 输出形状等于 scores 的形状                                        → check "shape"
  2. 结果全部有限(不减段内最大值就会溢出)                            → check "finite"
  3. 与逐段计算的 NumPy softmax(float64)一致,atol 1e-6               → check "values"
  4. jax.ops.segment_sum(out, ids, num_segments=K) ≈ 1,atol 1e-6       → check "sums_to_one"
另加:外层再套一层 jax.jit(num_segments 静态)也能运行;新数据里各段的分数量级
相差上千(只减全局最大值会下溢成 0/0)、含一个空段                      → check "fresh"
"""

import sys

import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail, rng

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path


checks = Checks()


def softmax_by_segment(scores, ids, k):
    """逐段切片、减最大值、归一化(float64)。"""
    s = A1.f64(scores)
    ids = np.asarray(ids)
    out = np.zeros_like(s)
    for j in range(k):
        sel = ids == j
        if sel.any():
            z = np.exp(s[sel] - s[sel].max())
            out[sel] = z / z.sum()
    return out


def _chapter_cases():
    g = np.random.default_rng(7)
    cases = []
    for ids, k in [([0, 1, 1, 2, 2, 2, 3, 4, 4, 4, 4, 4], 5), ([0, 0, 0, 1, 1], 2)]:
        s = (g.normal(size=len(ids)) * 50 + 200).astype(np.float32)
        cases.append((np.array(ids, np.int32), k, s))
    return cases


def _call(L, s, ids, k, jit_outer=False):
    import jax
    import jax.numpy as jnp

    fn = L.segment_softmax
    if jit_outer:
        fn = jax.jit(fn, static_argnames=("num_segments",))
    try:
        return np.asarray(fn(jnp.asarray(s), jnp.asarray(ids), num_segments=k))
    except jax.errors.ConcretizationTypeError as e:
        fail("num_segments 在 jit 里变成了被追踪的值:segment_max / segment_sum 需要一个具体的段数来决定输出形状。"
             "在 jax.jit 的 static_argnames 里列出 num_segments,把它声明为静态参数"
             "(也不要省略 num_segments,让它从 max(seg)+1 推断)。", error=str(e).splitlines()[0])


@checks.add("shape", "两组段 id:输出形状与 scores 相同")
def _(L):
    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        assert_that(out.shape == s.shape,
                    f"输出形状应为 {s.shape},实际是 {out.shape}:每个元素都要得到自己的权重;"
                    "段内最大值和归一化常数要用 m[seg]、z[seg] 按 id 取回到每个元素上。",
                    expected=list(s.shape), actual=list(out.shape))


@checks.add("finite", "分数很大(≈200±50)时结果仍然全部有限")
def _(L):
    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        assert_that(np.isfinite(out).all(),
                    "结果出现了 nan/inf。不减最大值时 exp(200) 在 float32 里溢出成 inf(inf/inf = nan);"
                    "只减**全局**最大值时,比它低一百多的段 exp 全部下溢成 0(0/0 = nan)。"
                    "要减的是**段内**最大值:jax.ops.segment_max 求每段的最大值,再用 m[seg] 取回到每个元素。",
                    ids=ids, scores=s, actual=out)


def _values(out, s, ids, k, what):
    want = softmax_by_segment(s, ids, k)
    if out.shape == want.shape and np.allclose(out, want, atol=1e-6):
        return
    why = "与逐段计算的 softmax 不一致。"
    if out.shape == want.shape:
        e = np.exp(A1.f64(s) - A1.f64(s).max())
        if np.allclose(out, e / e.sum(), atol=1e-6):
            why = "结果是对整个数组做的 softmax:归一化必须只在同一段内进行(用 segment_sum 按段求和)。"
        elif not np.isfinite(out).all():
            why = "结果里有 nan/inf:指数之前要减去**段内**最大值(不是不减,也不是减全局最大值)。"
    assert_close(out, want, rtol=0, atol=1e-6, what=what, msg=why)


@checks.add("values", "与逐段计算的 NumPy softmax 一致(atol 1e-6)")
def _(L):
    for ids, k, s in _chapter_cases():
        _values(_call(L, s, ids, k), s, ids, k, f"K={k} 的分段 softmax")


@checks.add("sums_to_one", "每一段的权重之和为 1(atol 1e-6)")
def _(L):
    import jax
    import jax.numpy as jnp

    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        sums = np.asarray(jax.ops.segment_sum(jnp.asarray(out), jnp.asarray(ids), num_segments=k))
        assert_close(sums, np.ones(k), rtol=0, atol=1e-6, what="每段之和",
                     msg="每一段的权重之和应为 1:分母要用 jax.ops.segment_sum 按段求和,再用 z[seg] 取回。")


@checks.add("fresh", "新数据:各段量级相差上千、含空段,外层再套 jax.jit 也正确")
def _(L):
    g = rng(1303)
    sizes = [3, 1, 0, 6, 4]                      # 第 2 段为空
    centers = [900.0, -700.0, 0.0, 40.0, -1500.0]
    ids = np.concatenate([np.full(n, j, np.int32) for j, n in enumerate(sizes)])
    s = np.concatenate([c + 3.0 * g.normal(size=n) for c, n in zip(centers, sizes)]).astype(np.float32)
    k = len(sizes)
    for jit_outer in (False, True):
        out = _call(L, s, ids, k, jit_outer=jit_outer)
        where = "外层 jax.jit 下" if jit_outer else "直接调用时"
        if not np.isfinite(out).all():
            fail(f"{where}结果出现 nan/inf:这组数据里各段的分数相差上千。只减去**全局**最大值时,"
                 "远低于它的段 exp 全部下溢成 0,分母为 0,得到 0/0。要减的是每段自己的最大值。",
                 ids=ids, scores=s, actual=out)
        _values(out, s, ids, k, f"{where}的分段 softmax")
