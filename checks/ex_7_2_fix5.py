"""Repair 7.2-fix5: a custom_jvp rule that copies v/‖v‖ gives NaN at the zero vector -> a double
where inside the rule.

Checks: values ("values"); grad and jvp at the origin are 0, at a tiny and an ordinary vector
v/‖v‖, an ε in the rule or a rule that never divides by ‖v‖ named when a second vector confirms
it ("grad"); the program still
contains custom_jvp ("rule"); checkify finds no NaN made while differentiating at the origin
("clean")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_scalar,
    assert_close,
    assert_that,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_7_2_fix5")


def _vectors(seed):
    import jax.numpy as jnp

    g = rng(seed)
    normal = g.normal(size=4).astype(np.float32)
    tiny = np.array([3e-13, -4e-13, 0.0, 0.0], np.float32)
    return [
        (msg("ex_7_2_fix5.zero_vector"), jnp.zeros(4, jnp.float32)),
        (msg("ex_7_2_fix5.tiny_vector"), jnp.asarray(tiny)),
        (msg("ex_7_2_fix5.plain_vector"), jnp.asarray(normal)),
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


@checks.add("values")
def _(L):
    for label, v in _vectors(801):
        got = as_scalar(L.length(v), f"length({label})")
        assert_close(
            got,
            np.sqrt((np.asarray(v, np.float64) ** 2).sum()),
            rtol=1e-5,
            atol=0.0,
            what=f"length({label})",
            msg=msg("ex_7_2_fix5.length_differs", label=label),
        )


@checks.add("grad", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    grad_fn = lambda v: _checked_grad(L)(v)[1]  # noqa: E731 (named <lambda> in compile logs)
    jvp_fn = jax.jit(lambda v, dv: jax.jvp(R.scalar_fn(L.length), (v,), (dv,)))
    for label, v in _vectors(802):
        grad = R.as_array(_traced(L, grad_fn, v), f"jax.grad(length)({label})", shape=(4,))
        assert_that(
            np.isfinite(grad).all(),
            msg(
                "ex_7_2_fix5.nan_grad",
                label=label,
                division="0/0"
                if label == msg("ex_7_2_fix5.zero_vector")
                else msg("ex_7_2_fix5.unsafe_division"),
            ),
            grad=grad,
        )
        if compare(grad, _direction(v), rtol=1e-4, atol=1e-6) is not None:
            assert_close(
                grad,
                _direction(v),
                rtol=1e-4,
                atol=1e-6,
                what=f"jax.grad(length)({label})",
                msg=msg("ex_7_2_fix5.grad_differs", label=label)
                + (_shape_diagnosis(grad_fn, v, grad) or _eps_diagnosis(grad_fn, v, grad)),
            )
        dv = jnp.arange(1.0, 5.0, dtype=jnp.float32)
        primal, tangent = jvp_fn(v, dv)
        length = float(np.linalg.norm(np.asarray(v, np.float64)))
        assert_close(
            as_scalar(primal, f"jvp({label})[0]"),
            length,
            rtol=1e-4,
            atol=1e-6,
            what=f"jax.jvp(length, ({label},), (dv,))[0]",
            msg=msg("ex_7_2_fix5.jvp_primal_differs", label=label),
            mistakes=[Mistake("squared", length**2, msg("ex_7_2_fix5.primal_squared"))],
        )
        assert_close(
            as_scalar(tangent, f"jvp({label})"),
            float(_direction(v) @ np.arange(1.0, 5.0)),
            rtol=1e-4,
            atol=1e-6,
            what=f"jax.jvp(length, ({label},), (dv,))",
            msg=msg("ex_7_2_fix5.jvp_differs", label=label),
        )


def _traced(L, grad_fn, v):
    """grad_fn(v); JAX's refusal of a rule whose tangent is not shaped like the primal output is
    said with what the rule returned, and the elementwise v/‖v‖ * dv named when computed."""
    try:
        return grad_fn(v)
    except TypeError as e:
        if "Custom JVP rule must produce primal and tangent outputs" not in str(e):
            raise
        fail(_tangent_cause(L), error=R.first_line(e))


def _tangent_cause(L) -> str:
    """The shape of the tangent the learner's rule returns at an ordinary vector, and whether it is
    exactly v/‖v‖ * dv, the product elementwise where the dot product belongs."""
    import jax.numpy as jnp

    v, dv = np.array([3.0, -1.0, 2.0, 0.5]), np.arange(1.0, 5.0)
    try:
        _, tangent = L.length.jvp((jnp.asarray(v, jnp.float32),), (jnp.asarray(dv, jnp.float32),))
        tangent = np.asarray(tangent, np.float64)
    except Exception:  # the probe is ours: a failure of it names nothing
        return msg("ex_7_2_fix5.tangent_not_scalar_plain")
    if (
        tangent.shape == v.shape
        and compare(tangent, v / np.linalg.norm(v) * dv, rtol=1e-4, atol=1e-6) is None
    ):
        return msg("ex_7_2_fix5.tangent_elementwise")
    return msg("ex_7_2_fix5.tangent_not_scalar", shape=tangent.shape)


# Where an ε goes in the rule: ‖grad‖ = n/(n + ε) or n/√(n² + ε) along v (n = ‖v‖). Each form:
# its name, the ε a gradient of size s at length n implies, the length where ε gives 0.5.
_EPS_FORMS = (
    ("added", lambda n, s: n / s - n, lambda eps: eps),
    ("under_root", lambda n, s: n * n / s**2 - n * n, lambda eps: np.sqrt(eps / 3)),
)


def _eps_diagnosis(grad_fn, v, grad) -> str:
    """Names an ε in the rule only when one ε explains both this gradient and the gradient at a
    second vector, along v, with the length where that ε gives ‖grad‖ = 0.5."""
    import jax.numpy as jnp

    v64 = np.asarray(v, np.float64)
    n, size = float(np.sqrt(v64 @ v64)), float(np.linalg.norm(grad))
    if not (n > 0 and 0 < size < 1) or abs(float(grad @ v64)) < 0.999 * size * n:
        return ""
    for key, eps_of, half_at in _EPS_FORMS:
        eps = eps_of(n, size)
        if not eps > 0:
            continue
        probe = half_at(eps) * v64 / n
        try:
            there = np.asarray(grad_fn(jnp.asarray(probe, jnp.float32)), np.float64)
        except Exception:
            continue
        if there.shape == v64.shape and abs(float(np.linalg.norm(there)) - 0.5) <= 5e-3:
            norm = float(np.linalg.norm(probe))
            if key == "added":
                return msg("ex_7_2_fix5.eps_added", eps=eps, norm=norm)
            return msg("ex_7_2_fix5.eps_under_root", eps=eps, norm=norm)
    return ""


def _shape_diagnosis(grad_fn, v, grad) -> str:
    """A fallback direction at the zero vector where its gradient should be 0 (all ones, or some
    unit vector), v/‖v‖² at a non-zero vector (divided by n twice), or v itself at a non-zero
    vector and at a second one (v·dv, never divided by n): said when the gradient equals it."""
    v64 = np.asarray(v, np.float64)
    n2 = float(v64 @ v64)
    if n2 == 0.0:
        if compare(grad, np.ones_like(v64), rtol=1e-4, atol=1e-6) is None:
            return msg("ex_7_2_fix5.fallback_ones")
        if abs(float(np.linalg.norm(grad)) - 1.0) < 1e-4:
            return msg("ex_7_2_fix5.fallback_direction", got=np.round(grad, 4).tolist())
        return ""
    if not np.any(grad) and _grad_is_v(grad_fn, 1 / np.sqrt(30.0)):
        return msg("ex_7_2_fix5.tiny_treated_as_zero", norm=np.sqrt(n2))
    if compare(grad, v64 / n2, rtol=1e-4, atol=1e-6) is None:
        return msg("ex_7_2_fix5.divided_by_square")
    if compare(grad, v64, rtol=1e-4, atol=0.0) is None and _grad_is_v(grad_fn):
        return msg("ex_7_2_fix5.not_divided")
    if compare(grad, 2 * v64, rtol=1e-4, atol=0.0) is None and _grad_is_v(grad_fn, 2.0):
        return msg("ex_7_2_fix5.twice_v")
    return ""


def _grad_is_v(grad_fn, factor=1.0) -> bool:
    """Whether the gradient at a second vector, of length √30, is factor times that vector."""
    import jax.numpy as jnp

    probe = np.arange(1.0, 5.0)
    try:
        there = np.asarray(grad_fn(jnp.asarray(probe, jnp.float32)), np.float64)
    except Exception:  # the probe is ours: any failure only means it is not shown
        return False
    return (
        there.shape == probe.shape and compare(there, factor * probe, rtol=1e-4, atol=0.0) is None
    )


@checks.add("rule", needs="grad")
def _(L):
    import jax.numpy as jnp

    counts = primitive_counts(L.length, jnp.ones(4, jnp.float32))
    if not any(name.startswith("custom_jvp") for name in counts):
        fail(
            msg("ex_7_2_fix5.rule_removed"),
            primitives=sorted(counts),
        )


@checks.add("clean", needs="rule")
def _(L):
    import jax.numpy as jnp

    err, _ = _checked_grad(L)(jnp.zeros(4, jnp.float32))
    report = err.get()
    if report is not None:
        fail(
            msg("ex_7_2_fix5.zero_over_zero_inside", checkify=report.splitlines()[0].rstrip(".")),
        )
