# expect: failed no_loop "循环"
# expect.en: "loop"
# 错误示范:用 Python 循环逐个样本地算,再 stack 起来。数值都对,但追踪时循环被展开,
# 样本越多程序越长。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jnp.stack([example_loss(w, xs[i], ys[i]) for i in range(xs.shape[0])])


def per_example_grads(w, xs, ys):
    g = jax.grad(example_loss)
    return jnp.stack([g(w, xs[i], ys[i]) for i in range(xs.shape[0])])
