# expect: failed values "平均"
# expect.en: "mean"
# 错误示范:归约时用了平均而不是总和,梯度小了 N 倍。
def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def grad_total(p, xs):
    return jax.grad(lambda q: jnp.mean(jax.vmap(sample_loss, in_axes=(None, 0))(q, xs)))(p)
