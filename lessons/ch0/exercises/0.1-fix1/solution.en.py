# Repair 0.1-fix1 reference solution: one scatter-add; a repeated class is added once per occurrence.


def histogram(labels, n):
    return jnp.zeros(n).at[labels].add(1.0)
