# Reference solution: the learning rate is always a strongly typed float32 scalar array, so jit's cache key is the same at every step.

PEAK = 0.1


def lr_at(k):
    value = PEAK * (k + 1) / 4 if k < 4 else PEAK
    return jnp.asarray(value, jnp.float32)


def _sgd_step(p, g, lr):
    return p - lr * g


sgd_step = jax.jit(_sgd_step)


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
    return p
