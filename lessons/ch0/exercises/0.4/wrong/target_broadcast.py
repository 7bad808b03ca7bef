# expect: failed single "一共减了 3 次" not "sum((x * w − y)²)"
# expect.en: "taken away 3 times instead of once" not "sum((x * w − y)²)"
# 错误示范:残差写成逐元素的 x * w - y 再求和。y 被广播到每个特征上,
# 减了 d 次,平方的是 x·w − d·y。
def example_loss(w, x, y):
    residual = (w * x - y).sum()
    return residual * residual


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
