# expect: failed values "Σᵢ xᵢ" not "1/6"
# expect.en: "sample_loss(p, Σᵢ xᵢ)" not "1/6"
# 错误示范:以为“总损失的梯度”可以先把一批输入合成一个再求,省掉 vmap。


def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def grad_total(p, xs):
    merged = xs.sum(axis=0)
    return jax.grad(lambda q: sample_loss(q, merged))(p)
