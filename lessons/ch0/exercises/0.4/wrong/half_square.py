# expect: failed single "正好是 (x·w − y)² 的一半" not "绝对误差"
# expect.en: "exactly half of (x·w − y)²" not "absolute error"
# 错误示范:照最小二乘推导的习惯在平方误差前乘了 1/2,梯度也就跟着少了一半。
def example_loss(w, x, y):
    err = x @ w - y
    return err * err / 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
