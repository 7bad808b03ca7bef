# expect: failed grads "转置" not "w 也被"
# expect.en: "transposed" not "w was split"
# 错误示范:逐样本梯度按列堆了起来(out_axes=1),得到的是 (d, n)。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0), out_axes=1)(w, xs, ys)
