# expect: failed single "绝对误差" not "example_loss 本身"
# expect.en: "absolute error" not "batch example_loss itself"
# expect.silent: losses grads
# 错误示范:单样本损失用了绝对误差,批量版本已经是 vmap(example_loss),所以批量的损失和梯度也都跟着错;
# 批量化本身是对的:后面两项检查算出这一点后跳过,只由 single 说损失的写法,不再劝去 vmap example_loss。
def example_loss(w, x, y):
    return jnp.abs(jnp.dot(x, w) - y)


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
