# expect: failed compiles "新建了一个 jit 函数" not "参数都不一样"
# expect.en: "builds a new jitted function" not "differ at every step"
# 错误示范:学习率统一成 float32 了,可每一步都用 partial 把学习率绑进去再 jit 一次,每一步都是新的 jit 对象。
from functools import partial

PEAK = 0.1


def lr_at(k):
    value = PEAK * (k + 1) / 4 if k < 4 else PEAK
    return jnp.asarray(value, jnp.float32)


def _sgd_step(p, g, lr):
    return p - lr * g


def train(p, grads):
    for k, g in enumerate(grads):
        step = jax.jit(partial(_sgd_step, lr=lr_at(k)))
        p = step(p, g)
    return p
