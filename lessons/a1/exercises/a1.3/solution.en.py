# Exercise a1.3 reference solution
CAP = 30          # the most iterations allowed
REL_TOL = 1e-6    # converged once |x² − a| < REL_TOL·a


def _still_moving(guess, a):
    return jnp.abs(guess * guess - a) >= REL_TOL * a


def _newton(guess, a):
    return 0.5 * (guess + a / guess)


def newton_sqrt_while(a):
    def keep_going(state):
        guess, steps = state
        return jnp.logical_and(_still_moving(guess, a), steps < CAP)

    def advance(state):
        guess, steps = state
        return _newton(guess, a), steps + 1

    return lax.while_loop(keep_going, advance, (a, jnp.int32(0)))


def newton_sqrt_scan(a, n_max=CAP):
    def frozen_or_advance(state, _):
        guess, steps = state
        moving = _still_moving(guess, a)           # the same test as the while version, made before the update
        guess = lax.select(moving, _newton(guess, a), guess)
        steps = steps + jnp.where(moving, 1, 0)
        return (guess, steps), None

    final, _ = lax.scan(frozen_or_advance, (a, jnp.int32(0)), xs=None, length=n_max)
    return final


if __name__ == "__main__":
    trial = jnp.array([2.0, 10.0, 0.3, 5e3])
    print("scan :", jax.vmap(newton_sqrt_scan)(trial))
    print("while:", jax.vmap(newton_sqrt_while)(trial))
    sqrt_only = lambda v: newton_sqrt_scan(v)[0]
    print("grad :", jax.vmap(jax.grad(sqrt_only))(trial))
