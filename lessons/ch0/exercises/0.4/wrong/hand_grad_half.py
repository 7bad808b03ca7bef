# expect: failed grads "因子 2" not "对 x 求的梯度" "平方之前"
# expect.en: "factor 2" not "with respect to x" "before squaring"
# 错误示范:梯度自己手推,链式法则里平方带出来的 2 忘了乘。
def example_loss(w, x, y):
    return (x @ w - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    one = lambda x, y: (x @ w - y) * x
    return jax.vmap(one)(xs, ys)
