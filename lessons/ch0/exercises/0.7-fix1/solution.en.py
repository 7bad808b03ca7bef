# Repair 0.7-fix1 reference solution: compute both sides, pick per element with jnp.where.


def soft_sign(x):
    return jnp.where(x > 0, x / (1.0 + x), x / (1.0 - x))
