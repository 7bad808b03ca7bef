# Repair exercise: iterate raises TracerIntegerConversionError as soon as it is called.
# Change it until the check passes (Ctrl+T shows hints).


@jax.jit
def iterate(v, times):
    x = 0.0
    for _ in range(times):
        x = 0.5 * jnp.cos(x) + v
    return x
