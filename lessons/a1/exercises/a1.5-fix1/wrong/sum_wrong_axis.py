# expect: failed values "axis=1" not "argnums=1"
# expect.en: "summed along axis=1" not "argnums=1"
# 错误示范:先逐样本求梯度得到 (N, 3),再求和时选错了轴,把每个样本自己的 3 个分量加在了一起。


def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def grad_total(p, xs):
    each = jax.vmap(jax.grad(sample_loss), in_axes=(None, 0))(p, xs)
    return each.sum(axis=-1)
