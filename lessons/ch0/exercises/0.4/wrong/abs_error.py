# expect: failed single "绝对误差"
# expect.en: "the absolute error instead of its square"
# 错误示范:把单个样本的损失写成了误差的绝对值,梯度也跟着变成了符号函数。
def example_loss(w, x, y):
    gap = x @ w - y
    return jnp.abs(gap)


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
