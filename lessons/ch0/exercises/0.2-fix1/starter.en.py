# Repair exercise: scale_to_peak raises ConcretizationTypeError on the first call.
# Change it until the checks pass (Ctrl+T for hints).


@jax.jit
def scale_to_peak(x):
    peak = float(jnp.max(jnp.abs(x)))  # the NumPy habit: make it a Python number first
    return x / peak
