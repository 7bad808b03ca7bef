# Repair exercise: jax.grad(length) is NaN at the zero vector.
# Change it until the checks pass (Ctrl+T shows a hint).


@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    return n, jnp.vdot(v / n, dv)
