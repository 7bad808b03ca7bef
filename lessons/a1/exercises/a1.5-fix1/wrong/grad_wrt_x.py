# expect: failed values "xs"
# expect.en: "xs"
# 错误示范:对错了参数,求的是对 xs 的梯度,再沿批维相加。
def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def grad_total(p, xs):
    g = jax.grad(lambda q, v: jnp.sum(jax.vmap(sample_loss, in_axes=(None, 0))(q, v)), argnums=1)(p, xs)
    return jnp.sum(g, axis=0)
