# expect: failed single "逐元素相乘后各自减 y" not "绝对值"
# expect.en: "y is subtracted from each elementwise product" not "absolute"
# 错误示范:没做点积,每个特征各算一份误差再平方求和。
def example_loss(w, x, y):
    per_feature = x * w - y
    return (per_feature**2).sum()


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
