# expect: failed eager "对 2x(导数本身)求导" not "丢掉了 x"
# expect.en: "differentiating 2x (the derivative itself)" not "with the x dropped"
# 错误示范:把导数 2x 交给了 jax.grad,梯度成了常数 2。代码里并没有丢掉 x,
# 是对导数又求了一次导,消息不能说“丢掉了 x”。
def gradient_descent_step(p, rate):
    derivative = lambda x: 2 * x  # noqa: E731  以为 jax.grad 要的是导数
    g = jax.grad(derivative)(p)
    return p - g * rate
