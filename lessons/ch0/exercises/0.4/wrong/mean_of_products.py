# expect: failed single "取平均" not "损失等于 sum((x * w − y)²)"
# expect.en: "the 3 squares averaged" not "sum((x * w − y)²)"
# 错误示范:单样本损失没有用点积,而是对逐元素乘积减 y 后的平方在特征上取平均。
def example_loss(w, x, y):
    per_feature = x * w - y
    return jnp.mean(jnp.square(per_feature))


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
