"""Exercise a1.2, a piecewise function with lax.switch, and what it costs under vmap.

piecewise(x) (a scalar, lax.switch) and piecewise_select(x) (elementwise, jnp.select):
f(x) = x² (x < 0); sin x (0 ≤ x < π); x − π (x ≥ π).

Where the chapter's 5 self-check assertions (x = [−3, −1e−3, 0, 1, 3, π, 4.2, 10], with the
boundary points 0 and π; the references f and f′ = {2x, cos x, 1} computed in float64) are checked:
  1. jax.vmap(piecewise)(x) ≈ f (atol 1e-6)                             → check "vmap_values"
  2. piecewise_select(x) ≈ f (atol 1e-6)                                → check "select_values"
  3. for the scalar input 1.0 piecewise's program holds a cond (switch is a multi-branch cond)
                                                                        → check "scalar_cond"
  4. jax.vmap(piecewise)'s program holds no cond but a select_n          → check "vmap_select_n"
  5. jax.vmap(jax.grad(piecewise))(x) ≈ f′ (atol 1e-6)                   → check "grad"
Added: piecewise_select's gradient ≈ f′ at the same points              → check "select_grad"
       new random points in the three regions, both versions right under jit; piecewise_select
       takes a 2-D array                                                → check "fresh"

A message names a mistake only when the learner's output matches what that mistake (computed
here) produces.
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
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_a1_2")

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


def _truncated_index(x64):
    """The region index clip(int(x / π) + 1, 0, 2): the cast truncates towards zero, so every point
    in (−π, 0) gets index 1 (sin x) instead of 0."""
    return np.clip(np.trunc(x64 / np.pi).astype(int) + 1, 0, 2)


def _piece_slips(x64):
    """Slips in one piece's formula, as (label, values, derivatives, message): the first piece
    written 2x for x², or π rounded to 3.14 (in the boundary and the last piece)."""
    first = _region(x64) == 0
    rounded = np.where(x64 < 0, 0, np.where(x64 < 3.14, 1, 2))
    return [
        (
            "double_for_square",
            np.where(first, 2 * x64, f_ref(x64)),
            np.where(first, 2.0, df_ref(x64)),
            msg("ex_a1_2.double_for_square"),
        ),
        (
            "pi_rounded",
            np.where(rounded == 2, x64 - 3.14, np.where(rounded == 1, np.sin(x64), x64**2)),
            _eval(x64, region=rounded, deriv=True),
            msg("ex_a1_2.pi_rounded"),
        ),
    ]


def _value_mistakes(x64):
    out = [
        Mistake(
            "truncated_index",
            _eval(x64, region=_truncated_index(x64)),
            msg("ex_a1_2.truncated_index"),
        ),
        Mistake(
            "plus_pi",
            np.where(_region(x64) == 2, x64 + np.pi, f_ref(x64)),
            msg("ex_a1_2.plus_pi"),
        ),
        Mistake(
            "pi_minus_x",
            np.where(_region(x64) == 2, np.pi - x64, f_ref(x64)),
            msg("ex_a1_2.pi_minus_x"),
        ),
        Mistake(
            "cos_middle",
            np.where(_region(x64) == 1, np.cos(x64), f_ref(x64)),
            msg("ex_a1_2.cos_middle"),
        ),
        *(Mistake(label, value, text) for label, value, _, text in _piece_slips(x64)),
    ]
    for order in itertools.permutations(ORDER):
        if order != ORDER:
            pairs = msg("ex_a1_2.list_sep").join(
                msg("ex_a1_2.region_used", region=REGIONS[i], piece=order[i])
                for i in range(3)
                if order[i] != ORDER[i]
            )
            out.append(
                Mistake(
                    "branch_order",
                    _eval(x64, order=order),
                    msg("ex_a1_2.branch_order", pairs=pairs),
                )
            )
    return out


def _select_mistakes(x64):
    first_sin = np.where(x64 < np.pi, np.sin(x64), np.where(x64 < 0, x64**2, x64 - np.pi))
    return [
        Mistake(
            "select_order",
            first_sin,
            msg("ex_a1_2.select_order"),
        )
    ] + _value_mistakes(x64)


def _grad_mistakes(x64):
    variants = (
        (dict(zero_left=True), msg("ex_a1_2.zero_left")),
        (dict(pi_left=True), msg("ex_a1_2.pi_left")),
        (dict(zero_left=True, pi_left=True), msg("ex_a1_2.both_left")),
    )
    return [
        Mistake(
            "boundary",
            _eval(x64, region=_region(x64, **flags), deriv=True),
            msg("ex_a1_2.boundary_derivative", text=text),
        )
        for flags, text in variants
    ] + [
        Mistake(
            "truncated_index",
            _eval(x64, region=_truncated_index(x64), deriv=True),
            msg("ex_a1_2.truncated_index"),
        ),
        Mistake(
            "pi_minus_x",
            np.where(_region(x64) == 2, -1.0, df_ref(x64)),
            msg("ex_a1_2.pi_minus_x"),
        ),
        *(Mistake(label, deriv, text) for label, _, deriv, text in _piece_slips(x64)),
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
            msg("ex_a1_2.python_if"),
            error=str(e).splitlines()[0],
        )
    except jax.errors.ConcretizationTypeError as e:
        fail(
            msg("ex_a1_2.concretized"),
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
        msg=msg("ex_a1_2.values_differ", what=what, atol=atol),
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
        msg=msg("ex_a1_2.derivs_differ", what=what),
    )


@checks.add("returns")
def _(L):
    import jax.numpy as jnp

    x, x64 = _points()
    for fn, arg, what in (
        (L.piecewise, jnp.float32(1.0), msg("ex_a1_2.piecewise_result")),
        (L.piecewise_select, x, msg("ex_a1_2.select_result")),
    ):
        shape, dtype = A1.shape_dtype(
            _guarded(lambda v: A1.abstract(fn, v, what=A1.fn_label(fn)), arg),  # noqa: B023 (called at once)
            what,
        )
        if shape != tuple(arg.shape):
            assert_equal(
                list(shape),
                list(arg.shape),
                msg("ex_a1_2.shape_differs", what=what, want=tuple(arg.shape), shape=shape),
                what=msg("ex_a1_2.shape_of", what=what),
            )
        if not np.issubdtype(dtype, np.floating):
            fail(
                msg("ex_a1_2.not_floating", what=what, dtype=dtype),
                actual=str(dtype),
            )


@checks.add("vmap_values", needs="returns")
def _(L):
    import jax

    x, x64 = _points()
    _values(_guarded(jax.vmap(L.piecewise), x), x64, "vmap(piecewise)(x)", _value_mistakes(x64))


@checks.add("select_values", needs="returns")
def _(L):
    x, x64 = _points()
    _values(_guarded(L.piecewise_select, x), x64, "piecewise_select(x)", _select_mistakes(x64))


@checks.add("scalar_cond", needs="returns")
def _(L):
    import jax.numpy as jnp

    counts = _guarded(primitive_counts, L.piecewise, jnp.float32(1.0))
    if counts["cond"]:
        return
    why = ""
    if counts["select_n"]:
        why = msg("ex_a1_2.elementwise_select")
    fail(
        msg("ex_a1_2.no_cond") + why,
        primitives=A1.top_primitives(counts),
    )


@checks.add("vmap_select_n", needs="returns")
def _(L):
    import jax

    x, _ = _points()
    counts = _guarded(primitive_counts, jax.vmap(L.piecewise), x)
    if counts["cond"] or not counts["select_n"]:
        fail(
            msg("ex_a1_2.cond_after_vmap"),
            has_cond=bool(counts["cond"]),
            has_select_n=bool(counts["select_n"]),
            primitives=A1.top_primitives(counts),
        )


@checks.add("grad", needs="returns")
def _(L):
    import jax

    x, x64 = _points()
    _derivs(_guarded(jax.vmap(jax.grad(L.piecewise)), x), x64, "vmap(grad(piecewise))(x)")


@checks.add("select_grad", needs="returns")
def _(L):
    import jax
    import jax.numpy as jnp

    x, x64 = _points()
    got = _guarded(jax.grad(lambda v: jnp.sum(L.piecewise_select(v))), x)
    _derivs(got, x64, msg("ex_a1_2.select_derivs"))


@checks.add(
    "fresh",
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
        msg("ex_a1_2.fresh_vmap"),
        _value_mistakes(x64),
        rtol=1e-5,
        atol=1e-5,
    )
    _values(
        _guarded(jax.jit(L.piecewise_select), x),
        x64,
        msg("ex_a1_2.fresh_select"),
        _select_mistakes(x64),
        rtol=1e-5,
        atol=1e-5,
    )
    grid = x.reshape(3, 5)
    _values(
        _guarded(jax.jit(L.piecewise_select), grid),
        f64(grid),
        msg("ex_a1_2.select_2d"),
        _select_mistakes(f64(grid)),
        rtol=1e-5,
        atol=1e-5,
    )
    _derivs(
        _guarded(jax.jit(jax.vmap(jax.grad(L.piecewise))), x),
        x64,
        msg("ex_a1_2.fresh_derivs"),
        rtol=1e-5,
        atol=1e-5,
    )
