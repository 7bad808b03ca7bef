# expect: failed grads "平均" not "标量"
# expect.en: "average" not "scalar"
# 错误示范:为了让 grad 不报错,先对损失取平均再求导。能运行,可得到的只是一行:
# 所有样本梯度的平均,而不是每个样本各自的梯度。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.grad(lambda v: jnp.mean(per_example_losses(v, xs, ys)))(w)
