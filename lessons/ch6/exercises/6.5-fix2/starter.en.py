# Repair exercise: orbit raises ConcretizationTypeError as soon as it is called.
# Change it until the checks pass (Ctrl+T shows a hint).


def halve_and_shift(x, _):
    x = 0.5 * x + 1.0
    return x, x


@jax.jit
def orbit(x0, n_steps):
    _, path = lax.scan(halve_and_shift, x0, None, length=n_steps)
    return path
