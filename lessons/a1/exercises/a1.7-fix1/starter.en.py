# Repair exercise: normalize_and_center raises UnexpectedTracerError as soon as it is called.
# Change it until the check passes (Ctrl+T shows hints).

stash = []


@jax.jit
def normalize(x):
    centered = x - jnp.mean(x)
    stash.append(centered)          # wants to keep the intermediate outside the function
    return centered / jnp.std(x)


def normalize_and_center(x):
    z = normalize(x)
    return z, stash[-1] + 0.0
