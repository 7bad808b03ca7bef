# Reference solution: a double where inside the rule too: replace n with a safe value before dividing, direction 0 at the zero vector.


@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    nonzero = n > 0
    direction = jnp.where(nonzero, v / jnp.where(nonzero, n, 1.0), 0.0)
    return n, jnp.vdot(direction, dv)
