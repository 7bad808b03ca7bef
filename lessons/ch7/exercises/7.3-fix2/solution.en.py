# Reference solution: few outputs (small m) call for reverse mode; jacrev does only m backward passes.


def sensitivities(x, A, B):
    return jax.jacrev(lambda q: B @ jnp.tanh(A @ q))(x)
