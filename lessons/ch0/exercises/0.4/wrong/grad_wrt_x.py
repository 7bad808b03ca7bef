# expect: failed grads "对 x 求的梯度" not "求和"
# expect.en: "gradient with respect to x" not "summed"
# 错误示范:把样本 x 放在第一个参数,grad 就对 x 求导了;每行是 2r·w,不是 2r·x。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    def loss_x_first(x, w, y):
        return example_loss(w, x, y)

    return jax.vmap(jax.grad(loss_x_first), in_axes=(0, None, 0))(xs, w, ys)
