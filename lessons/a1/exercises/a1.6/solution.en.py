# Exercise a1.6 reference solution


def rk4_step(f, t, y, h, args):
    half = 0.5 * h
    slope1 = f(t, y, args)
    slope2 = f(t + half, y + half * slope1, args)
    slope3 = f(t + half, y + half * slope2, args)
    slope4 = f(t + h, y + h * slope3, args)
    return y + (h / 6.0) * (slope1 + 2.0 * (slope2 + slope3) + slope4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    """args (the physical parameters) are passed to f explicitly, not through a closure."""

    def advance(state, _unused):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next          # output the state after the update

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path


if __name__ == "__main__":
    run = jax.jit(lambda start, w: odeint_rk4(oscillator, start, 0.0, 0.01, 500, w))
    final, path = run(jnp.array([1.0, 0.5]), 2.0)
    exact = np.cos(10.0) + 0.25 * np.sin(10.0)
    print(f"x(5) numerical = {float(final[0]):.6f}, analytic = {exact:.6f}, trajectory shape {path.shape}")
    sens = jax.grad(lambda start: run(start, 2.0)[0][0])(jnp.array([1.0, 0.5]))
    print(f"∂x(5)/∂v0 autodiff = {float(sens[1]):.6f}, analytic = {np.sin(10.0) / 2.0:.6f}")
