# Repair exercise: for a single J·v, the whole Jacobian is built first.
# Change it until the checks pass (Ctrl+T shows a hint).


def directional(x, A, v):
    J = jax.jacfwd(tanh_layer)(x, A)
    return J @ v
