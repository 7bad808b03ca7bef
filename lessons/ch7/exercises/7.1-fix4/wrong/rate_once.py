# expect: failed values "train 只向 lr_at 要了 k = 0 的学习率" not "成了编译好的程序里的常量"
# expect.en: "asks lr_at only for k = 0" not "became a constant of the compiled program"
# 错误示范:学习率作为参数传给了 jit 的那一步,可整张学习率表都是 lr_at(0),升温从没往前走。
def lr_at(k):
    warm = 0.1 * (k + 1) / 4 if k < 4 else 0.1
    return jnp.asarray(warm, jnp.float32)


@jax.jit
def update(params, grad, rate):
    return params - rate * grad


def train(p, grads):
    rates = [lr_at(0)] * len(grads)
    for rate, g in zip(rates, grads):
        p = update(p, g, rate)
    return p
