# expect: failed losses "ys 没有被拆开" not "共享的 w"
# expect.en: "ys was not split" not "shared w"
# 错误示范:以为只有 xs 是一批数据,给 ys 也写了 None;每个样本都拿到了整个目标向量,结果成了一张表。
def example_loss(w, x, y):
    return (x @ w - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, None))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
