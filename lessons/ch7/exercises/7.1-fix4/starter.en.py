# Repair exercise: 8 training steps, and sgd_step compiled twice.
# Change it until the checks pass (Ctrl+T shows a hint).

PEAK = jnp.float32(0.1)


def lr_at(k):
    if k < 4:
        return 0.1 * (k + 1) / 4      # during warm-up: a Python float
    return PEAK                       # after: a float32 array


def _sgd_step(p, g, lr):
    return p - lr * g


sgd_step = jax.jit(_sgd_step)


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
    return p
