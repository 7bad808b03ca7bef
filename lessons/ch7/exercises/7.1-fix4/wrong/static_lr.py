# expect: failed compiles "每个新的学习率值" not "弱类型"
# expect.en: "every new learning-rate value" not "weak type"
# 错误示范:学习率都改成 Python float,再把 lr 设成 static 参数:类型统一了,可升温阶段每个新值都要重新编译。
PEAK = 0.1


def lr_at(k):
    return PEAK * (k + 1) / 4 if k < 4 else PEAK


def _sgd_step(p, g, lr):
    return p - lr * g


sgd_step = jax.jit(_sgd_step, static_argnames="lr")


def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr=lr_at(k))
    return p
