"""Exercise a1.6 (worked practice B), an RK4 ODE integrator.

Interface:
  rk4_step(f, t, y, h, args) -> y_next                     one step of classic fourth-order
                                                           Runge–Kutta
  odeint_rk4(f, y0, t0, h, n_steps, args) -> (y_T, traj)   n_steps steps with lax.scan;
      traj[i] is the state after step i + 1, of shape (n_steps,) + y0.shape
The right-hand side has the form f(t, y, args), args the explicitly passed parameters (may be a
pytree).

Where the assertions of the chapter's worked practice B (harmonic oscillator ω = 2, y0 = (1, 0.5),
h = 0.01, n = 500, integrated to T = 5; the integrator under jit, n_steps static) are checked:
  1. the whole trajectory agrees with a NumPy float64 Python loop, atol 1e-5 → check "traj_numpy"
  2. |x(T) − the analytic solution cos ωT + (v0/ω)·sin ωT| < 1e-4        → check "analytic"
  3. |∂x(T)/∂v0 (jax.grad through the scan) − sin(ωT)/ω| < 1e-4          → check "grad_v0"
  4. vmap over initial states (0.5, 0), (1, 0), (2, 0): x(T) ≈ a·cos ωT, atol 1e-4 → check "vmap_y0"
Added:
  - one rk4_step agrees with NumPy (a right-hand side that depends on t explicitly, which exposes
    wrong stage weights and stage times)                                → check "step"
  - a new equation with explicit t, t0 ≠ 0 and args a tuple: the whole trajectory agrees with
    NumPy                                                               → check "time_dependent"
  - odeint_rk4 returns (y_T, traj), of shapes y0.shape and (n_steps,) + y0.shape → check "returns"
  - odeint_rk4's program holds a scan (not unrolled by the number of steps) → check "uses_scan"
    (the multi-step checks depend on these two: a pair in the wrong order cannot be compared
    item by item, and an integrator unrolled by the step count compiles too slowly under jit and
    would time out, so they are skipped first)
"""

import weakref

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _rk4_ref as RK
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_scalar,
    assert_close,
    compare,
    fail,
    lead,
    msg,
    primitive_counts,
    rng,
    skip,
)

checks = Checks("ex_a1_6")

OMEGA, Y0, STEP, N = 2.0, (1.0, 0.5), 0.01, 500


rk4_ref, integrate_ref = RK.rk4_ref, RK.integrate_ref


osc_np, osc_jax, forced_np, forced_jax = RK.osc_np, RK.osc_jax, RK.forced_np, RK.forced_jax


def _solution(out, n, state_shape, what=None):
    """(y_T, traj) validated: y_T of the state's shape, traj of shape (n,) + state shape, both
    floating; the pair in the wrong order is named as such."""
    if what is None:
        what = msg("ex_a1_6.result")
    return A1.array_pair(
        out, what, ("y_T", "traj"), (tuple(state_shape), (n,) + tuple(state_shape))
    )


def _solve_osc(L):
    import jax

    return jax.jit(lambda y0, w: L.odeint_rk4(osc_jax, y0, 0.0, STEP, N, w))


def _osc_solution(L, y0=Y0):
    import jax.numpy as jnp

    return _solution(_solve_osc(L)(jnp.array(y0), jnp.float32(OMEGA)), N, (2,))


def _step_case():
    g = rng(1601)
    return g.normal(size=3), (0.3, 1.7, 2.5), 0.8, 0.2


def _learner_step(L, y, args, t, h):
    import jax.numpy as jnp

    out = L.rk4_step(
        forced_jax,
        jnp.float32(t),
        jnp.asarray(y, jnp.float32),
        jnp.float32(h),
        tuple(jnp.float32(a) for a in args),
    )
    return as_array(out, msg("ex_a1_6.step_result"), shape=y.shape)


_DRIVEN = (forced_jax, rng(1602).normal(size=3), 1.5, 0.1, 30, (0.25, 0.9, 1.3))
_OWN_STEPS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _own_step_trajectory(L, equation="osc"):
    """A trajectory integrated by the check's own scan, one learner rk4_step per step (the
    oscillator, or time_dependent's driven pendulum): where the learner's odeint_rk4 gives these
    numbers, its integrator adds nothing of its own to a wrong step. Computed once per run and
    equation, and only after a comparison failed."""
    memo = _OWN_STEPS.setdefault(L, {})
    if equation not in memo:
        import jax
        import jax.numpy as jnp

        f, y0, t0, h, n, args = (osc_jax, Y0, 0.0, STEP, N, OMEGA) if equation == "osc" else _DRIVEN
        f32 = jax.tree.map(jnp.float32, args)

        def advance(state, _):
            t, y = state
            y = L.rk4_step(f, t, y, jnp.float32(h), f32)
            return (t + h, y), y

        run = jax.jit(lambda y: jax.lax.scan(advance, (jnp.float32(t0), y), length=n)[1])
        memo[equation] = np.asarray(run(jnp.asarray(y0, jnp.float32)), np.float64)
    return memo[equation]


def _step_fails(L) -> bool:
    """Whether the learner's rk4_step differs from classic RK4 on check step's own input (so that
    check failed and said why)."""
    y, args, t, h = _step_case()
    want = rk4_ref(forced_np, t, y, h, args)
    return compare(_learner_step(L, y, args, t, h), want, rtol=1e-5, atol=1e-5) is not None


def _forward_cause(L, traj) -> str | None:
    """The earlier check whose failure explains a wrong oscillator trajectory: "step" when the
    trajectory is exactly the learner's own wrong step repeated by a right integrator,
    "traj_numpy" when it differs from the NumPy loop for another reason, None when it is right."""
    want = integrate_ref(osc_np, Y0, 0.0, STEP, N, OMEGA)
    if compare(traj, want, rtol=0, atol=1e-5) is None:
        return None
    own = _own_step_trajectory(L, "osc")
    if compare(traj, own, rtol=1e-4, atol=1e-5) is None and _step_fails(L):
        return "step"
    return "traj_numpy"


def _silent_after(L, solution, what) -> None:
    """A later check on the oscillator whose wrong value follows from what an earlier failed check
    already explains stays silent (skipped, covered by that check): a y_T that is not the
    trajectory's last state, or a wrong trajectory."""
    yT, traj = solution
    if compare(yT, traj[-1], rtol=0, atol=1e-5) is not None:
        skip(msg("ex_a1_6.follows_y_t", what=lead(what)), covered_by="traj_numpy")
    cause = _forward_cause(L, traj)
    if cause == "step":
        skip(msg("ex_a1_6.follows_step", what=lead(what)), covered_by="step")
    if cause == "traj_numpy":
        skip(msg("ex_a1_6.follows_trajectory", what=lead(what)), covered_by="traj_numpy")


@checks.add("step")
def _(L):
    y, args, t, h = _step_case()
    got = _learner_step(L, y, args, t, h)
    if not np.issubdtype(got.dtype, np.floating):
        fail(msg("ex_a1_6.step_not_floating", dtype=got.dtype), actual=str(got.dtype))
    right = rk4_ref(forced_np, t, y, h, args)
    # the ~300 weight slips are computed only for a step that differs (a right one skips them)
    wrong = compare(got, right, rtol=1e-5, atol=1e-5) is not None
    mistakes = RK.step_mistakes(forced_np, t, y, h, args) if wrong else []
    assert_close(
        got,
        right,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_a1_6.step_result_label"),
        mistakes=mistakes,
        msg=msg("ex_a1_6.step_differs"),
    )


@checks.add("returns")
def _(L):
    import jax.numpy as jnp

    out = A1.abstract(
        lambda y, w: L.odeint_rk4(osc_jax, y, 0.0, 0.1, 40, w),
        jnp.array([1.0, 0.0]),
        jnp.float32(1.0),
        what="odeint_rk4",
    )
    _solution(out, 40, (2,))


def _program(L, n):
    import jax.numpy as jnp

    return primitive_counts(
        lambda y, w: L.odeint_rk4(osc_jax, y, 0.0, 0.1, n, w),
        jnp.array([1.0, 0.0]),
        jnp.float32(1.0),
    )


@checks.add("uses_scan", needs="returns")
def _(L):
    counts = _program(L, 20)
    if counts["scan"]:
        return
    n20, n40 = sum(counts.values()), sum(_program(L, 40).values())
    grows = A1.grows_with(20, 40, n20, n40)
    fail(
        msg("ex_a1_6.no_scan") + (msg("ex_a1_6.unrolled", n20=n20, n40=n40) if grows else ""),
        equations_20_steps=n20,
        equations_40_steps=n40,
        primitives=A1.top_primitives(counts),
    )


@checks.add(
    "traj_numpy",
    needs=("returns", "uses_scan"),
)
def _(L):
    yT, traj = _osc_solution(L)
    want = integrate_ref(osc_np, Y0, 0.0, STEP, N, OMEGA)
    if compare(traj, want, rtol=0, atol=1e-5) is not None and _forward_cause(L, traj) == "step":
        skip(msg("ex_a1_6.follows_step", what=lead(msg("ex_a1_6.trajectory"))), covered_by="step")
    lagged = np.concatenate([np.array([Y0]), want[:-1]])
    assert_close(
        traj,
        want,
        rtol=0,
        atol=1e-5,
        what=msg("ex_a1_6.trajectory"),
        mistakes=[
            Mistake(
                "lagged",
                lagged,
                msg("ex_a1_6.traj_one_step_late"),
            )
        ],
        msg=msg("ex_a1_6.traj_differs"),
    )
    assert_close(
        yT,
        want[-1],
        rtol=0,
        atol=1e-5,
        what="y_T",
        msg=msg("ex_a1_6.y_t_not_last"),
    )


@checks.add("analytic", needs=("returns", "uses_scan"))
def _(L):
    yT, traj = _osc_solution(L)
    T = STEP * N
    exact = Y0[0] * np.cos(OMEGA * T) + Y0[1] / OMEGA * np.sin(OMEGA * T)
    got = float(yT[0])
    if not abs(got - exact) <= 1e-4:  # a NaN is no closer: it fails too
        _silent_after(L, (yT, traj), "x(T)")
    assert_close(
        got,
        exact,
        rtol=0,
        atol=1e-4,
        what="x(T)",
        msg=msg("ex_a1_6.analytic_differs", got=got, exact=exact),
    )


@checks.add(
    "grad_v0",
    needs=("returns", "uses_scan"),
)
def _(L):
    import jax
    import jax.numpy as jnp

    solve = _solve_osc(L)
    sens = jax.grad(lambda y0: solve(y0, jnp.float32(OMEGA))[0][0])(jnp.array(Y0))
    T = STEP * N
    exact = np.sin(OMEGA * T) / OMEGA
    got = as_scalar(as_array(sens, "∂x(T)/∂y0", shape=(2,))[1], "∂x(T)/∂v0")
    if not abs(got - exact) <= 1e-4:  # a NaN is no closer: it fails too
        _silent_after(L, _osc_solution(L), "∂x(T)/∂v0")
    assert_close(
        got,
        exact,
        rtol=0,
        atol=1e-4,
        what="∂x(T)/∂v0",
        msg=msg("ex_a1_6.grad_differs", got=got, exact=exact),
        mistakes=[Mistake("cut", 0.0, msg("ex_a1_6.grad_zero", exact=exact))],
    )


@checks.add("vmap_y0", needs=("returns", "uses_scan"))
def _(L):
    import jax
    import jax.numpy as jnp

    solve = _solve_osc(L)
    starts = jnp.array([[0.5, 0.0], [1.0, 0.0], [2.0, 0.0]])
    xT = as_array(
        jax.vmap(lambda y0: solve(y0, jnp.float32(OMEGA))[0][0])(starts),
        msg("ex_a1_6.batched_x_t"),
        shape=(3,),
    )
    T = STEP * N
    exact = np.array([0.5, 1.0, 2.0]) * np.cos(OMEGA * T)
    if compare(xT, exact, rtol=0, atol=1e-4) is not None:
        one_by_one = np.array([float(solve(y0, jnp.float32(OMEGA))[0][0]) for y0 in starts])
        if compare(xT, one_by_one, rtol=0, atol=1e-5) is None:  # vmap changes nothing
            _silent_after(L, _osc_solution(L), msg("ex_a1_6.batched_x_t"))
    assert_close(
        xT,
        exact,
        rtol=0,
        atol=1e-4,
        what="x(T)",
        msg=msg("ex_a1_6.batched_differs"),
    )


@checks.add(
    "time_dependent",
    needs=("returns", "uses_scan"),
)
def _(L):
    import jax
    import jax.numpy as jnp

    f, y0, t0, h, n, args = _DRIVEN
    run = jax.jit(lambda y, a: L.odeint_rk4(forced_jax, y, t0, h, n, a))
    _, traj = _solution(
        run(jnp.asarray(y0, jnp.float32), tuple(jnp.float32(a) for a in args)), n, (3,)
    )
    want = integrate_ref(forced_np, y0, t0, h, n, args)
    if compare(traj, want, rtol=1e-4, atol=1e-4) is not None:
        lagged = np.concatenate([np.array([y0]), want[:-1]])
        if compare(traj, lagged, rtol=1e-4, atol=1e-4) is None:
            skip(msg("ex_a1_6.follows_lag"), covered_by="traj_numpy")
        own = _own_step_trajectory(L, "driven")
        if compare(traj, own, rtol=1e-4, atol=1e-4) is None and _step_fails(L):
            what = lead(msg("ex_a1_6.trajectory"))
            skip(msg("ex_a1_6.follows_step", what=what), covered_by="step")
    frozen, y = [], np.array(y0, np.float64)
    for _ in range(n):
        y = rk4_ref(forced_np, t0, y, h, args)
        frozen.append(y)
    mistakes = [
        Mistake(
            "time_frozen",
            np.array(frozen),
            msg("ex_a1_6.time_frozen"),
        ),
        Mistake(
            "starts_at_zero",
            integrate_ref(forced_np, y0, 0.0, h, n, args),
            msg("ex_a1_6.starts_at_zero"),
        ),
        Mistake(
            "clock_ahead",
            integrate_ref(forced_np, y0, t0 + h, h, n, args),
            msg("ex_a1_6.clock_ahead"),
        ),
    ]
    assert_close(
        traj,
        want,
        rtol=1e-4,
        atol=1e-4,
        what=msg("ex_a1_6.trajectory"),
        mistakes=mistakes,
        msg=msg("ex_a1_6.time_dependent_differs"),
    )
