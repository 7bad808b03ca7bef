"""修复练习 7.2-fix1:单个 where 的 sinc 在 0 处梯度 NaN → 双 where,安全值在定义域内.

Checks: values with zeros against float64 ("values"); the gradient is finite, exactly 0 at x = 0
and analytic elsewhere ("grad"); checkify finds no NaN made in the forward or backward pass
("clean")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, assert_close, assert_that, fail, rng

checks = Checks()


def _x(seed):
    import jax.numpy as jnp

    g = rng(seed)
    x = g.uniform(-4.0, 4.0, size=7).astype(np.float32)
    x[[1, 4]] = 0.0
    return jnp.asarray(x)


def _want(x):
    x = np.asarray(x, np.float64)
    safe = np.where(x == 0, 1.0, x)
    return np.where(x == 0, 1.0, np.sin(safe) / safe), np.where(
        x == 0, 0.0, np.cos(safe) / safe - np.sin(safe) / safe**2
    )


def _total(L):
    return lambda x: L.sinc(x).sum()


_CHECKED = {}


def _checked_grad(L):
    """jit(checkify(grad)): the gradient and the float-check report from one compiled program,
    shared by the grad and clean checks."""
    import jax
    from jax.experimental import checkify

    if id(L.sinc) not in _CHECKED:
        _CHECKED[id(L.sinc)] = jax.jit(
            checkify.checkify(jax.grad(_total(L)), errors=checkify.float_checks)
        )
    return _CHECKED[id(L.sinc)]


@checks.add("values", "含 0 的新数据:sin(x)/x,0 处为 1")
def _(L):
    x = _x(761)
    out = R.as_array(L.sinc(x), "sinc(x)", shape=x.shape)
    assert_close(
        out,
        _want(x)[0],
        rtol=1e-5,
        atol=1e-6,
        what="sinc(x)",
        msg="sinc(x) 和 sin(x)/x(x = 0 处为 1)不一致。",
        mistakes=[
            Mistake(
                "zero_at_0",
                np.where(np.asarray(x) == 0, 0.0, _want(x)[0]),
                "x = 0 处的值是 0,应是极限值 1:分母加小数只是把 0/0 换成了 0/ε。",
            )
        ],
    )
    at_zero = out[np.asarray(x) == 0]
    assert_close(
        at_zero,
        np.ones_like(at_zero),
        rtol=1e-5,
        atol=1e-8,
        what="sinc(0)",
        msg="x = 0 处的值应是 1。",
    )


@checks.add("grad", "梯度处处有限,x = 0 处正好是 0,其余位置等于解析导数", needs="values")
def _(L):

    x = _x(762)
    grad = R.as_array(_checked_grad(L)(x)[1], "jax.grad(sinc(x).sum())(x)", shape=x.shape)
    bad = ~np.isfinite(grad)
    assert_that(
        not bad.any(),
        f"梯度在 {int(bad.sum())} 个位置是 NaN 或 inf(x = 0 的位置):where 没选中的分支在反向里"
        "照样乘上了 0/0 的导数。先把危险的输入换成安全值,再算 sin(u)/u(双 where)。",
        x=np.asarray(x),
        grad=grad,
    )
    assert_close(
        grad,
        _want(x)[1],
        rtol=1e-4,
        atol=1e-6,
        what="梯度",
        msg="梯度和解析导数 cos(x)/x − sin(x)/x²(x = 0 处为 0)不一致。",
    )


@checks.add("clean", "checkify:求导(含前向)时没有真的算出 NaN", needs="grad")
def _(L):

    x = _x(762)
    # the gradient's program contains the forward pass too: one checkify covers both
    err, _ = _checked_grad(L)(x)
    report = err.get()
    if report is not None:
        fail(
            "结果虽然有限,可求导(含前向)的过程中仍然真的算出了 NaN(checkify 的报告见下):第一个 "
            "where 换进去的安全值"
            "还是危险点本身。安全值要取在定义域里面,例如 1.0。",
            checkify=report.splitlines()[0],
        )
