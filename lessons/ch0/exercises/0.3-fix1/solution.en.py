# Repair 0.3-fix1 reference solution: reduce to a scalar loss first, then take grad.


def slope_grad(w, x, y):
    def loss(v):
        return jnp.mean((v * x - y) ** 2)  # one number: grad only differentiates scalars

    return jax.grad(loss)(w)
