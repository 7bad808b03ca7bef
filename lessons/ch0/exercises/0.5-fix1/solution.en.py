# Repair 0.5-fix1 reference solution: split into two keys and use each once.


def uniform_and_normal(key, n):
    k_u, k_z = jax.random.split(key)
    u = jax.random.uniform(k_u, (n,))
    z = jax.random.normal(k_z, (n,))
    return u, z
