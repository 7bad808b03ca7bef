# Repair 0.2-fix1 reference solution: stay with arrays, no conversion to a Python number.


@jax.jit
def scale_to_peak(x):
    return x / jnp.max(jnp.abs(x))
