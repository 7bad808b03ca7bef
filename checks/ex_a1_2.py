"""练习 a1.2 用 lax.switch 写分段函数,并看清它在 vmap 下的代价.

piecewise(x)(标量,lax.switch)与 piecewise_select(x)(逐元素,jnp.select):
f(x) = x²(x < 0);sin x(0 ≤ x < π);x − π(x ≥ π)。

原书自检的 5 条断言(x = [−3, −1e−3, 0, 1, 3, π, 4.2, 10],含分界点 0 和 π;
参考值 f 与 f′ = {2x, cos x, 1} 用 float64 计算)在这里的位置:
  1. jax.vmap(piecewise)(x) ≈ f(atol 1e-6)                             → check "vmap_values"
  2. piecewise_select(x) ≈ f(atol 1e-6)                                → check "select_values"
  3. 标量输入 1.0 时 piecewise 的程序里有 cond(switch 就是多分支 cond)  → check "scalar_cond"
  4. jax.vmap(piecewise) 的程序里没有 cond、有 select_n                 → check "vmap_select_n"
  5. jax.vmap(jax.grad(piecewise))(x) ≈ f′(atol 1e-6)                   → check "grad"
另加:piecewise_select 的梯度在同样的点上 ≈ f′                          → check "select_grad"
      三个区间里的新随机点,jit 下两个版本都正确;piecewise_select 接受二维数组 → check "fresh"

消息只在学习者的输出与某个错误写法(这里算出来的)吻合时才点出那个错误。
"""

import itertools

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_equal,
    f64,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()

PIECES = {
    "x²": (np.square, lambda v: 2 * v),
    "sin x": (np.sin, np.cos),
    "x − π": (lambda v: v - np.pi, np.ones_like),
}
ORDER = ("x²", "sin x", "x − π")
REGIONS = ("x < 0", "0 ≤ x < π", "x ≥ π")
PI32 = float(np.float32(np.pi))  # the π a float32 comparison with jnp.pi uses (a little above π)


def _region(x64, zero_left=False, pi_left=False):
    """Region index 0, 1, 2 of each point; the flags move a boundary point into the left region."""
    first = (x64 <= 0) if zero_left else (x64 < 0)
    second = (x64 <= PI32) if pi_left else (x64 < np.pi)
    return np.where(first, 0, np.where(second, 1, 2))


def _eval(x64, order=ORDER, region=None, deriv=False):
    region = _region(x64) if region is None else region
    out = np.zeros_like(x64)
    for r, name in enumerate(order):
        fn = PIECES[name][1 if deriv else 0]
        out = np.where(region == r, fn(x64), out)
    return out


def f_ref(x64):
    return _eval(x64)


def df_ref(x64):
    return _eval(x64, deriv=True)


def _value_mistakes(x64):
    out = []
    for order in itertools.permutations(ORDER):
        if order != ORDER:
            pairs = "、".join(
                f"{REGIONS[i]} 用了 {order[i]}" for i in range(3) if order[i] != ORDER[i]
            )
            out.append(
                Mistake(
                    "branch_order",
                    _eval(x64, order=order),
                    f"结果正是三个分支和区间对错了号时得到的:{pairs}。"
                    "分支列表的顺序要和分支号 0、1、2(x < 0、0 ≤ x < π、x ≥ π)一一对应。",
                )
            )
    return out


def _select_mistakes(x64):
    first_sin = np.where(x64 < np.pi, np.sin(x64), np.where(x64 < 0, x64**2, x64 - np.pi))
    return [
        Mistake(
            "select_order",
            first_sin,
            "结果正是 jnp.select 的条件先写 x < π、再写 x < 0 时得到的:jnp.select "
            "按条件列表的顺序取"
            "**第一个**为真的分支,负数也满足 x < π,于是走了 sin 分支。条件应依次是 x < 0、x < π,"
            "默认值是 x − π。",
        )
    ] + _value_mistakes(x64)


def _grad_mistakes(x64):
    variants = (
        (dict(zero_left=True), "x = 0 被划进了 x² 那一段(比较写成了 x <= 0 或 x > 0)"),
        (dict(pi_left=True), "x = π 被划进了 sin 那一段(比较写成了 x <= π 或 x > π)"),
        (dict(zero_left=True, pi_left=True), "两个分界点都被划进了左边那一段(比较写成了 <=)"),
    )
    return [
        Mistake(
            "boundary",
            _eval(x64, region=_region(x64, **flags), deriv=True),
            f"导数正是 {text} 时得到的。题目的区间是 x < 0、0 ≤ x < π、x ≥ π:0 属于 sin 那一段,"
            "π 属于 x − π 那一段。值在分界点上碰巧相同(或只差 1e-7),导数却不同。",
        )
        for flags, text in variants
    ]


def _points():
    import jax.numpy as jnp

    x = jnp.array([-3.0, -1e-3, 0.0, 1.0, 3.0, jnp.pi, 4.2, 10.0])
    return x, f64(x)


def _guarded(fn, *args):
    """Runs a learner function on traced inputs; a Python `if` on a tracer fails with its reason."""
    import jax

    try:
        with A1.returned_values(A1.fn_label(fn)):
            return fn(*args)
    except jax.errors.TracerBoolConversionError as e:
        fail(
            "对被追踪的值用了 Python 的 if / and / or(TracerBoolConversionError):在 vmap / jit / "
            "grad 里 x 只是"
            "一个抽象值,没法变成 True/False。piecewise 要用 lax.switch 选分支,分支号用 "
            "jnp.where 计算;"
            "piecewise_select 用 jnp.select。",
            error=str(e).splitlines()[0],
        )
    except jax.errors.ConcretizationTypeError as e:
        fail(
            "在 vmap / jit / grad 里把被追踪的值当成了具体的数(ConcretizationTypeError,见 error)。"
            "分支号要用 jnp.where 或比较结果的整数转换来算,不要用 int()、float() 或 "
            "Python 的比较链。",
            error=str(e).splitlines()[0],
        )


def _values(got, x64, what, mistakes, rtol=0.0, atol=1e-6):
    got = as_array(got, what, shape=x64.shape)
    assert_close(
        got,
        f_ref(x64),
        rtol=rtol,
        atol=atol,
        what=what,
        mistakes=mistakes,
        msg=f"{what} 与 f 的 float64 参考值不一致(atol {atol:g}),差别见下面的对比。",
    )


def _derivs(got, x64, what, rtol=0.0, atol=1e-6):
    got = as_array(got, what, shape=x64.shape)
    assert_close(
        got,
        df_ref(x64),
        rtol=rtol,
        atol=atol,
        what=what,
        mistakes=_grad_mistakes(x64),
        msg=f"{what} 与解析导数 f′(x < 0 时 2x,中间段 cos x,x ≥ π 时 1)不一致,差别见下面的对比。",
    )


@checks.add(
    "returns", "piecewise(1.0) 返回一个浮点标量,piecewise_select(x) 返回与 x 同形状的浮点数组"
)
def _(L):
    import jax.numpy as jnp

    x, x64 = _points()
    for fn, arg, what in (
        (L.piecewise, jnp.float32(1.0), "piecewise(1.0) 的返回值"),
        (L.piecewise_select, x, "piecewise_select(x) 的返回值"),
    ):
        shape, dtype = A1.shape_dtype(
            _guarded(lambda v: A1.abstract(fn, v, what=A1.fn_label(fn)), arg),  # noqa: B023 (called at once)
            what,
        )
        if shape != tuple(arg.shape):
            assert_equal(
                list(shape),
                list(arg.shape),
                f"{what}的形状应该是 {tuple(arg.shape)},实际是 {shape}。",
                what=f"{what}的形状",
            )
        if not np.issubdtype(dtype, np.floating):
            fail(
                f"{what}应该是浮点数,实际 dtype 是 {dtype}(jax.grad 只能对浮点输出求导)。",
                actual=str(dtype),
            )


@checks.add("vmap_values", "jax.vmap(piecewise)(x) 与 f 一致(atol 1e-6,含分界点)", needs="returns")
def _(L):
    import jax

    x, x64 = _points()
    _values(_guarded(jax.vmap(L.piecewise), x), x64, "vmap(piecewise)(x)", _value_mistakes(x64))


@checks.add("select_values", "piecewise_select(x) 与 f 一致(atol 1e-6)", needs="returns")
def _(L):
    x, x64 = _points()
    _values(_guarded(L.piecewise_select, x), x64, "piecewise_select(x)", _select_mistakes(x64))


@checks.add(
    "scalar_cond", "标量输入时 piecewise 的程序里有 cond(用的是 lax.switch)", needs="returns"
)
def _(L):
    import jax.numpy as jnp

    counts = _guarded(primitive_counts, L.piecewise, jnp.float32(1.0))
    if counts["cond"]:
        return
    why = ""
    if counts["select_n"]:
        why = (
            "程序里是 select_n:标量版用了 jnp.where / jnp.select 一类的逐元素选择,"
            "三个分支每次都会计算,"
            "这正是本题要和 switch 对比的写法,不能拿来实现 piecewise。"
        )
    fail(
        "标量输入 1.0 时 piecewise 的程序里没有 cond:题目要求用 lax.switch(它在 jaxpr 里就是 "
        "cond 原语,"
        "运行时只执行选中的分支)。" + why,
        primitives=A1.top_primitives(counts),
    )


@checks.add(
    "vmap_select_n", "vmap 之后程序里没有 cond、只有 select_n(三个分支都计算)", needs="returns"
)
def _(L):
    import jax

    x, _ = _points()
    counts = _guarded(primitive_counts, jax.vmap(L.piecewise), x)
    if counts["cond"] or not counts["select_n"]:
        fail(
            "vmap 之后 switch 应被改写为 select_n:分支号带着批维,JAX 没法让批内元素各走各的分支,"
            "只能把三个分支都对整批算一遍再逐元素挑选。程序里仍有 cond,就说明分支号不随 x 变化"
            "(vmap 只在分支号带批维时才改写 cond)。",
            has_cond=bool(counts["cond"]),
            has_select_n=bool(counts["select_n"]),
            primitives=A1.top_primitives(counts),
        )


@checks.add(
    "grad", "jax.vmap(jax.grad(piecewise))(x) 与 f′ 一致(atol 1e-6,含分界点)", needs="returns"
)
def _(L):
    import jax

    x, x64 = _points()
    _derivs(_guarded(jax.vmap(jax.grad(L.piecewise)), x), x64, "vmap(grad(piecewise))(x)")


@checks.add("select_grad", "piecewise_select 的导数在同样的点上与 f′ 一致", needs="returns")
def _(L):
    import jax
    import jax.numpy as jnp

    x, x64 = _points()
    got = _guarded(jax.grad(lambda v: jnp.sum(L.piecewise_select(v))), x)
    _derivs(got, x64, "piecewise_select 的导数")


@checks.add(
    "fresh",
    "三个区间里的新随机点:jit 下两个版本都正确;piecewise_select 接受二维数组",
    needs="returns",
)
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(1404)
    pts = np.concatenate([g.uniform(-5, -0.01, 5), g.uniform(0.01, 3.1, 5), g.uniform(3.2, 20, 5)])
    x = jnp.asarray(g.permutation(pts).astype(np.float32))
    x64 = f64(x)
    _values(
        _guarded(jax.jit(jax.vmap(L.piecewise)), x),
        x64,
        "新随机点上的 jit(vmap(piecewise))",
        _value_mistakes(x64),
        rtol=1e-5,
        atol=1e-5,
    )
    _values(
        _guarded(jax.jit(L.piecewise_select), x),
        x64,
        "新随机点上的 jit(piecewise_select)",
        _select_mistakes(x64),
        rtol=1e-5,
        atol=1e-5,
    )
    grid = x.reshape(3, 5)
    _values(
        _guarded(jax.jit(L.piecewise_select), grid),
        f64(grid),
        "二维输入 (3, 5) 上的 piecewise_select",
        _select_mistakes(f64(grid)),
        rtol=1e-5,
        atol=1e-5,
    )
    _derivs(
        _guarded(jax.jit(jax.vmap(jax.grad(L.piecewise))), x),
        x64,
        "新随机点上的导数",
        rtol=1e-5,
        atol=1e-5,
    )
