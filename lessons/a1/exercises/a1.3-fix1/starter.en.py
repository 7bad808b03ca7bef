# Repair exercise: square_or_cube raises TracerBoolConversionError as soon as it is called.
# Change it until the check passes (Ctrl+T shows hints).


@jax.jit
def square_or_cube(v):
    if jnp.max(v) > 1:
        return v ** 2
    return v ** 3
