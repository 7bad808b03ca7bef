# expect: failed losses "w 不在其中" not "w 也被"
# expect.en: "w is not among them" not "w was split"
# 错误示范:把 xs 的第 1 维当成了样本维,w 倒是写了 None。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 1, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
