# Repair 0.4-fix1 reference solution: mark the shared w with None so that it is not split.


def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    return jax.vmap(predict, in_axes=(None, 0))(w, xs)
