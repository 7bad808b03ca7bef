# expect: failed no_jacobian "样本数"
# expect.en: "number of samples"
# 错误示范:在 Python 里对每个样本各求一次 grad 再相加。数值对,但程序随样本数一起变长。
def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def grad_total(p, xs):
    total = jnp.zeros_like(p)
    for k in range(xs.shape[0]):
        total = total + jax.grad(sample_loss)(p, xs[k])
    return total
