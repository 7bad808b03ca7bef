# expect: failed single "误差没有平方" not "in_axes" "标量"
# expect.en: "not squared" not "in_axes" "scalar"
# 错误示范:忘了平方,返回的是带符号的残差。检查不该把它说成 in_axes 的问题。
def example_loss(w, x, y):
    return jnp.dot(x, w) - y


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
