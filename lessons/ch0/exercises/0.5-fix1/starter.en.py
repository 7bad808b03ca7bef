# Repair exercise: u and z should be independent, but they are perfectly dependent.
# Change it until the checks pass (Ctrl+T for hints).


def uniform_and_normal(key, n):
    u = jax.random.uniform(key, (n,))
    z = jax.random.normal(key, (n,))  # the same key, used again
    return u, z
