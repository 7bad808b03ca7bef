# expect: failed single "每个特征一个" not "sum((x * w − y)²)"
# expect.en: "for each feature" not "sum((x * w − y)²)"
# 错误示范:一个样本的损失写成逐元素的 (x * w - y) ** 2,结果是长度 d 的向量,没有加起来。
def example_loss(w, x, y):
    return (x * w - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(lambda x, y: jnp.sum((x * w - y) ** 2))(xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(lambda w, x, y: jnp.sum((x * w - y) ** 2)), in_axes=(None, 0, 0))(w, xs, ys)
