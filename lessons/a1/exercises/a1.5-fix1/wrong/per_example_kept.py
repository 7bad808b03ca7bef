# expect: failed values "没有加起来"
# expect.en: "never added up"
# 错误示范:按样本 vmap 了 grad,每个样本的梯度都对,可忘了把它们加起来。


def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def total_loss(p, xs):
    return jnp.sum(jax.vmap(sample_loss, in_axes=(None, 0))(p, xs))


def grad_total(p, xs):
    return jax.vmap(jax.grad(sample_loss), in_axes=(None, 0))(p, xs)
