"""Exercise 7.2: a safe cosine similarity cos_sim_safe(a, b).

The chapter's self-check (default_rng(22), a and b standard normal of length 6, cast to float32),
here:
  1. value ≈ a·b/(|a||b|) within atol 1e-6                                   -> value
  2. d/da ≈ b/(|a||b|) − cos·a/|a|², atol 1e-5                               -> grads
  3. d/db ≈ a/(|a||b|) − cos·b/|b|², atol 1e-5                               -> grads
  4. cos_sim_safe(1e-3·a, a) ≈ 1 within 1e-5 (added: the arguments swapped, and the scales
     1e-6 … 1e-15, where a threshold on the squared norm shows; an ε inside the squared norms
     is named when one ε also gives the learner's value 0.5 at a second scale)   -> tiny_vector
  5. zero a, zero b, both zero (length 6): the value is exactly 0.0          -> zero_inputs
  6. ... and both gradients are finite                                       -> zero_inputs
  7. jit of vmap of grad over rows [a, 0, a, 0] / [b, b, 0, 0]: finite       -> vmap_batch
Added: a fresh pair of length 9, check_grads (order 1, fwd and rev); at a zero input both
gradients are exactly 0: an ε inside the square root, sqrt(Σa² + ε), keeps values finite but puts
a gradient ≈ 1/√ε at a = 0 -> zero_grads."""

import numpy as np
from _ch7_eps_guess import as_f32, eps_diagnosis, eps_tiny_diagnosis
from _ch7_sqrt_guard import why_nan_grad
from _ch7_zero_guard import why_not_zero

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_callable,
    as_scalar,
    assert_close,
    assert_equal,
    assert_that,
    compare,
    fail,
    msg,
    rng,
    skip,
)

checks = Checks("ex_7_2")


def _pair(seed, n):
    """Two float64 vectors holding exactly float32 values (so the reference sees what JAX sees)."""
    gen = rng(seed)
    first = gen.standard_normal(n).astype(np.float32)
    second = gen.standard_normal(n).astype(np.float32)
    return first.astype(np.float64), second.astype(np.float64)


def _ref(u, v):
    """(cos, d cos/du, d cos/dv) in float64."""
    lu, lv = np.sqrt(u @ u), np.sqrt(v @ v)
    cos = float(u @ v) / (lu * lv)
    return cos, v / (lu * lv) - cos * u / lu**2, u / (lu * lv) - cos * v / lv**2


def _scalar_fn(L):
    """cos_sim_safe, once it is shown to return a scalar (jax.grad needs one)."""
    import jax.numpy as jnp

    fn = as_callable(L.cos_sim_safe, "cos_sim_safe")
    probe = as_array(
        fn(jnp.ones(3, jnp.float32), jnp.arange(3.0, dtype=jnp.float32)),
        "cos_sim_safe(a, b)",
        floating=True,
    )
    assert_that(
        probe.shape == (),
        msg("ex_7_2.grad_needs_scalar", shape=probe.shape),
        actual=list(probe.shape),
    )
    return fn


@checks.add("value")
def _(L):
    for seed, n in ((22, 6), (722, 9)):
        a64, b64 = _pair(seed, n)
        c, _, _ = _ref(a64, b64)
        got = as_array(L.cos_sim_safe(*as_f32(a64, b64)), msg("ex_7_2.value_at_length", n=n))
        assert_that(
            got.shape == (),
            msg("ex_7_2.not_a_scalar", shape=got.shape),
            actual=list(got.shape),
        )
        assert_close(
            float(got),
            c,
            rtol=0,
            atol=1e-6,
            what=msg("ex_7_2.random_vectors_of_length", n=n),
            msg=msg("ex_7_2.value_differs", n=n),
            mistakes=_value_mistakes(a64, b64),
        )


def _value_mistakes(a64, b64):
    """aᵀb over wrong norms (unrooted, added, one twice), or |aᵀb|: said only when equal."""
    dot, sa, sb = float(a64 @ b64), float(a64 @ a64), float(b64 @ b64)
    return [
        Mistake("no_sqrt", dot / (sa * sb), msg("ex_7_2.value_no_sqrt")),
        Mistake("one_norm_squared", dot / (sa * np.sqrt(sb)), msg("ex_7_2.value_one_sqrt")),
        Mistake("one_norm_squared_b", dot / (np.sqrt(sa) * sb), msg("ex_7_2.value_one_sqrt")),
        Mistake("abs_dot", abs(dot) / np.sqrt(sa * sb), msg("ex_7_2.value_abs_dot")),
        Mistake("norms_added", dot / (np.sqrt(sa) + np.sqrt(sb)), msg("ex_7_2.value_norms_added")),
        Mistake("norm_a_twice", dot / sa, msg("ex_7_2.value_one_norm_twice", v="a")),
        Mistake("norm_b_twice", dot / sb, msg("ex_7_2.value_one_norm_twice", v="b")),
    ]


@checks.add("grads")
def _(L):
    import jax
    from jax.test_util import check_grads

    for seed, n in ((22, 6), (722, 9)):
        a64, b64 = _pair(seed, n)
        _, ga_ref, gb_ref = _ref(a64, b64)
        both_grads = jax.grad(_scalar_fn(L), argnums=[0, 1])
        ga, gb = both_grads(*as_f32(a64, b64))
        scale = 1.0 / (np.sqrt(a64 @ a64) * np.sqrt(b64 @ b64))
        assert_close(
            as_array(ga, msg("ex_7_2.grad_a_at_length", n=n)),
            ga_ref,
            rtol=0,
            atol=1e-5,
            what=msg("ex_7_2.grad_a_at_length", n=n),
            msg=msg("ex_7_2.grad_a_differs"),
            mistakes=[Mistake("norms_constant", b64 * scale, msg("ex_7_2.norms_constant_a"))],
        )
        assert_close(
            as_array(gb, msg("ex_7_2.grad_b_at_length", n=n)),
            gb_ref,
            rtol=0,
            atol=1e-5,
            what=msg("ex_7_2.grad_b_at_length", n=n),
            msg=msg("ex_7_2.grad_b_differs"),
            mistakes=[Mistake("norms_constant", a64 * scale, msg("ex_7_2.norms_constant_b"))],
        )
    a64, b64 = _pair(7022, 5)
    try:
        check_grads(_scalar_fn(L), as_f32(a64, b64), 1, modes=("fwd", "rev"))
    except AssertionError as e:
        first_line = (str(e).strip().split("\n") or [""])[0]
        fail(msg("ex_7_2.check_grads_failed", error=first_line[:200]))


# A threshold or an ε hides at one scale: scales down to a squared norm still normal in float32
TINY_SCALES = (1e-3, 1e-6, 1e-9, 1e-12, 1e-15)


@checks.add("tiny_vector")
def _(L):
    a64, _ = _pair(22, 6)
    (vec,) = as_f32(a64)
    sq_a = float(a64 @ a64)  # the squared norm of a scaled vector is sq_a · scale²
    for scale in TINY_SCALES:
        for call, args in (
            (f"cos_sim_safe({scale:g} * a, a)", (vec * scale, vec)),
            (f"cos_sim_safe(a, {scale:g} * a)", (vec, vec * scale)),
        ):
            got = as_scalar(L.cos_sim_safe(*args), call)
            treated_as_zero = Mistake(
                "treated_as_zero",
                0.0,
                msg("ex_7_2.tiny_taken_as_zero", call=call, sq_norm=sq_a * scale * scale),
            )
            if abs(got - 1.0) <= 1e-5:
                continue
            assert_close(
                got,
                1.0,
                rtol=0,
                atol=1e-5,
                what=call,
                mistakes=[treated_as_zero],
                msg=msg("ex_7_2.tiny_not_one", call=call, got=repr(got))
                + eps_tiny_diagnosis(L, a64, scale, got, scaled_first=args[0] is not vec),
            )


def _zero_cases():
    import jax.numpy as jnp

    a64, b64 = _pair(22, 6)
    a, b = as_f32(a64, b64)
    nil = jnp.zeros_like(a)
    return (
        (msg("ex_7_2.a_zero"), nil, b, b64),
        (msg("ex_7_2.b_zero"), a, nil, a64),
        (msg("ex_7_2.both_zero"), nil, nil, None),
    )


@checks.add("zero_inputs")
def _(L):
    import jax

    both_grads = jax.grad(_scalar_fn(L), argnums=[0, 1])
    cases = _zero_cases()
    for name, u, v, other in cases:
        val = as_scalar(L.cos_sim_safe(u, v), msg("ex_7_2.value_when", name=name))
        if val != 0.0:
            assert_equal(
                val,
                0.0,
                msg("ex_7_2.not_zero_when", name=name, got=repr(val))
                + why_not_zero(L, val, (u, v), other, cases),
            )
        gu, gv = (as_array(x, msg("ex_7_2.grads_when", name=name)) for x in both_grads(u, v))
        if not (np.all(np.isfinite(gu)) and np.all(np.isfinite(gv))):
            fail(why_nan_grad(L, name, u, v), grad_a=gu, grad_b=gv)


def _outer_where_why(both_grads, label: str, both_norms: bool = False) -> str:
    """Grad at {label} = 0 is the other's unit vector (or, with `both_norms`, the other vector
    itself: one condition swapped 1 in for both norms): no outer where, unless the other zero
    case gives an exact 0 (then the outer where is there but its condition misses {label})."""
    other, (a_zero, b_zero, _) = ("b" if label == "a" else "a"), _zero_cases()
    _, u, v, _ = b_zero if label == "a" else a_zero
    if np.all(np.asarray(both_grads(u, v)[1 if other == "b" else 0]) == 0.0):
        if both_norms:
            return msg("ex_7_2.outer_where_misses_both_norms", label=label, other=other)
        return msg("ex_7_2.outer_where_misses", label=label, other=other)
    if both_norms:
        return msg("ex_7_2.outer_where_grad_both_norms", label=label)
    return msg("ex_7_2.outer_where_grad", label=label)


@checks.add("zero_grads")
def _(L):
    import jax
    import jax.numpy as jnp

    both_grads = jax.grad(_scalar_fn(L), argnums=[0, 1])
    not_finite = []  # cases with nothing to compare: zero_inputs reports their NaN
    for name, u, v, other64 in _zero_cases():
        gu, gv = (as_array(x, msg("ex_7_2.grads_when", name=name)) for x in both_grads(u, v))
        if not (np.all(np.isfinite(gu)) and np.all(np.isfinite(gv))):
            not_finite.append(name)
            continue
        for label, g, is_zero in (
            ("a", gu, name != msg("ex_7_2.b_zero")),
            ("b", gv, name != msg("ex_7_2.a_zero")),
        ):
            if np.all(g == 0.0):
                continue
            why = ""
            size = float(np.linalg.norm(g))
            if other64 is not None and is_zero and size > 0:
                unit = other64 / np.linalg.norm(other64)
                if abs(float(g @ unit)) > 0.999 * size:  # parallel to the other vector
                    why = msg("ex_7_2.along_other_vector", size=size)
                    if compare(g, unit, rtol=1e-4, atol=1e-5) is None:
                        # a·b / (1·‖b‖) at a = 0: the safe norm 1 swapped in; the outer where is
                        # missing only if the other vector's zero case leaks the same way
                        why += _outer_where_why(both_grads, label)
                    elif compare(g, other64, rtol=1e-4, atol=1e-5) is None:
                        # a·b / (1·1): one condition swapped 1 in for both norms
                        why += _outer_where_why(both_grads, label, both_norms=True)
                    else:
                        why += eps_diagnosis(L, label, size, other64)
            assert_close(
                g,
                np.zeros_like(g),
                rtol=0,
                atol=0,
                what=msg("ex_7_2.grad_wrt_when", name=name, label=label),
                msg=msg(
                    "ex_7_2.grad_not_zero",
                    name=name,
                    label=label,
                    size=float(np.max(np.abs(g))),
                    why=why,
                ),
            )
    a64, b64 = _pair(22, 6)
    a, b = as_f32(a64, b64)
    nil = jnp.zeros_like(a)
    g = as_array(
        jax.jit(jax.vmap(jax.grad(_scalar_fn(L))))(
            jnp.stack((a, nil, a, nil)), jnp.stack((b, b, nil, nil))
        ),
        msg("ex_7_2.batched_result"),
        shape=(4, 6),
    )
    if np.all(np.isfinite(g)):
        assert_that(
            np.all(g[1:] == 0.0),
            msg("ex_7_2.batched_not_zero"),
            grads=g,
        )
    if not_finite:
        skip(
            msg("ex_7_2.nan_skip", count=len(not_finite)),
            covered_by="zero_inputs",
        )
    if not np.all(np.isfinite(g)):
        skip(msg("ex_7_2.batched_nan_skip"), covered_by="vmap_batch")


@checks.add("vmap_batch")
def _(L):
    import jax
    import jax.numpy as jnp

    a64, b64 = _pair(22, 6)
    a, b = as_f32(a64, b64)
    nil = jnp.zeros_like(a)
    rows_a = jnp.stack((a, nil, a, nil))
    rows_b = jnp.stack((b, b, nil, nil))
    batched = jax.jit(jax.vmap(jax.grad(_scalar_fn(L))))
    g = as_array(batched(rows_a, rows_b), msg("ex_7_2.batched_result"), shape=(4, 6))
    bad_rows = [i for i in range(4) if not np.all(np.isfinite(g[i]))]
    assert_that(not bad_rows, msg("ex_7_2.batched_nan_rows", bad_rows=bad_rows), grads=g)
    _, ga_ref, _ = _ref(a64, b64)
    if compare(g[0], ga_ref, rtol=0, atol=1e-5) is None:
        return
    # vmap is the cause only when the same function called on its own gets row 0 right
    alone = as_array(jax.grad(_scalar_fn(L))(a, b), msg("ex_7_2.grad_a_at_length", n=6))
    alone_right = compare(alone, ga_ref, rtol=0, atol=1e-5) is None
    assert_close(
        g[0],
        ga_ref,
        rtol=0,
        atol=1e-5,
        what=msg("ex_7_2.row0_grad"),
        msg=msg(
            "ex_7_2.row0_differs",
            why=msg("ex_7_2.row0_right_alone") if alone_right else msg("ex_7_2.row0_wrong_alone"),
        ),
    )
