# expect: failed grads "整个 xs 或 ys 交给了每一次调用" not "你对逐样本损失组成的向量求了 grad"
# expect.en: "hands the whole xs or ys to every call" not "you took grad of the vector of per-example losses"
# 错误示范:per_example_grads 确实是 vmap(grad(example_loss)),可 in_axes 把 xs 写成了 None,
# 每次调用拿到整个 xs,example_loss 就返回一个向量,grad 报错。这里没有对逐样本损失的向量求 grad,
# 消息只说 grad 一次碰到了不止一个样本。
def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, None, 0))(w, xs, ys)
