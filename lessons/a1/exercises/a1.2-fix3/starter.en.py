# Repair exercise: B is always the first few numbers of A flattened.
# Change it until the check passes (Ctrl+T shows hints).


def init_pair(key):
    A = jax.random.normal(key, (4, 4))
    B = jax.random.normal(key, (4, 2))
    return A, B
