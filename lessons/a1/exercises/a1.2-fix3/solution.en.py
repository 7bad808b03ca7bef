# Reference solution: one subkey per purpose.


def init_pair(key):
    k_a, k_b = jax.random.split(key)
    A = jax.random.normal(k_a, (4, 4))
    B = jax.random.normal(k_b, (4, 2))
    return A, B
