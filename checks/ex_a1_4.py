"""练习 a1.4 分段 softmax:segment_softmax(scores, seg, num_segments) -> out(与 scores 同形状).

out_i = exp(s_i − m_k) / Σ_{j: seg_j = k} exp(s_j − m_k),k = seg_i,m_k 是第 k 段的最大值;
num_segments 是静态参数,以关键字传入。

原书自检的 4 条断言(rng = default_rng(7),两组段 id:
[0,1,1,2,2,2,3,4,4,4,4,4](K=5)与 [0,0,0,1,1](K=2);scores = normal·50 + 200,float32,
每组依次从同一个 rng 取数)在这里的位置:
  1. 输出形状等于 scores 的形状                                        → check "shape"
  2. 结果全部有限(不减段内最大值就会溢出)                            → check "finite"
  3. 与逐段计算的 NumPy softmax(float64)一致,atol 1e-6               → check "values"
  4. jax.ops.segment_sum(out, ids, num_segments=K) ≈ 1,atol 1e-6       → check "sums_to_one"
另加:
  - 题目要求的分段归约:程序里有 scatter-max(segment_max)和 scatter-add(segment_sum),
    并且方程数不随段数 K 增长(没有按段写 Python 循环)                    → check "segment_ops"
  - 题目要求的 jax.jit(num_segments 静态)                               → check "jitted"
  - 外层再套一层 jax.jit 也能运行;新数据里各段的分数量级相差上千
    (只减全局最大值会下溢成 0/0)、含一个空段                          → check "fresh"
"""

import re

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_equal,
    assert_that,
    f64,
    fail,
    primitive_counts,
    primitive_sites,
    rng,
    which_mistake,
)

checks = Checks()

OUT = "segment_softmax 的返回值"


def softmax_by_segment(scores, ids, k):
    """逐段切片、减最大值、归一化(float64)。"""
    s = f64(scores)
    ids = np.asarray(ids)
    out = np.zeros_like(s)
    for j in range(k):
        sel = ids == j
        if sel.any():
            z = np.exp(s[sel] - s[sel].max())
            out[sel] = z / z.sum()
    return out


def _float32_softmax(scores, ids, k, shift):
    """What a float32 answer that subtracts `shift` (per element) produces, overflow and 0/0
    included."""
    s = np.asarray(scores, np.float32)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        e = np.exp(s - np.asarray(shift, np.float32))
        e[np.abs(e) < np.finfo(np.float32).tiny] = 0.0  # XLA on CPU flushes subnormals to zero
        z = np.zeros(k, np.float32)
        np.add.at(z, ids, e)
        return f64(e / z[ids])


def _mistakes(scores, ids, k):
    s = f64(scores)
    e = np.exp(s - s.max())
    return [
        Mistake(
            "no_shift",
            _float32_softmax(scores, ids, k, 0.0),
            "结果正是“指数之前不减最大值”在 float32 里得到的:exp(s) 溢出成 inf,inf / inf = nan。"
            "要先减去**段内**最大值:jax.ops.segment_max 求每段的最大值,再用 m[seg] "
            "取回到每个元素。",
        ),
        Mistake(
            "global_max",
            _float32_softmax(scores, ids, k, np.full(len(s), np.float32(s.max()))),
            "结果正是“只减去全局最大值”在 float32 里得到的:比全局最大值低很多的段,exp 全部下溢成 0,"
            "分母为 0,得到 0/0 = nan。要减的是每段自己的最大值(segment_max 再按 id 取回)。",
        ),
        Mistake(
            "whole_array",
            e / e.sum(),
            "结果是对整个数组做的一次 softmax:归一化必须只在同一段内进行(用 segment_sum "
            "按段求和)。",
        ),
    ]


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
        with A1.returned_values("segment_softmax"):
            out = fn(jnp.asarray(s), jnp.asarray(ids), num_segments=k)
    except jax.errors.ConcretizationTypeError as e:
        if "argument num_segments" in str(e):
            fail(
                "num_segments 在 jit 里变成了被追踪的值(JAX 的报错说需要具体值的地方依赖于参数 "
                "num_segments):"
                "segment_max / segment_sum 要用具体的段数决定输出形状。"
                "在 jax.jit 的 static_argnames 里列出 num_segments,把它声明为静态参数。",
                error=str(e).splitlines()[0],
            )
        fail(
            "在 jit 里,需要具体值的地方拿到了被追踪的值(ConcretizationTypeError,见 error)。"
            "段数要用传进来的静态参数 num_segments,不要从数据(例如 seg 的最大值)里算。",
            error=" ".join(str(e).splitlines()[:2]),
        )
    except (TypeError, ValueError) as e:
        _not_gathered(e, len(s), k)
        raise
    return as_array(out, OUT)


# JAX words it "Incompatible shapes for broadcasting: shapes=[(12,), (5,)]" (jnp.subtract …) or
# "div got incompatible shapes for broadcasting: (12,), (5,)." (the lax primitive).
_BROADCAST = re.compile(r"incompatible shapes for broadcasting:?(.*)", re.IGNORECASE)


def _not_gathered(e: BaseException, n: int, k: int) -> None:
    """A learner's function that combined a per-element array (n,) with a per-segment one (k,)
    element by element: JAX names both shapes; say so (the fix is to gather by id)."""
    m = _BROADCAST.search(str(e))
    if not m or n == k:
        return
    shapes = set(re.findall(r"\((\d+),\)", m.group(1)))
    if shapes == {str(n), str(k)}:
        fail(
            f"函数里有一步把形状 ({n},) 的数组(每条边一个值)和形状 ({k},) 的数组(每段一个值)"
            "逐元素运算,JAX 报 Incompatible shapes for broadcasting。segment_max、segment_sum "
            f"的结果每段一个值,要先用段 id 取回到每个元素上(m[seg]、z[seg],形状 ({n},)),"
            "再和 scores 逐元素相减、相除。",
            error=str(e).splitlines()[0],
        )


@checks.add("shape", "两组段 id:输出形状与 scores 相同")
def _(L):
    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        if out.shape == s.shape:
            continue
        if out.shape == (k,):
            assert_equal(
                list(out.shape),
                list(s.shape),
                f"输出的形状是 ({k},),等于段数 K:返回的是每段一个值。每个元素都要得到自己的权重,"
                "段内最大值和归一化常数要用 m[seg]、z[seg] 按 id 取回到每个元素上。",
                what="输出的形状",
            )
        assert_equal(
            list(out.shape),
            list(s.shape),
            f"输出形状应为 {s.shape}(与 scores 相同),实际是 {out.shape}。",
            what="输出的形状",
        )


def _values(out, s, ids, k, what):
    want = softmax_by_segment(s, ids, k)
    out = as_array(out, what, shape=want.shape)
    assert_that(
        np.issubdtype(out.dtype, np.floating),
        f"{what}应该是浮点数组(每个元素是一个 0~1 之间的权重),实际 dtype 是 {out.dtype}。",
        actual=str(out.dtype),
    )
    assert_close(
        out,
        want,
        rtol=0,
        atol=1e-6,
        what=what,
        mistakes=_mistakes(s, ids, k),
        msg=f"{what}与逐段计算的 float64 softmax 不一致(atol 1e-6),差别见下面的对比。",
    )


@checks.add("finite", "分数很大(≈200±50)时结果仍然全部有限", needs="shape")
def _(L):
    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        if np.isfinite(out).all():
            continue
        found = which_mistake(out, _mistakes(s, ids, k)[:2], rtol=0, atol=1e-6)
        fail(
            "结果里有 nan/inf(见 actual),分数在 200 左右时也必须全部有限。"
            + (found.message if found else ""),
            ids=ids,
            scores=s,
            actual=out,
        )


@checks.add("values", "与逐段计算的 NumPy softmax 一致(atol 1e-6)", needs="shape")
def _(L):
    for ids, k, s in _chapter_cases():
        _values(_call(L, s, ids, k), s, ids, k, f"K={k} 的分段 softmax")


@checks.add("sums_to_one", "每一段的权重之和为 1(atol 1e-6)", needs="shape")
def _(L):
    import jax
    import jax.numpy as jnp

    for ids, k, s in _chapter_cases():
        out = _call(L, s, ids, k)
        sums = np.asarray(jax.ops.segment_sum(jnp.asarray(out), jnp.asarray(ids), num_segments=k))
        assert_close(
            sums,
            np.ones(k),
            rtol=0,
            atol=1e-6,
            what="每段之和",
            msg=f"K={k}:把结果按段加起来,每段都应该是 1(atol 1e-6),差别见下面的对比。",
        )


def _program(L, k, n=32):
    import jax.numpy as jnp

    ids = jnp.asarray(np.arange(n) % k, jnp.int32)
    with A1.returned_values("segment_softmax"):
        return primitive_counts(
            lambda s, i: L.segment_softmax(s, i, num_segments=k), jnp.linspace(-1.0, 1.0, n), ids
        )


@checks.add(
    "segment_ops", "用分段归约实现:有 segment_max / segment_sum,程序大小不随段数增长", needs="shape"
)
def _(L):
    small, large = _program(L, 4), _program(L, 16)
    n_small, n_large = sum(small.values()), sum(large.values())
    if A1.grows_with(4, 16, n_small, n_large):
        fail(
            f"程序的方程数随段数 K 成比例增长(K = 4 时 {n_small} 个,K = 16 时 {n_large} 个):"
            "每一段都被 Python 循环单独展开了一遍,计算量是 O(N·K)。题目要求用 "
            "jax.ops.segment_max / "
            "jax.ops.segment_sum 一次完成所有段的归约,再用 [seg] 取回到每个元素。",
            equations_K4=n_small,
            equations_K16=n_large,
            primitives=A1.top_primitives(large),
        )
    missing = [
        name
        for prim, name in (
            ("scatter-max", "jax.ops.segment_max(scatter-max)"),
            ("scatter-add", "jax.ops.segment_sum(scatter-add)"),
        )
        if not small[prim]
    ]
    assert_that(
        not missing,
        "程序里没有 " + "、".join(missing) + ":题目要求每段的最大值用 jax.ops.segment_max、"
        "每段的分母用 jax.ops.segment_sum 求出(也可以写成等价的 .at[seg].max / .at[seg].add),"
        "再用 [seg] 取回到每个元素。",
        primitives=A1.top_primitives(small),
    )


def _is_jitted(fn) -> bool:
    """A jax.jit function (also behind functools.partial), or a wrapper whose whole program is one
    jitted call (a lambda or def that only forwards to a jitted function)."""
    import functools

    import jax.numpy as jnp

    inner = fn
    while isinstance(inner, functools.partial):
        inner = inner.func
    if callable(getattr(inner, "lower", None)):
        return True
    ids = jnp.asarray([0, 0, 1], jnp.int32)
    top = [
        name
        for name, inside in primitive_sites(lambda s, i: fn(s, i, num_segments=2), jnp.ones(3), ids)
        if not inside
    ]
    return top == ["jit"]


@checks.add("jitted", "segment_softmax 本身用 jax.jit 编译(num_segments 是静态参数)", needs="shape")
def _(L):
    fn = L.segment_softmax
    assert_that(
        _is_jitted(fn),
        "segment_softmax 不是 jax.jit 编译过的函数:它的程序不是一次 jit 调用。"
        "题目要求用 jax.jit 编译并把 num_segments 设为静态参数,例如在定义上方加 "
        '@functools.partial(jax.jit, static_argnames="num_segments"),'
        '或者定义之后写 segment_softmax = jax.jit(segment_softmax, static_argnames=("num_segment'
        's",))。',
        actual=type(fn).__name__,
    )


@checks.add("fresh", "新数据:各段量级相差上千、含空段,外层再套 jax.jit 也正确", needs="shape")
def _(L):
    g = rng(1303)
    sizes = [3, 1, 0, 6, 4]  # 第 2 段为空
    centers = [900.0, -700.0, 0.0, 40.0, -1500.0]
    ids = np.concatenate([np.full(n, j, np.int32) for j, n in enumerate(sizes)])
    s = np.concatenate(
        [c + 3.0 * g.normal(size=n) for c, n in zip(centers, sizes, strict=False)]
    ).astype(np.float32)
    k = len(sizes)
    for jit_outer in (False, True):
        where = "外层 jax.jit 下" if jit_outer else "直接调用时"
        _values(_call(L, s, ids, k, jit_outer=jit_outer), s, ids, k, f"{where}的分段 softmax")
