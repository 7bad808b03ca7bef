# expect: failed grads "标量" "vmap(grad"
# expect.en: "scalar" "vmap(grad"
# 错误示范:直接对逐样本损失(一个向量)求 grad,以为能得到每个样本的梯度。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.grad(per_example_losses)(w, xs, ys)
