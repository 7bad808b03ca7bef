# Repair exercise: every newly created Opts(2) makes power recompile.
# Change it until the checks pass (Ctrl+T shows a hint).


class Opts:
    def __init__(self, k):
        self.k = k


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


power = jax.jit(_power, static_argnums=1)
