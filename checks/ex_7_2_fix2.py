"""修复练习 7.2-fix2:jnp.linalg.norm 在零行处梯度 NaN → 对平方和用双 where.

Checks: values with zero rows and tiny rows, zero rows exactly 0 ("values"); the gradient of a
weighted sum is finite, 0 on zero rows and v/‖v‖ elsewhere ("grad"); checkify finds no inf or NaN
made while differentiating ("clean")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, assert_close, assert_that, fail, rng

checks = Checks()


def _V(seed):
    import jax.numpy as jnp

    g = rng(seed)
    V = g.normal(size=(6, 3)).astype(np.float32)
    V[[1, 4]] = 0.0
    V[2] = np.float32(3e-7) * g.normal(size=3).astype(np.float32)
    return jnp.asarray(V)


def _want(V):
    V = np.asarray(V, np.float64)
    n = np.sqrt((V * V).sum(1))
    direction = np.where(n[:, None] > 0, V / np.where(n > 0, n, 1.0)[:, None], 0.0)
    return n, direction


_CHECKED = {}


def _checked_grad(L):
    """jit(checkify(grad of the weighted sum)), shared by the grad and clean checks."""
    import jax
    from jax.experimental import checkify

    if id(L.row_norms) not in _CHECKED:
        total, _ = _weighted(L)
        _CHECKED[id(L.row_norms)] = jax.jit(
            checkify.checkify(jax.grad(total), errors=checkify.float_checks)
        )
    return _CHECKED[id(L.row_norms)]


def _weighted(L):
    weights = np.arange(1.0, 7.0, dtype=np.float32)
    return lambda V: (L.row_norms(V) * weights).sum(), weights


@checks.add("values", "含零行和极小行的新数据:每行的 L2 范数,零行正好是 0")
def _(L):
    V = _V(771)
    out = R.as_array(L.row_norms(V), "row_norms(V)", shape=(6,))
    zero = out[[1, 4]]
    assert_that(
        np.all(zero == 0),
        f"零行的范数应正好是 0,实际是 {zero.tolist()}:在根号里加小数会改变结果。"
        "用双 where 让零行直接输出 0。",
        actual=out,
    )
    assert_close(
        out,
        _want(V)[0],
        rtol=1e-5,
        atol=0.0,
        what="row_norms(V)",
        msg="每行的范数和 float64 参考值不一致。",
    )


@checks.add("grad", "梯度处处有限,零行为 0,其余行为 v/‖v‖", needs="values")
def _(L):

    V = _V(772)
    total, weights = _weighted(L)
    grad = R.as_array(_checked_grad(L)(V)[1], "梯度", shape=(6, 3))
    bad = ~np.isfinite(grad)
    assert_that(
        not bad.any(),
        f"梯度有 {int(bad.sum())} 个元素是 NaN 或 inf(在零行上):√ 在 0 处的导数是 inf,"
        "乘上 0 就是 NaN。对平方和用双 where,让 √ 只在正数上求值。",
        grad=grad,
    )
    assert_close(
        grad,
        weights[:, None] * _want(V)[1],
        rtol=1e-4,
        atol=1e-6,
        what="梯度",
        msg="梯度和 v/‖v‖(零行为 0)不一致。",
    )


@checks.add("clean", "checkify:求导时没有真的算出 inf 或 NaN", needs="grad")
def _(L):

    total, _ = _weighted(L)
    err, _ = _checked_grad(L)(_V(772))
    report = err.get()
    if report is not None:
        fail(
            "梯度虽然有限,可求导过程中仍然真的算出了 inf 或 NaN(checkify 的报告见下):第一个 where "
            "换进去的安全值"
            "落在了 √ 导数的奇点 0 上。安全值取在定义域里面,例如 1.0。",
            checkify=report.splitlines()[0],
        )
