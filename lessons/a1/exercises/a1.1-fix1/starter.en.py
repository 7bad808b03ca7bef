# Repair exercise: make_keys returns old-style raw keys (a uint32 array).
# Change it until the check passes (Ctrl+T shows hints).


def make_keys(seed, n):
    return jax.random.split(jax.random.PRNGKey(seed), n)
