# expect: failed values "没有封顶" not "升温多走了一步"
# expect.en: "never capped" not "one step too long"
# 错误示范:类型统一了,可升温公式一直用到底,过了第 4 步学习率还在往上走。
def lr_at(k):
    return jnp.float32(0.025 * (k + 1))


@jax.jit
def update(p, g, lr):
    return p - lr * g


def train(p, grads):
    for k in range(len(grads)):
        p = update(p, grads[k], lr_at(k))
    return p
