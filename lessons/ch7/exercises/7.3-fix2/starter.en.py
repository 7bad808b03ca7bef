# Repair exercise: only 2 outputs, yet one derivative per each of hundreds of input directions.
# Change it until the checks pass (Ctrl+T shows a hint).


def sensitivities(x, A, B):
    return jax.jacfwd(lambda q: B @ jnp.tanh(A @ q))(x)
