"""Exercise 7.3, Newton-CG: cg_solve(matvec, b, iters), newton_cg_step(x, A[, iters]).

The chapter's self-check (default_rng(33): an orthogonal Q from the QR of an 8×8 normal matrix,
SPD matrix Q·diag(1..10 in 8 steps)·Qᵀ, right-hand side normal(8), float32 copies), here:
  1. 8 CG iterations under jit, matrix passed as an argument ≈ np.linalg.solve, rtol 1e-3, atol
  1e-4 -> cg_exact
  2. 40 iterations: all finite -> cg_guard
  3. matvec v ↦ 2v, 5 iterations: finite and ≈ b/2 within 1e-5 -> cg_guard
  4. zero right-hand side, 5 iterations: exactly zero -> cg_guard
     (added: the gradient of Σ cg_solve(2v, b, 5) with respect to b is finite at b and at 0, and
     0.5 at b; the gradient of Σ cg_solve(Dv, 1, 5), D = diag(2, …, 2(1 + 2⁻²⁰)), is finite: its
     residual becomes tiny, not 0, and a guard that only catches an exact 0 is named when the
     gradient is finite on a b of small integers, whose residual is exactly 0)
  5. newton_cg_step has .lower (it is jitted)                                              -> jitted
  6. A normal(120, 16)/4, x normal(16): returned g ≈ Aᵀσ(Ax) + LAM·x within 1e-4 -> newton_direction
  7. relative error of d against solve(Aᵀdiag(s(1−s))A + LAM·I, −g) below 1e-3 -> newton_direction
  8. new x ≈ x + d within 1e-6 -> newton_direction
  9. six steps from x: gradient norm below 1e-3 -> converges
The chapter calls newton_cg_step(x, A) with two arguments (seed-errata: the iteration count needs a
default) -> newton_signature. Added: a second random problem for 1, 6–9, and a scan of the traced
program for n×n intermediates (a materialised Hessian) -> no_hessian."""

import numpy as np
from _ch7_cg import np_cg, why_not_exact

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    as_callable,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    fn_name,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_7_3")

LAM = 0.1


def _spd(seed):
    """A symmetric positive definite 8×8 matrix with eigenvalues 1..10 and a right-hand side."""
    gen = rng(seed)
    basis = np.linalg.qr(gen.standard_normal((8, 8)))[0]
    spd = (basis * np.linspace(1.0, 10.0, 8)) @ basis.T
    rhs = gen.standard_normal(8)
    return gen, spd, rhs


def _as32(*arrays):
    import jax.numpy as jnp

    return tuple(jnp.asarray(x, dtype=jnp.float32) for x in arrays)


def _problem(gen, m=120, n=16):
    design = (gen.standard_normal((m, n)) / 4.0).astype(np.float32).astype(np.float64)
    start = gen.standard_normal(n).astype(np.float32).astype(np.float64)
    return design, start


def _np_grad_hess(design, point):
    sig = 0.5 * (1.0 + np.tanh(0.5 * (design @ point)))  # logistic σ(Ax)
    grad = design.T @ sig + LAM * point
    hess = (design.T * (sig * (1.0 - sig))) @ design + LAM * np.identity(design.shape[1])
    return grad, hess


@checks.add("cg_exact")
def _(L):
    import jax
    import jax.numpy as jnp

    solve_n = jax.jit(lambda mat, rhs: L.cg_solve(lambda vec: jnp.dot(mat, vec), rhs, 8))
    for seed in (33, 733):
        _, spd, rhs = _spd(seed)
        sol = as_array(solve_n(*_as32(spd, rhs)), "cg_solve(M, b, 8)", shape=(8,))
        assert_close(
            sol,
            np.linalg.solve(spd, rhs),
            atol=1e-4,
            rtol=1e-3,
            what="cg_solve(M, b, 8)",
            msg=msg("ex_7_3.cg_not_exact") + why_not_exact(L, spd, rhs),
        )


@checks.add("cg_guard")
def _(L):
    import jax
    import jax.numpy as jnp

    _, spd, rhs = _spd(33)
    mat, vec_b = _as32(spd, rhs)

    run = lambda k: jax.jit(lambda m_, r_: L.cg_solve(lambda vec: jnp.dot(m_, vec), r_, k))  # noqa: E731 (named <lambda> in compile logs)
    x_more = as_array(run(40)(mat, vec_b), "cg_solve(M, b, 40)", shape=(8,))
    if not np.all(np.isfinite(x_more)):
        # 0/0 after convergence is the cause only when the iteration itself converges
        x_dim = as_array(run(8)(mat, vec_b), "cg_solve(M, b, 8)", shape=(8,))
        solved = compare(x_dim, np.linalg.solve(spd, rhs), rtol=1e-3, atol=1e-4) is None
        fail(
            msg("ex_7_3.nan_after_exact_solution")
            if solved
            else msg("ex_7_3.nan_and_not_converging"),
            actual=x_more,
        )
    x2 = as_array(
        jax.jit(lambda r_: L.cg_solve(lambda vec: vec + vec, r_, 5))(vec_b),
        "cg_solve(2v, b, 5)",
        shape=(8,),
    )
    if not np.all(np.isfinite(x2)):
        x1 = as_array(
            jax.jit(lambda r_: L.cg_solve(lambda vec: vec + vec, r_, 1))(vec_b),
            "cg_solve(2v, b, 1)",
            shape=(8,),
        )
        fail(
            msg("ex_7_3.nan_after_first_step")
            if compare(x1, 0.5 * rhs, rtol=0, atol=1e-5) is None
            else msg("ex_7_3.nan_and_first_step_wrong"),
            actual=x2,
        )
    assert_close(
        x2,
        0.5 * rhs,
        rtol=0,
        atol=1e-5,
        what="cg_solve(2v, b, 5)",
        msg=msg("ex_7_3.not_half_b"),
    )
    x0 = as_array(run(5)(mat, jnp.zeros_like(vec_b)), "cg_solve(M, 0, 5)", shape=(8,))
    assert_that(np.all(x0 == 0), msg("ex_7_3.b_zero_not_zero"), actual=x0)

    # the guard must also hold in the backward pass (the point of a double where): differentiate
    # Σ cg_solve(2v, b, 5) with respect to b, at b and at 0
    total = lambda r_: jnp.sum(L.cg_solve(lambda vec: vec + vec, r_, 5))  # noqa: E731 (named <lambda> in compile logs)
    # H = 2I and a b of small integers: every float32 operation is exact, the residual after the
    # first round is exactly 0 whatever the order of the sums
    exact_b = jnp.asarray([1.0, -2.0, 0.0, 3.0, 1.0, -1.0, 2.0, 0.0], jnp.float32)
    exact_ok = bool(np.all(np.isfinite(np.asarray(jax.grad(total)(exact_b)))))
    # two eigenvalues 2 and 2(1 + 2⁻²⁰): after the first round the residual is about 5e-7·‖b‖ in
    # exact arithmetic, then float32 rounding leaves a tiny one, not 0
    two = jnp.asarray([2.0] * 4 + [2.0 * (1.0 + 2.0**-20)] * 4, jnp.float32)
    close = lambda r_: jnp.sum(L.cg_solve(lambda vec: two * vec, r_, 5))  # noqa: E731
    for where, fn, at, at_zero in (
        (msg("ex_7_3.where_random_b"), total, vec_b, False),
        (msg("ex_7_3.where_zero"), total, jnp.zeros_like(vec_b), True),
        (msg("ex_7_3.where_ones"), close, jnp.ones(8, jnp.float32), False),
    ):
        g = as_array(jax.grad(fn)(at), msg("ex_7_3.grad_at", where=where), shape=(8,))
        if not np.all(np.isfinite(g)) and exact_ok and not at_zero:
            fail(msg("ex_7_3.tiny_residual_nan", where=where), grad=g)
        if not np.all(np.isfinite(g)) and "select_n" not in primitive_counts(fn, at):
            # no where in the program: the guard, if any, is an ε or a floor on the denominator
            fail(msg("ex_7_3.nan_grad_no_where", where=where), grad=g)
        assert_that(
            np.all(np.isfinite(g)),
            msg("ex_7_3.nan_grad_at", where=where),
            grad=g,
        )
    assert_close(
        as_array(jax.grad(total)(vec_b), "∂Σcg_solve(2v, b, 5)/∂b"),
        np.full(8, 0.5),
        rtol=0,
        atol=1e-4,
        what="∂Σcg_solve(2v, b, 5)/∂b",
        msg=msg("ex_7_3.grad_not_half"),
    )


def _loop_program(L, iters):
    """(number of equations, loop primitives) of the program cg_solve traces for `iters`
    iterations of v ↦ 2v on an 8-vector, sub-programs included."""
    import jax
    import jax.numpy as jnp

    rhs = jnp.ones(8, jnp.float32)
    closed = jax.make_jaxpr(lambda r: L.cg_solve(lambda vec: vec + vec, r, iters))(rhs)
    eqns = list(_all_eqns(closed))
    return len(eqns), sorted({e.primitive.name for e in eqns if e.primitive.name in LOOPS})


LOOPS = ("while", "scan")  # what lax.fori_loop, lax.scan and lax.while_loop trace to


@checks.add("cg_loop", needs="cg_exact")
def _(L):
    (small, loops_small), (large, loops_large) = _loop_program(L, 3), _loop_program(L, 30)
    detail = dict(equations_iters_3=small, equations_iters_30=large, loops=loops_large)
    if large > small:
        fail(
            msg("ex_7_3.program_grows", small=small, large=large)
            if loops_large
            else msg("ex_7_3.loop_unrolled", small=small, large=large),
            **detail,
        )
    assert_that(loops_small and loops_large, msg("ex_7_3.no_loop", small=small), **detail)


@checks.add("jitted")
def _(L):
    step = as_callable(L.newton_cg_step, "newton_cg_step")
    if hasattr(step, "lower"):
        return
    design, start = _problem(rng(34), m=12, n=5)
    with CompileLog() as log:
        try:
            step(*_as32(start, design))
        except TypeError:  # newton_signature reports a missing default
            pass
    assert_that(
        fn_name(step) in log.names,
        msg("ex_7_3.not_jitted", name=fn_name(step), compiled=sorted(set(log.names))[:6]),
        actual=repr(type(step)),
    )


@checks.add("newton_signature")
def _(L):
    design, start = _problem(rng(33))
    x32, a32 = _as32(start, design)
    try:
        out = L.newton_cg_step(x32, a32)
    except TypeError as e:
        if _needs_third_argument(L.newton_cg_step, x32, a32):
            fail(msg("ex_7_3.iters_needs_default", error=str(e).splitlines()[0][:200]))
        raise  # another TypeError inside the step (a call of cg_solve, say): the learner's own
    as_tuple(out, 3, msg("ex_7_3.step_result"))


def _needs_third_argument(fn, *args) -> bool:
    """Whether newton_cg_step's own signature refuses the two arguments (x, A)."""
    import inspect

    try:
        inspect.signature(fn).bind(*args)
    except TypeError:
        return True
    except ValueError:  # no signature to read: the error message is all there is
        return False
    return False


@checks.add(
    "newton_direction",
    needs="newton_signature",
)
def _(L):
    for seed in (33, 733):
        design, start = _problem(rng(seed))
        xj, A = _as32(start, design)
        x1, g, d = as_tuple(L.newton_cg_step(xj, A), 3, msg("ex_7_3.step_result"))
        n = start.shape[0]
        x1, g = (
            as_array(x1, msg("ex_7_3.returned_x"), shape=(n,)),
            as_array(g, msg("ex_7_3.returned_g"), shape=(n,)),
        )
        g64, H64 = _np_grad_hess(design, start)
        d_ref = np.linalg.solve(H64, -g64)
        assert_close(
            g,
            g64,
            rtol=0,
            atol=1e-4,
            what=msg("ex_7_3.gradient_g"),
            msg=msg("ex_7_3.g_differs"),
            mistakes=[  # g taken at the new point the step returns
                Mistake(
                    "at_x1", _np_grad_hess(design, x1.astype(np.float64))[0], msg("ex_7_3.g_at_x1")
                )
            ],
        )
        d = as_array(d, msg("ex_7_3.returned_d"), shape=(n,)).astype(np.float64)
        rel = float(np.linalg.norm(d - d_ref) / np.linalg.norm(d_ref))
        if rel >= 1e-3:
            flipped = float(np.linalg.norm(d + d_ref) / np.linalg.norm(d_ref))
            why = (
                msg("ex_7_3.direction_flipped")
                if flipped < 1e-3
                else _too_few_iterations(d, H64, -g64, np.linalg.norm(d_ref))
            )
            fail(
                msg("ex_7_3.direction_differs", rel=rel, why=why),
                expected=d_ref,
                actual=d,
                relative_error=rel,
            )
        assert_close(
            x1,
            np.asarray(xj) + d.astype(np.float32),
            rtol=0,
            atol=1e-6,
            what="new_x",
            msg=msg("ex_7_3.x_not_x_plus_d"),
            mistakes=[
                Mistake("minus", np.asarray(xj) - d.astype(np.float32), msg("ex_7_3.x_minus_d"))
            ],
        )


def _too_few_iterations(d, hess, rhs, scale) -> str:
    """Said only when d equals (relative error below 1e-3) what k < n float64 CG iterations give:
    the step called with (x, A) stops CG before it converges."""
    n = rhs.shape[0]
    for k in range(1, n):
        if float(np.linalg.norm(d - np_cg(hess, rhs, k)) / scale) < 1e-3:
            return msg("ex_7_3.too_few_iterations", k=k, n=n)
    return ""


@checks.add("converges", needs="newton_direction")
def _(L):
    for seed in (33, 733):
        design, start = _problem(rng(seed))
        xi, A = _as32(start, design)
        history = []
        for _ in range(6):
            xi, g, _ = as_tuple(L.newton_cg_step(xi, A), 3, msg("ex_7_3.step_result_plain"))
            history.append(
                float(np.linalg.norm(as_array(g, msg("ex_7_3.returned_g")).astype(np.float64)))
            )
        gn = float(
            np.linalg.norm(
                _np_grad_hess(design, as_array(xi, msg("ex_7_3.x_after_6")).astype(np.float64))[0]
            )
        )
        assert_that(
            gn < 1e-3,
            msg("ex_7_3.not_converged", gn=gn),
            grad_norm_before_each_step=history,
            final=gn,
        )


def _all_eqns(jaxpr):
    """Every equation of a jaxpr, descending into sub-jaxprs (pjit, while, cond, scan, custom
    rules)."""
    stack, seen = [jaxpr], set()
    while stack:
        jx = stack.pop()
        jx = getattr(jx, "jaxpr", jx)
        if id(jx) in seen or not hasattr(jx, "eqns"):
            continue
        seen.add(id(jx))
        for eqn in jx.eqns:
            yield eqn
            for value in eqn.params.values():
                items = value if isinstance(value, (tuple, list)) else (value,)
                for item in items:
                    if hasattr(item, "eqns") or hasattr(getattr(item, "jaxpr", None), "eqns"):
                        stack.append(item)


@checks.add("no_hessian", needs="newton_signature")
def _(L):
    import jax
    import jax.numpy as jnp

    n, m = 23, 7  # n ≠ m, so an (n, n) array can only be a Hessian-like matrix
    A = jnp.asarray(rng(3).standard_normal((m, n)), jnp.float32)
    x = jnp.zeros(n, jnp.float32)
    closed = jax.make_jaxpr(lambda x, A: L.newton_cg_step(x, A))(x, A)
    square = sorted(
        {
            eqn.primitive.name
            for eqn in _all_eqns(closed)
            for v in eqn.outvars
            if tuple(getattr(v.aval, "shape", ())) == (n, n)
        }
    )
    assert_that(
        not square,
        msg("ex_7_3.hessian_built", n=n),
        primitives=square,
    )
