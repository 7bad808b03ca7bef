# expect: failed values "argnums=1"
# expect.en: "argnums=1"
# 错误示范:总损失写对了,grad 却对数据 xs 求导,得到的是每个样本一行的梯度。
def grad_total(p, xs):
    def total(params, batch):
        residual = batch @ params - 1.0
        return jnp.sum(residual * residual)

    return jax.grad(total, argnums=1)(p, xs)
