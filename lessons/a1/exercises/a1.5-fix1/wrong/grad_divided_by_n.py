# expect: failed values "平均损失的梯度" not "归约用了平均"
# expect.en: "the gradient of the mean loss" not "the reduction used the mean"
# 错误示范:对总和求了梯度,又把梯度除以样本数 N。代码里没有 jnp.mean,消息只说结果等于平均损失的梯度。
# 先把整批损失加成标量,再求梯度。


def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def total_loss(p, xs):
    return jnp.sum(jax.vmap(sample_loss, in_axes=(None, 0))(p, xs))


def grad_total(p, xs):
    return jax.grad(total_loss)(p, xs) / xs.shape[0]
