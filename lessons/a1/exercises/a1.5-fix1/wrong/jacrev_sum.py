# expect: failed no_jacobian "雅可比"
# expect.en: "Jacobian"
# 错误示范(把症状压下去的错误办法):改用 jacrev 求出整个雅可比,再沿批维相加。
# 数值对,但先构造了 N×N 的单位基,N 一大就又慢又占内存。
def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def grad_total(p, xs):
    return jnp.sum(jax.jacrev(jax.vmap(sample_loss, in_axes=(None, 0)))(p, xs), axis=0)
