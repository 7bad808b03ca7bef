# expect: failed losses "绝对误差" not "example_loss 本身"
# expect.en: "absolute error instead of its square" not "batch example_loss itself"
# 错误示范:单样本损失用了绝对误差,批量版本已经是 vmap(example_loss),所以批量的损失也跟着是绝对误差;
# 提示只能说损失的写法,不能再劝去 vmap example_loss(它已经这样做了)。
def example_loss(w, x, y):
    return jnp.abs(jnp.dot(x, w) - y)


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
