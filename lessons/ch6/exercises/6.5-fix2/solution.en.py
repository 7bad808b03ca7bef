# Reference solution: n_steps decides the output's shape, so declare it a static argument; every new n_steps compiles once.


def halve_and_shift(x, _):
    x = 0.5 * x + 1.0
    return x, x


def trajectory(x0, n_steps):
    _, path = lax.scan(halve_and_shift, x0, None, length=n_steps)
    return path


orbit = jax.jit(trajectory, static_argnames=("n_steps",))   # or as the decorator @partial(...)
