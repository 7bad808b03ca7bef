# expect: failed losses "均值" not "in_axes"
# expect.en: "the mean of the" not "in_axes"
# 错误示范:逐样本损失算完又取了均值,只剩一个数。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys))


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
