# expect: failed values "先把残差加起来再平方"
# expect.en: "summed first and then squared"
# 把整批的损失写成了残差之和的平方:(Σ(p·x − 1))²,而不是每个样本平方后再求和。
def sample_loss(p, x):
    return (jnp.dot(p, x) - 1.0) ** 2


def grad_total(p, xs):
    return jax.grad(lambda q: jnp.sum(xs @ q - 1.0) ** 2)(p)
