# 另一种修法:lr_at 每一步都返回 Python float,train 在调用前统一用 jnp.asarray 转成(弱类型的)数组;
# 转换本身在 eager 模式下编译一次(JAX 内部的 stage),sgd_step 只编译一次。
PEAK = 0.1


def lr_at(k):
    if k < 4:
        return PEAK * (k + 1) / 4
    return PEAK


def _sgd_step(p, g, lr):
    return p - lr * g


sgd_step = jax.jit(_sgd_step)


def train(p, grads):
    for k in range(len(grads)):
        p = sgd_step(p, grads[k], jnp.asarray(lr_at(k)))
    return p
