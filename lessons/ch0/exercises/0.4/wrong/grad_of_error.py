# expect: failed grads "平方之前" not "因子 2" "对 x 求的梯度"
# expect.en: "before squaring" not "factor 2" "with respect to x"
# 错误示范:求导的对象写成了误差 x·w − y 本身,而不是它的平方,每一行只剩下 x。
def example_loss(w, x, y):
    return (x @ w - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    err = lambda w, x, y: x @ w - y
    return jax.vmap(jax.grad(err), in_axes=(None, 0, 0))(w, xs, ys)
