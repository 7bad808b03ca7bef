# expect: failed grad "先对残差取平均、再平方" not "一半"
# expect.en: "the residuals averaged first and the mean squared" not "half"
# 错误示范:先求平均残差再平方,损失成了 (mean(w·x − y))²。
def slope_grad(w, x, y):
    def loss(w_):
        avg = jnp.mean(w_ * x - y)
        return avg * avg

    return jax.grad(loss)(w)
