# expect: failed losses "没有平方" not "绝对误差"
# expect.en: "not squared" not "absolute error"
# 错误示范:单个样本的函数写对了,批量版却另写了一个 lambda,只算了误差没有平方。
def example_loss(w, x, y):
    return (x @ w - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(lambda x, y: x @ w - y)(xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
