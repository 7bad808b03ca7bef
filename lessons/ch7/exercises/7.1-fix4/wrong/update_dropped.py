# expect: failed values "每一步的结果都被丢掉了" not "学习率"
# expect.en: "the result of each step is dropped" not "learning rate"
# 学习率统一成了 float32,可每步的更新没有接住:当成就地修改来写,train 最后返回的还是最初的 p。
def lr_at(k):
    rate = 0.1 if k >= 4 else 0.1 * (k + 1) / 4
    return jnp.float32(rate)


def _sgd_step(p, g, lr):
    return p - lr * g


sgd_step = jax.jit(_sgd_step)


def train(p, grads):
    step = 0
    for g in grads:
        sgd_step(p, g, lr_at(step))
        step += 1
    return p
