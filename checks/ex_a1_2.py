"""练习 a1.2 可以反向求导的“有上限的 while”:牛顿法开平方.

newton_sqrt_scan(a) -> (x, k) 与 newton_sqrt_while(a) -> (x, k):x ≈ √a,k 是实际迭代次数(整数)。
迭代 x ← ½(x + a/x),从 x = a 开始,|x² − a| < 1e-6·a 时收敛,最多 30 步。

原书自检的 7 条断言(a = [3.0, 0.5, 123.4, 7e3, 42.0],两个版本都套 jax.vmap)在这里的位置:
  1. scan 版 x ≈ √a(np.allclose,rtol 1e-6)                          → check "scan_values"
  2. while 版 x ≈ √a(rtol 1e-6)                                      → check "while_values"
  3. scan 版的 k 是整数 dtype                                          → check "int_dtype"
  4. np.array_equal(k_scan, k_while)(收敛后不再计数)                  → check "counts_match"
  5. 所有 k 满足 0 < k < 30                                             → check "count_range"
  6. jax.vmap(jax.grad(lambda a: newton_sqrt_scan(a)[0])) 的结果全部有限 → check "grad_finite"
  7. 且 ≈ 0.5/√a(rtol 1e-4)                                           → check "grad_value"
另加:新的 a(跨 10⁻³…10⁶)上重复 1、2、4、5、7,并且在 jit 下运行     → check "fresh"
"""

import sys

import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail, rng

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path


checks = Checks()

CHAPTER_A = [3.0, 0.5, 123.4, 7e3, 42.0]


def _run(fn, a, what):
    import jax

    x, k = A1.pair(jax.vmap(lambda v: A1.pair(fn(v), what))(a), what)
    return np.asarray(x), np.asarray(k)


def _a():
    import jax.numpy as jnp

    return jnp.array(CHAPTER_A)


def _values(x, a, version):
    want = np.sqrt(A1.f64(a))
    if x.shape != want.shape or not np.allclose(x, want, rtol=1e-6):
        hint = ""
        a64 = A1.f64(a)
        if x.shape == want.shape and np.any(np.isclose(x, a64, rtol=1e-6) & (np.abs(a64 - 1.0) > 1e-3)):
            hint = ("结果就是 a 本身:循环一步也没走。收敛条件要用绝对值 |x² − a| ≥ 1e-6·a 来判断“还没收敛”;"
                    "a < 1 时初值 x = a 满足 x² − a < 0,不取绝对值就会被误判为已收敛。")
        assert_close(x, want, rtol=1e-6, atol=1e-8, what=f"{version} 版的 x",
                     msg=f"{version} 版的结果与 √a 不一致(rtol 1e-6)。" + hint)


@checks.add("scan_values", "scan 版:vmap 后 x ≈ √a(rtol 1e-6)")
def _(L):
    x, _ = _run(L.newton_sqrt_scan, _a(), "newton_sqrt_scan")
    _values(x, CHAPTER_A, "scan")


@checks.add("while_values", "while 版:vmap 后 x ≈ √a(rtol 1e-6)")
def _(L):
    x, _ = _run(L.newton_sqrt_while, _a(), "newton_sqrt_while")
    _values(x, CHAPTER_A, "while")


@checks.add("int_dtype", "迭代次数 k 是整数 dtype")
def _(L):
    import jax.numpy as jnp

    _, k = _run(L.newton_sqrt_scan, _a(), "newton_sqrt_scan")
    assert_that(jnp.issubdtype(jnp.asarray(k).dtype, jnp.integer),
                f"scan 版的迭代次数应为整数,实际 dtype 是 {jnp.asarray(k).dtype}:"
                "计数的初值写成 jnp.int32(0),每步加上 active.astype(jnp.int32),不要从 0.0 开始累加。",
                actual=str(jnp.asarray(k).dtype))
    _, kw = _run(L.newton_sqrt_while, _a(), "newton_sqrt_while")
    assert_that(jnp.issubdtype(jnp.asarray(kw).dtype, jnp.integer),
                f"while 版的迭代次数应为整数,实际 dtype 是 {jnp.asarray(kw).dtype}。",
                actual=str(jnp.asarray(kw).dtype))


def _counts_equal(ks, kw, a):
    if ks.shape == kw.shape and np.array_equal(ks, kw):
        return
    extra = ""
    if ks.shape == kw.shape:
        diff = ks.astype(np.int64) - kw.astype(np.int64)
        if np.all(ks == 30):
            extra = ("scan 版每个元素都数到了 30:已收敛的元素仍在计数。计数只能加上“这一步是否还在迭代”的掩码,"
                     "例如 k + active.astype(jnp.int32)。")
        elif np.all(diff == -1):
            extra = ("scan 版每个元素都比 while 版少 1:收敛判断要在**更新之前**、对当前的 x 做(和 while 的 cond 一样),"
                     "而不是用更新之后的 x 决定这一步算不算数。")
        elif np.all(diff == 1):
            extra = "scan 版每个元素都比 while 版多 1:计数的初值或判断时机和 while 版不一致。"
    fail(f"scan 版迭代次数 {ks.tolist()} 与 while 版 {kw.tolist()} 不一致:已收敛的元素是否还在计数?" + extra,
         a=list(a), expected=kw, actual=ks)


@checks.add("counts_match", "scan 版与 while 版的迭代次数逐个相等")
def _(L):
    _, ks = _run(L.newton_sqrt_scan, _a(), "newton_sqrt_scan")
    _, kw = _run(L.newton_sqrt_while, _a(), "newton_sqrt_while")
    _counts_equal(ks, kw, CHAPTER_A)


def _range(k, version):
    ok = bool(((k > 0) & (k < 30)).all())
    if not ok:
        why = ""
        if np.any(k >= 30):
            why = "有元素数到了 30 以上:收敛之后计数不能再增加(或者 while 版缺了 k < 30 的上限)。"
        elif np.any(k <= 0):
            why = "有元素一步也没有迭代:检查收敛条件的方向和绝对值。"
        fail(f"{version} 版的迭代次数应在 1~29 之间(收敛后不再增加),实际 {k.tolist()}。" + why, actual=k)


@checks.add("count_range", "迭代次数都在 1~29 之间")
def _(L):
    _, ks = _run(L.newton_sqrt_scan, _a(), "newton_sqrt_scan")
    _range(ks, "scan")
    _, kw = _run(L.newton_sqrt_while, _a(), "newton_sqrt_while")
    _range(kw, "while")


def _grad(L, a, jit=False):
    import jax

    fn = jax.vmap(jax.grad(lambda v: L.newton_sqrt_scan(v)[0]))
    try:
        return np.asarray((jax.jit(fn) if jit else fn)(a))
    except ValueError as e:
        if "Reverse-mode differentiation" not in str(e):
            raise
        fail("jax.grad 穿不过 newton_sqrt_scan:它内部用到了 lax.while_loop(或上下界是动态值的 fori_loop),"
             "这类循环只支持前向模式求导。scan 版必须用 lax.scan 固定跑满 30 步,再用掩码冻结已收敛的元素。",
             error=str(e).splitlines()[0])


@checks.add("grad_finite", "jax.grad 能穿过 scan 版,梯度全部有限")
def _(L):
    g = _grad(L, _a())
    assert_that(np.isfinite(g).all(),
                "scan 版的梯度出现了 nan/inf:被掩码冻结的分支也会参与求导,确认 jnp.where 两边的表达式在 x > 0 时都有定义。",
                actual=g)


@checks.add("grad_value", "梯度 ≈ 1/(2√a)(rtol 1e-4)", needs="grad_finite")
def _(L):
    g = _grad(L, _a())
    assert_close(g, 0.5 / np.sqrt(A1.f64(CHAPTER_A)), rtol=1e-4, atol=1e-8, what="∂x/∂a",
                 msg="梯度应为 1/(2√a)。如果前面的数值检查已经失败,先修好 x;否则确认 x 是由 a 经过迭代算出来的"
                     "(初值 x = a),没有被 stop_gradient 之类切断依赖。")


@checks.add("fresh", "新的 a(10⁻³…10⁶)在 jit 下:数值、计数、梯度都正确")
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(1202)
    a_np = np.exp(g.uniform(np.log(1e-3), np.log(1e6), 12)).astype(np.float32)
    a = jnp.asarray(a_np)
    xs, ks = A1.pair(jax.jit(jax.vmap(L.newton_sqrt_scan))(a), "newton_sqrt_scan")
    xw, kw = A1.pair(jax.jit(jax.vmap(L.newton_sqrt_while))(a), "newton_sqrt_while")
    xs, ks, xw, kw = (np.asarray(v) for v in (xs, ks, xw, kw))
    _values(xs, a_np, "scan(新数据)")
    _values(xw, a_np, "while(新数据)")
    _counts_equal(ks, kw, a_np)
    _range(ks, "scan(新数据)")
    gr = _grad(L, a, jit=True)
    assert_close(gr, 0.5 / np.sqrt(A1.f64(a_np)), rtol=1e-4, atol=1e-8, what="∂x/∂a(新数据)",
                 msg="换一组 a 后梯度不再等于 1/(2√a)。")
