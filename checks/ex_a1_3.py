"""练习 a1.3 可以反向求导的“有上限的 while”:牛顿法开平方.

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
另加:
  - scan 版的程序里有 scan、while 版的有 while                             → check "uses_loops"
  - 收敛之后 x 被冻结:选出“停下时的 x”与“再多迭代几步的 x”能分辨开的 a,
    scan 版的 x 必须等于 while 循环停下时的 x(只给计数加掩码通不过)      → check "frozen"
  - 新的 a(跨 10⁻³…10⁶)上重复 1、2、4、5、7,并且在 jit 下运行         → check "fresh"

诊断用的“错误答案会得到什么”都在这里用 NumPy float32 模拟同样的迭代算出来(与 XLA 的 float32
逐元素运算一致),学习者的输出与哪一个吻合,消息才点出那个错误。
"""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _newton_ref as N
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    f64,
    fail,
    primitive_counts,
    rng,
    which_mistake,
)

checks = Checks()

CHAPTER_A = [3.0, 0.5, 123.4, 7e3, 42.0]
CAP = N.CAP


# ---------------------------------------------------------------- running the learner's versions


def _outputs(out, n, what):
    """Validated (x, k) of a vmapped version: two arrays of shape (n,)."""
    x, k = as_tuple(out, 2, f"{what} 的返回值 (x, k)")
    return as_array(x, f"{what} 返回的 x", shape=(n,)), as_array(k, f"{what} 返回的 k", shape=(n,))


@checks.add("returns", "两个版本对一个标量 a 都返回 (x, k):x 是浮点标量,k 是标量")
def _(L):
    import jax.numpy as jnp

    for fn, what in (
        (L.newton_sqrt_scan, "newton_sqrt_scan"),
        (L.newton_sqrt_while, "newton_sqrt_while"),
    ):
        out = A1.abstract(fn, jnp.float32(2.0), what=what)
        x, k = as_tuple(out, 2, f"{what}(a) 的返回值 (x, k)")
        (x_shape, x_dtype), (k_shape, k_dtype) = (
            A1.shape_dtype(x, f"{what} 返回的 x"),
            A1.shape_dtype(k, f"{what} 返回的 k"),
        )
        if np.issubdtype(x_dtype, np.integer) and np.issubdtype(k_dtype, np.floating):
            fail(
                f"{what} 返回的两项顺序反了:第一项是整数({x_dtype}),第二项是浮点数({k_dtype})。"
                "接口是 (x, k):先返回近似值 x,再返回迭代次数 k。",
                actual=[str(x_dtype), str(k_dtype)],
            )
        for shape, name in ((x_shape, "x"), (k_shape, "k")):
            assert_that(
                shape == (),
                f"标量 a 时 {what} 返回的 {name} 应该是标量,实际形状是 {shape}。",
                actual=list(shape),
            )
        assert_that(
            np.issubdtype(x_dtype, np.floating),
            f"{what} 返回的 x 应该是浮点数,实际 dtype 是 {x_dtype}。",
            actual=str(x_dtype),
        )


def _run(fn, a, what, jit=False):
    import jax
    import jax.numpy as jnp

    batched = jax.vmap(fn)
    with A1.returned_values(what):
        out = (jax.jit(batched) if jit else batched)(jnp.asarray(a, jnp.float32))
    return _outputs(out, len(a), what)


def _values(x, a, version):
    want = np.sqrt(f64(a))
    assert_close(
        x,
        want,
        rtol=1e-6,
        atol=1e-8,
        what=f"{version} 版的 x",
        mistakes=N.x_mistakes(a),
        msg=f"{version} 版的 x 与 √a 不一致(rtol 1e-6),差别见下面的对比。",
    )


@checks.add("scan_values", "scan 版:vmap 后 x ≈ √a(rtol 1e-6)", needs="returns")
def _(L):
    x, _ = _run(L.newton_sqrt_scan, CHAPTER_A, "newton_sqrt_scan")
    _values(x, CHAPTER_A, "scan")


@checks.add("while_values", "while 版:vmap 后 x ≈ √a(rtol 1e-6)", needs="returns")
def _(L):
    x, _ = _run(L.newton_sqrt_while, CHAPTER_A, "newton_sqrt_while")
    _values(x, CHAPTER_A, "while")


@checks.add("int_dtype", "迭代次数 k 是整数 dtype", needs="returns")
def _(L):
    for fn, version in ((L.newton_sqrt_scan, "scan"), (L.newton_sqrt_while, "while")):
        _, k = _run(fn, CHAPTER_A, f"newton_sqrt_{version}")
        assert_that(
            np.issubdtype(k.dtype, np.integer),
            f"{version} 版的迭代次数应为整数,实际 dtype 是 {k.dtype}:"
            "计数的初值写成 jnp.int32(0),每步加上整数(例如 active.astype(jnp.int32)),"
            "不要从 0.0 开始累加。",
            actual=str(k.dtype),
        )


def _same(k, want) -> bool:
    """Equal counts, element by element (same shape)."""
    return compare(k, want, rtol=0, atol=0) is None


def _counts_equal(ks, kw, a):
    if _same(ks, kw):
        return
    want = N.emulate(a)[1]
    why = ""
    if _same(kw, want):
        found = which_mistake(ks, N.count_mistakes(a), rtol=0, atol=0)
        why = ("scan 版:" + found.message) if found else ""
    elif _same(ks, want):
        found = which_mistake(kw, N.count_mistakes(a), rtol=0, atol=0)
        why = ("while 版:" + found.message) if found else ""
    fail(
        f"scan 版迭代次数 {ks.tolist()} 与 while 版 {kw.tolist()} 不一致(按题目的规则应该都是 "
        f"{want.tolist()})。" + why,
        a=list(map(float, a)),
        expected=want,
        scan=ks,
        while_=kw,
    )


@checks.add("counts_match", "scan 版与 while 版的迭代次数逐个相等", needs="returns")
def _(L):
    _, ks = _run(L.newton_sqrt_scan, CHAPTER_A, "newton_sqrt_scan")
    _, kw = _run(L.newton_sqrt_while, CHAPTER_A, "newton_sqrt_while")
    _counts_equal(ks, kw, CHAPTER_A)


def _range(k, a, version):
    if ((k > 0) & (k < CAP)).all():
        return
    found = which_mistake(k, N.count_mistakes(a), rtol=0, atol=0)
    fail(
        f"{version} 版的迭代次数应在 1~29 之间,"
        f"实际 {k.tolist()}(按题目的规则应该是 {N.emulate(a)[1].tolist()})。"
        + (found.message if found else ""),
        actual=k,
    )


@checks.add("count_range", "迭代次数都在 1~29 之间", needs="returns")
def _(L):
    _, ks = _run(L.newton_sqrt_scan, CHAPTER_A, "newton_sqrt_scan")
    _range(ks, CHAPTER_A, "scan")
    _, kw = _run(L.newton_sqrt_while, CHAPTER_A, "newton_sqrt_while")
    _range(kw, CHAPTER_A, "while")


@checks.add("uses_loops", "scan 版的程序里是 scan,while 版的程序里是 while", needs="returns")
def _(L):
    import jax.numpy as jnp

    scan_prog = primitive_counts(L.newton_sqrt_scan, jnp.float32(2.0))
    if not scan_prog["scan"]:
        fail(
            f"newton_sqrt_scan 的程序里没有 scan 原语(共 {sum(scan_prog.values())} 个方程)"
            + ("而是 while:" if scan_prog["while"] else ":")
            + "这一版要用 lax.scan 固定走 30 步(步数静态,才能反向求导),已收敛的元素用掩码冻结。",
            primitives=A1.top_primitives(scan_prog),
        )
    while_prog = primitive_counts(L.newton_sqrt_while, jnp.float32(2.0))
    assert_that(
        while_prog["while"],
        "newton_sqrt_while 的程序里没有 while 原语:这一版要用 lax.while_loop,"
        "在收敛或 k 到 30 时停下。",
        primitives=A1.top_primitives(while_prog),
    )


def _grad(L, a, jit=False):
    import jax
    import jax.numpy as jnp

    fn = jax.vmap(
        jax.grad(
            lambda v: as_tuple(L.newton_sqrt_scan(v), 2, "newton_sqrt_scan 的返回值 (x, k)")[0]
        )
    )
    try:
        out = (jax.jit(fn) if jit else fn)(jnp.asarray(a, jnp.float32))
    except ValueError as e:
        if "Reverse-mode differentiation" not in str(e):
            raise
        fail(
            "jax.grad 穿不过 newton_sqrt_scan:它的程序里有 while 循环(lax.while_loop,"
            "或上下界是动态值的 "
            "fori_loop),这类循环只支持前向模式求导。scan 版要用 lax.scan 固定跑满 30 步,"
            "再用掩码冻结已收敛的元素。",
            error=str(e).splitlines()[0],
        )
    return as_array(out, "∂x/∂a", shape=(len(a),))


@checks.add("grad_finite", "jax.grad 能穿过 scan 版,梯度全部有限", needs="returns")
def _(L):
    g = _grad(L, CHAPTER_A)
    assert_that(
        np.isfinite(g).all(),
        "scan 版的梯度里有 nan/inf(见 actual),应该全部是有限值 1/(2√a)。",
        actual=g,
    )


@checks.add("grad_value", "梯度 ≈ 1/(2√a)(rtol 1e-4)", needs=("returns", "grad_finite"))
def _(L):
    g = _grad(L, CHAPTER_A)
    assert_close(
        g,
        0.5 / np.sqrt(f64(CHAPTER_A)),
        rtol=1e-4,
        atol=1e-8,
        what="∂x/∂a",
        msg="scan 版的梯度与 1/(2√a) 不一致(rtol 1e-4),差别见下面的对比。",
    )


@checks.add(
    "frozen",
    "收敛之后 x 被冻结:scan 版的 x 等于 while 循环停下时的 x",
    needs=("returns", "scan_values"),
)
def _(L):
    a, x_stop, x_more = N.separable_a()
    x, _ = _run(L.newton_sqrt_scan, a, "newton_sqrt_scan", jit=True)
    assert_close(
        x,
        f64(x_stop),
        rtol=1.6e-7,
        atol=0.0,
        what="scan 版的 x(与 while 停下时的 x 比)",
        mistakes=[
            Mistake(
                "keeps_updating",
                f64(x_more),
                "scan 版的 x 等于“收敛后继续做牛顿更新”的结果:只有计数加了掩码,x 没有冻结。"
                "这些 a 上多走几步会让 x 在末位上继续变化,和 while 循环停下时的 x 不同。"
                "x 也要用同一个掩码:jnp.where(active, 新 x, 旧 x)。",
            )
        ],
        msg="scan 版的 x 与按题目规则(|x² − a| < 1e-6·a 时停下)迭代得到的 x 不一致"
        "(相对差应小于 1.6e-7),差别见下面的对比。",
    )


CAP_A = [1e30, 3e24, 1e-30]  # Newton from x = a needs more than 30 steps here


@checks.add("rule", "收敛条件与上限按题目规则:|x² − a| < 1e-6·a 时停下,最多 30 步", needs="returns")
def _(L):
    a = N.threshold_a()
    want = N.emulate(a)[1]
    for fn, version in ((L.newton_sqrt_scan, "scan"), (L.newton_sqrt_while, "while")):
        _, k = _run(fn, a, f"newton_sqrt_{version}", jit=True)
        assert_close(
            k,
            want,
            rtol=0,
            atol=0,
            what=f"{version} 版的迭代次数(a = {[float(v) for v in a]})",
            mistakes=N.count_mistakes(a),
            msg="这些 a 在停下之前的最后一步,|x² − a|/a 落在 1.15e-6~1.85e-6 之间,所以按题目的条件"
            f"(|x² − a| < 1e-6·a 才算收敛)应该迭代 {want.tolist()} 次;"
            f"{version} 版是 {k.tolist()}。"
            "收敛条件的阈值或判断时机和题目不一致。",
        )
    a_cap = np.array(CAP_A, np.float32)
    with np.errstate(over="ignore"):
        x_cap, k_cap = N.emulate(a_cap)
    for fn, version in ((L.newton_sqrt_scan, "scan"), (L.newton_sqrt_while, "while")):
        x, k = _run(fn, a_cap, f"newton_sqrt_{version}", jit=True)
        assert_close(
            k,
            k_cap,
            rtol=0,
            atol=0,
            what=f"{version} 版在 a = {CAP_A} 时的 k",
            msg=f"a = {CAP_A} 时牛顿法 30 步内收敛不了,两个版本都应该做满 30 次更新后停下"
            f"(k = 30);{version} 版的 k 是 {k.tolist()}。",
        )
        assert_close(
            x,
            f64(x_cap),
            rtol=1e-6,
            atol=0.0,
            what=f"{version} 版在 a = {CAP_A} 时的 x",
            msg=f"a = {CAP_A} 时 {version} 版的 x 应该是第 30 次更新之后的值(还没收敛),"
            "差别见下面的对比。",
        )


@checks.add("fresh", "新的 a(10⁻³…10⁶)在 jit 下:数值、计数、梯度都正确", needs="returns")
def _(L):
    g = rng(1202)
    a = np.exp(g.uniform(np.log(1e-3), np.log(1e6), 12)).astype(np.float32)
    xs, ks = _run(L.newton_sqrt_scan, a, "newton_sqrt_scan", jit=True)
    xw, kw = _run(L.newton_sqrt_while, a, "newton_sqrt_while", jit=True)
    _values(xs, a, "scan(新数据)")
    _values(xw, a, "while(新数据)")
    _counts_equal(ks, kw, a)
    _range(ks, a, "scan(新数据)")
    gr = _grad(L, a, jit=True)
    assert_close(
        gr,
        0.5 / np.sqrt(f64(a)),
        rtol=1e-4,
        atol=1e-8,
        what="∂x/∂a(新数据)",
        msg="新的 a 上 scan 版的梯度与 1/(2√a) 不一致(rtol 1e-4),差别见下面的对比。",
    )
