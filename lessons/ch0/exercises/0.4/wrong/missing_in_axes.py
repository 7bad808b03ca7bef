# expect: failed losses "in_axes" "None"
# expect.en: "in_axes" "None"
# 错误示范:vmap 没写 in_axes,共享的 w 也被沿第 0 维拆开了。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss)(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
