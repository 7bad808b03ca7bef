# expect: failed grads "总损失的梯度被复制到了每一行"
# expect.en: "the gradient of the summed loss copied into each row"
# 错误示范:对整批的总损失求一次梯度,再把这一行铺满 n 行,形状对了,可每行都一样。


def example_loss(w, x, y):
    r = x @ w - y
    return r * r


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    total = jax.grad(lambda p: per_example_losses(p, xs, ys).sum())(w)
    return jnp.tile(total, (xs.shape[0], 1))
