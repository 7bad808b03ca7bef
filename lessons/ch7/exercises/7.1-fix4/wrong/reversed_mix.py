# expect: failed compiles "弱类型"
# expect.en: "weak type"
# 错误示范:把两个分支的类型对调了,还是一半弱类型、一半强类型。
def lr_at(k):
    if k < 4:
        return jnp.float32(0.1 * (k + 1) / 4)
    return 0.1


sgd_step = jax.jit(lambda p, g, lr: p - lr * g)


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
    return p
