# Repair exercise: Layer compiles once on every call.
# Change it until the checks pass (Ctrl+T shows a hint).


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def _compute(self, x):
        return jnp.tanh(x @ self.weight)

    def __call__(self, x):
        return jax.jit(self._compute)(x)
