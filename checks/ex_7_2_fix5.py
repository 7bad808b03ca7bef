"""修复练习 7.2-fix5:custom_jvp 规则照抄 v/‖v‖,零向量处 NaN → 规则里用双 where.

Checks: values ("values"); grad and jvp at the origin are 0, at a tiny and an ordinary vector
v/‖v‖ ("grad"); the program still contains custom_jvp ("rule"); checkify
finds no NaN made while differentiating at the origin ("clean")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    as_scalar,
    assert_close,
    assert_that,
    fail,
    primitive_counts,
    rng,
)

checks = Checks()


def _vectors(seed):
    import jax.numpy as jnp

    g = rng(seed)
    normal = g.normal(size=4).astype(np.float32)
    tiny = np.array([3e-13, -4e-13, 0.0, 0.0], np.float32)
    return [
        ("零向量", jnp.zeros(4, jnp.float32)),
        ("极小向量", jnp.asarray(tiny)),
        ("普通向量", jnp.asarray(normal)),
    ]


def _direction(v):
    v = np.asarray(v, np.float64)
    n = np.sqrt((v * v).sum())
    return v / n if n > 0 else np.zeros_like(v)


_CHECKED = {}


def _checked_grad(L):
    """jit(checkify(grad(length))), shared by the grad and clean checks."""
    import jax
    from jax.experimental import checkify

    if id(L.length) not in _CHECKED:
        _CHECKED[id(L.length)] = jax.jit(
            checkify.checkify(jax.grad(R.scalar_fn(L.length)), errors=checkify.float_checks)
        )
    return _CHECKED[id(L.length)]


@checks.add("values", "length(v) = ‖v‖")
def _(L):
    for label, v in _vectors(801):
        got = as_scalar(L.length(v), f"length({label})")
        assert_close(
            got,
            np.sqrt((np.asarray(v, np.float64) ** 2).sum()),
            rtol=1e-5,
            atol=0.0,
            what=f"length({label})",
            msg=f"length({label}) 和 ‖v‖ 不一致。",
        )


@checks.add("grad", "grad 与 jvp:零向量处为 0,其余为 v/‖v‖", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    grad_fn = lambda v: _checked_grad(L)(v)[1]  # noqa: E731 (named <lambda> in compile logs)
    jvp_fn = jax.jit(lambda v, dv: jax.jvp(R.scalar_fn(L.length), (v,), (dv,))[1])
    for label, v in _vectors(802):
        grad = R.as_array(grad_fn(v), f"jax.grad(length)({label})", shape=(4,))
        assert_that(
            np.isfinite(grad).all(),
            f"jax.grad(length)({label}) 里有 NaN 或 inf:规则里的 v / n 在这里是 "
            f"{'0/0' if label == '零向量' else '不安全的除法'}。规则里也要用双 where。",
            grad=grad,
        )
        assert_close(
            grad,
            _direction(v),
            rtol=1e-4,
            atol=1e-6,
            what=f"jax.grad(length)({label})",
            msg=f"{label}处的梯度和 v/‖v‖(零向量处为 0)不一致。",
        )
        dv = jnp.arange(1.0, 5.0, dtype=jnp.float32)
        tangent = jvp_fn(v, dv)
        assert_close(
            as_scalar(tangent, f"jvp({label})"),
            float(_direction(v) @ np.arange(1.0, 5.0)),
            rtol=1e-4,
            atol=1e-6,
            what=f"jax.jvp(length, ({label},), (dv,))",
            msg=f"{label}处的方向导数和 (v/‖v‖)·dv 不一致。",
        )


@checks.add("rule", "length 仍是 custom_jvp 函数", needs="grad")
def _(L):
    import jax.numpy as jnp

    counts = primitive_counts(L.length, jnp.ones(4, jnp.float32))
    if not any(name.startswith("custom_jvp") for name in counts):
        fail(
            "length 的程序里没有 custom_jvp:规则被删掉了,而这道题要修的是规则本身。保留 "
            "@jax.custom_jvp,"
            "在 defjvp 的规则里用双 where。",
            primitives=sorted(counts),
        )


@checks.add("clean", "checkify:在零向量处求导,规则里没有真的算出 NaN", needs="rule")
def _(L):
    import jax.numpy as jnp

    err, _ = _checked_grad(L)(jnp.zeros(4, jnp.float32))
    report = err.get()
    if report is not None:
        fail(
            "零向量处的梯度虽然有限,可规则里仍然真的算了 0/0(checkify 的报告见下)。先用 where 把 n "
            "换成安全值 1.0 "
            "再除,而不是事后清理 NaN。",
            checkify=report.splitlines()[0],
        )
