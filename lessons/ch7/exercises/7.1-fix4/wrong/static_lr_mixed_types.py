# expect: failed compiles "不同学习率的个数" not "类型都一样"
# expect.en: "distinct learning rates lr_at returns" not "all of one type"
# 错误示范:lr_at 仍然混着 Python float 和 float32 数组两种类型,但 train 先用 float() 把它们都转成
# Python 数,再作为静态参数交给 jit:每个新学习率编译一次。类型在 train 里统一了,lr_at 本身并不统一,
# 所以消息只说编译次数等于学习率的个数,不能说 lr_at 给出的类型都一样。
TOP = jnp.float32(0.1)


def lr_at(k):
    return TOP if k >= 4 else 0.025 * (k + 1)


def _update(p, g, lr):
    return p - g * lr


sgd_step = jax.jit(_update, static_argnames="lr")


def train(p, grads):
    for step, grad in enumerate(grads):
        p = sgd_step(p, grad, lr=float(lr_at(step)))
    return p
