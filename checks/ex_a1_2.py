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

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _piecewise_ref as PR
import numpy as np

from tutor.worker.checklib import (
    Checks,
    as_array,
    assert_close,
    assert_equal,
    compare,
    f64,
    fail,
    lead,
    msg,
    primitive_counts,
    rng,
    skip,
    which_mistake,
)

checks = Checks("ex_a1_2")

ORDER, REGIONS, PI32 = PR.ORDER, PR.REGIONS, PR.PI32
f_ref, df_ref = PR.f_ref, PR.df_ref
_value_cases, _value_mistakes = PR.value_cases, PR.value_mistakes
_select_mistakes, _grad_mistakes = PR.select_mistakes, PR.grad_mistakes


def _follows_values(values, derivs, x64, cover, what):
    """A derivative check stays silent when the function's own values on the same points are
    exactly one named value mistake (the earlier check `cover` said which) and the derivatives
    are exactly that mistaken function's derivatives."""
    values = as_array(values, what, shape=x64.shape)
    for mistake, deriv in _value_cases(x64):
        if (
            compare(values, mistake.value, rtol=0, atol=1e-6) is None
            and compare(derivs, deriv, rtol=0, atol=1e-6) is None
        ):
            skip(msg("ex_a1_2.follows_values", what=lead(what)), covered_by=cover)


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


def _values(got, x64, what, mistakes_of, rtol=0.0, atol=1e-6):
    """The learner's values against f; `mistakes_of(x64)`, the mistakes to name, is computed only
    when they differ."""
    got = as_array(got, what, shape=x64.shape)
    if compare(got, f_ref(x64), rtol=rtol, atol=atol) is None:
        return
    assert_close(
        got,
        f_ref(x64),
        rtol=rtol,
        atol=atol,
        what=what,
        mistakes=mistakes_of(x64),
        msg=msg("ex_a1_2.values_differ", what=what, atol=atol),
    )


def _derivs(got, x64, what, rtol=0.0, atol=1e-6, values=None, cover=None):
    """`values`: a function giving the learner's own values on x, to stay silent (covered by
    check `cover`) when the derivatives are those of a value mistake that check named."""
    got = as_array(got, what, shape=x64.shape)
    if values is not None and compare(got, df_ref(x64), rtol=rtol, atol=atol) is not None:
        _follows_values(values(), got, x64, cover, what)
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
    _values(_guarded(jax.vmap(L.piecewise), x), x64, "vmap(piecewise)(x)", _value_mistakes)


@checks.add("select_values", needs="returns")
def _(L):
    x, x64 = _points()
    _values(_guarded(L.piecewise_select, x), x64, "piecewise_select(x)", _select_mistakes)


@checks.add("scalar_cond", needs="returns")
def _(L):
    import jax.numpy as jnp

    counts = _guarded(primitive_counts, L.piecewise, jnp.float32(1.0))
    if counts["cond"]:
        branches = _guarded(A1.cond_branch_counts, L.piecewise, jnp.float32(1.0))
        if 3 not in branches:
            fail(
                msg("ex_a1_2.cond_not_switch", n=len(branches), sizes=branches),
                branches=branches,
            )
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
    import jax.numpy as jnp

    x, _ = _points()
    counts = _guarded(primitive_counts, jax.vmap(L.piecewise), x)
    if counts["cond"] or not counts["select_n"]:
        if not _guarded(primitive_counts, L.piecewise, jnp.float32(1.0))["cond"]:
            skip(msg("ex_a1_2.no_switch_to_rewrite"), covered_by="scalar_cond")
        fail(
            msg("ex_a1_2.cond_after_vmap") + (msg("ex_a1_2.cond_left") if counts["cond"] else ""),
            has_cond=bool(counts["cond"]),
            has_select_n=bool(counts["select_n"]),
            primitives=A1.top_primitives(counts),
        )


@checks.add("grad", needs="returns")
def _(L):
    import jax

    x, x64 = _points()
    _derivs(
        _guarded(jax.vmap(jax.grad(L.piecewise)), x),
        x64,
        "vmap(grad(piecewise))(x)",
        values=lambda: _guarded(jax.vmap(L.piecewise), x),
        cover="vmap_values",
    )


@checks.add("select_grad", needs="returns")
def _(L):
    import jax
    import jax.numpy as jnp

    x, x64 = _points()
    got = _guarded(jax.grad(lambda v: jnp.sum(L.piecewise_select(v))), x)
    _derivs(
        got,
        x64,
        msg("ex_a1_2.select_derivs"),
        values=lambda: _guarded(L.piecewise_select, x),
        cover="select_values",
    )


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
    p, p64 = _points()
    vmapped = (jax.vmap(L.piecewise), _value_mistakes, "vmap_values")
    selected = (L.piecewise_select, _select_mistakes, "select_values")
    grid = x.reshape(3, 5)
    for (fn, mistakes, cover), points, what in (
        (vmapped, x, msg("ex_a1_2.fresh_vmap")),
        (selected, x, msg("ex_a1_2.fresh_select")),
        (selected, grid, msg("ex_a1_2.select_2d")),
    ):
        got = as_array(_guarded(jax.jit(fn), points), what, shape=points.shape)
        if compare(got, f_ref(f64(points)), rtol=1e-5, atol=1e-5) is not None:
            _same_mistake_again((got, mistakes(f64(points))), (fn(p), mistakes(p64)), cover, what)
        _values(got, f64(points), what, mistakes, rtol=1e-5, atol=1e-5)
    _derivs(
        _guarded(jax.jit(jax.vmap(jax.grad(L.piecewise))), x),
        x64,
        msg("ex_a1_2.fresh_derivs"),
        rtol=1e-5,
        atol=1e-5,
        values=lambda: _guarded(jax.vmap(L.piecewise), x),
        cover="vmap_values",
    )


def _same_mistake_again(fresh, chapter, cover, what):
    """The fresh points stay silent about a value mistake the earlier check `cover` already named
    on the chapter's points: the same mistake (same words) matches the learner's values on both."""
    found = which_mistake(fresh[0], fresh[1], rtol=1e-5, atol=1e-5)
    before = which_mistake(as_array(chapter[0], what), chapter[1], rtol=0.0, atol=1e-6)
    if found is None or before is None:
        return
    moved = found.label.startswith("moved_")  # the same boundary moved: its interval may differ
    if str(found.message) == str(before.message) or (moved and found.label == before.label):
        skip(msg("ex_a1_2.same_mistake_again", what=lead(what)), covered_by=cover)
