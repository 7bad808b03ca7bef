# expect: failed values "升温从 0 开始" not "升温多走了一步"
# expect.en: "starts from 0" not "one step too long"
# 错误示范:类型统一了,可升温从 0 开始(k/4),第一步学习率是 0。
def lr_at(k):
    return jnp.asarray(0.1 * min(k, 4) / 4, jnp.float32)


sgd_step = jax.jit(lambda p, g, lr: p - lr * g)


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
    return p
