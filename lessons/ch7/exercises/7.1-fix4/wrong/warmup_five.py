# expect: failed values "升温多走了一步" not "升温从 0 开始"
# expect.en: "one step too long" not "starts from 0"
# 类型统一好了,升温的条件却写成了 k <= 4:第 4 步的学习率冲到 0.125,超过了峰值。

PEAK = 0.1


def lr_at(k):
    value = PEAK * (k + 1) / 4 if k <= 4 else PEAK
    return jnp.asarray(value, jnp.float32)


sgd_step = jax.jit(lambda p, g, lr: p - lr * g)


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
    return p
