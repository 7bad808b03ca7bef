# 参考答案:学习率统一成强类型的 float32 标量数组,jit 的缓存键每一步都一样。

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
