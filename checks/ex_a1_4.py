"""练习 a1.4 用 lax.switch 写分段函数,并看清它在 vmap 下的代价.

piecewise(x)(标量,lax.switch)与 piecewise_select(x)(逐元素,jnp.select):
f(x) = x²(x < 0);sin x(0 ≤ x < π);x − π(x ≥ π)。

原书自检的 5 条断言(x = [−3, −1e−3, 0, 1, 3, π, 4.2, 10],含分界点 0 和 π;
参考值 f 与 f′ = {2x, cos x, 1} 用 float64 计算)在这里的位置:
  1. jax.vmap(piecewise)(x) ≈ f(atol 1e-6)                             → check "vmap_values"
  2. piecewise_select(x) ≈ f(atol 1e-6)                                → check "select_values"
  3. "cond[" 出现在 make_jaxpr(piecewise)(1.0) 中(标量版用 switch/cond)  → check "scalar_cond"
  4. make_jaxpr(jax.vmap(piecewise))(x) 中没有 "cond["、有 "select_n"   → check "vmap_select_n"
  5. jax.vmap(jax.grad(piecewise))(x) ≈ f′(atol 1e-6)                   → check "grad"
另加:piecewise_select 的梯度在同样的点上 ≈ f′                          → check "select_grad"
      三个区间里的新随机点,jit 下两个版本都正确                         → check "fresh"
"""

import sys

import numpy as np

from tutor.checklib import Checks, assert_close, fail, rng

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path


checks = Checks()


def f_ref(x64):
    return np.where(x64 < 0, x64 ** 2, np.where(x64 < np.pi, np.sin(x64), x64 - np.pi))


def df_ref(x64):
    return np.where(x64 < 0, 2 * x64, np.where(x64 < np.pi, np.cos(x64), 1.0))


def _points():
    import jax.numpy as jnp

    x = jnp.array([-3.0, -1e-3, 0.0, 1.0, 3.0, jnp.pi, 4.2, 10.0])
    return x, A1.f64(x)


def _guarded(fn, *args, text=False):
    import jax

    try:
        return A1.jaxpr_text(fn, *args) if text else np.asarray(fn(*args))
    except jax.errors.ConcretizationTypeError as e:
        fail("在 vmap / jit 里对被追踪的值用了 Python 的 if(TracerBoolConversionError,ConcretizationTypeError "
             "的子类):x 在追踪时只是一个抽象值,没法变成 True/False。piecewise 要用 lax.switch 选分支,"
             "分支号用 jnp.where 计算;piecewise_select 用 jnp.select。", error=str(e).splitlines()[0])


def _boundary_hint(got, want, x64, what):
    bad = ~np.isclose(got, want, atol=1e-6) if got.shape == want.shape else np.ones_like(x64, bool)
    spots = [float(v) for v in x64[bad]]
    hint = ""
    if spots and all(abs(v) < 1e-12 or abs(v - np.pi) < 1e-5 for v in spots):
        hint = ("只在分界点上不对:题目的区间是 x < 0、0 ≤ x < π、x ≥ π,分界点 0 属于 sin 那一段,π 属于 x − π 那一段。"
                "比较要写成 x < 0 和 x < jnp.pi,不能用 <=。")
    return f"{what}在 x = {spots} 处不对。" + hint


@checks.add("vmap_values", "jax.vmap(piecewise)(x) 与 f 一致(atol 1e-6,含分界点)")
def _(L):
    import jax

    x, x64 = _points()
    got = _guarded(jax.vmap(L.piecewise), x)
    want = f_ref(x64)
    if got.shape != want.shape or not np.allclose(got, want, atol=1e-6):
        assert_close(got, want, rtol=0, atol=1e-6, what="vmap(piecewise)(x)",
                     msg=_boundary_hint(got, want, x64, "vmap(piecewise) 的结果"))


@checks.add("select_values", "piecewise_select(x) 与 f 一致(atol 1e-6)")
def _(L):
    x, x64 = _points()
    got = _guarded(L.piecewise_select, x)
    want = f_ref(x64)
    if got.shape != want.shape or not np.allclose(got, want, atol=1e-6):
        assert_close(got, want, rtol=0, atol=1e-6, what="piecewise_select(x)",
                     msg=_boundary_hint(got, want, x64, "piecewise_select 的结果")
                         + "jnp.select 按条件列表的顺序取**第一个**为真的分支,条件应依次是 x < 0、x < π,默认值是 x − π。")


@checks.add("scalar_cond", "标量版的 jaxpr 里有 cond(用的是 lax.switch)")
def _(L):
    text = _guarded(L.piecewise, 1.0, text=True)
    if "cond[" not in text:
        fail("标量版 jaxpr 中没有 cond:题目要求 piecewise 用 lax.switch(它在 jaxpr 里显示为 cond 原语)。"
             "jnp.where / jnp.select 会把每个分支都算一遍,这正是本题要和 switch 对比的写法,不能拿来实现 piecewise。",
             primitives=A1.primitives(text))


@checks.add("vmap_select_n", "vmap 之后 jaxpr 里没有 cond、只有 select_n(三个分支都计算)")
def _(L):
    import jax

    x, _ = _points()
    text = _guarded(jax.vmap(L.piecewise), x, text=True)
    if "cond[" in text or "select_n" not in text:
        fail("vmap 之后 switch 应被改写为 select_n:分支号带着批维,JAX 没法让批内元素各走各的分支,"
             "只能把三个分支都对整批算一遍再逐元素挑选。如果这里仍有 cond,说明分支号没有随 x 变化"
             "(例如用了常数或只依赖未被映射的量)。",
             has_cond="cond[" in text, has_select_n="select_n" in text, primitives=A1.primitives(text))


@checks.add("grad", "jax.vmap(jax.grad(piecewise))(x) 与 f′ 一致(atol 1e-6,含分界点)")
def _(L):
    import jax

    x, x64 = _points()
    got = _guarded(jax.vmap(jax.grad(L.piecewise)), x)
    want = df_ref(x64)
    if got.shape != want.shape or not np.allclose(got, want, atol=1e-6):
        assert_close(got, want, rtol=0, atol=1e-6, what="f′(x)",
                     msg=_boundary_hint(got, want, x64, "梯度与解析导数不一致,")
                         + "梯度只沿被选中的分支传播,分界点选错了分支,数值可能碰巧相同,导数却不同。")


@checks.add("select_grad", "piecewise_select 的导数在同样的点上与 f′ 一致")
def _(L):
    import jax
    import jax.numpy as jnp

    x, x64 = _points()
    got = _guarded(jax.grad(lambda v: jnp.sum(L.piecewise_select(v))), x)
    want = df_ref(x64)
    if got.shape != want.shape or not np.allclose(got, want, atol=1e-6):
        assert_close(got, want, rtol=0, atol=1e-6, what="piecewise_select 的导数",
                     msg=_boundary_hint(got, want, x64, "piecewise_select 的导数"))


@checks.add("fresh", "三个区间里的新随机点:jit 下两个版本都正确")
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(1404)
    pts = np.concatenate([g.uniform(-5, -0.01, 5), g.uniform(0.01, 3.1, 5), g.uniform(3.2, 20, 5)])
    x = jnp.asarray(g.permutation(pts).astype(np.float32))
    x64 = A1.f64(x)
    got = _guarded(jax.jit(jax.vmap(L.piecewise)), x)
    assert_close(got, f_ref(x64), rtol=1e-5, atol=1e-5, what="jit(vmap(piecewise))",
                 msg="新的随机点上 piecewise 的结果不对:检查三个分支的函数和顺序(x²、sin x、x − π)。")
    got = _guarded(jax.jit(L.piecewise_select), x)
    assert_close(got, f_ref(x64), rtol=1e-5, atol=1e-5, what="jit(piecewise_select)",
                 msg="新的随机点上 piecewise_select 的结果不对:检查条件列表与分支列表是否一一对应。")
    got = _guarded(jax.jit(jax.vmap(jax.grad(L.piecewise))), x)
    assert_close(got, df_ref(x64), rtol=1e-5, atol=1e-5, what="导数",
                 msg="新的随机点上导数不对:每个分支都必须是 x 的可微函数(不要用 stop_gradient 或把 x 转成 Python 数)。")
