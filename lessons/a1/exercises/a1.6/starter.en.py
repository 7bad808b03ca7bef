# Exercise a1.6: an RK4 ODE integrator
# The chapter context has already imported np, jax, jnp, lax, functools and defined oscillator(t, y, omega) (see the "Context" tab).


def rk4_step(f, t, y, h, args):
    """One classic RK4 step: four slopes weighted 1 : 2 : 2 : 1. The right-hand side is called as f(t, y, args)."""
    raise NotImplementedError


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    """Take n_steps steps with lax.scan, the carry being (t, y). Returns (y_T, traj); traj[i] is the state after step i + 1."""
    raise NotImplementedError


# You can try things out below (the check does not rely on this code):
# run = jax.jit(lambda start, w: odeint_rk4(oscillator, start, 0.0, 0.01, 500, w))
# final, path = run(jnp.array([1.0, 0.5]), 2.0)
# print(final, path.shape)                  # analytic solution x(5) = cos 10 + 0.25·sin 10
