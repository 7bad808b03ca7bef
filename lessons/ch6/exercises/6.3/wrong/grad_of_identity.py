# expect: failed eager "对 x 本身求导" not "常数 2"
# expect.en: "differentiating x itself" not "the constant 2"
# 错误示范:交给 jax.grad 的是 x 而不是 x²,梯度处处为 1,每一步只减去学习率,
# 从 5.0 出发依次得到 4.9、4.8、4.7……而不是每步乘以 0.8。这个答案在函数里调用 jax.grad,
# 所以提示要说出"对 x 本身求导",而不只是"梯度被当成了 1"。


def identity_objective(w):
    return w  # 本该是 w ** 2


def gradient_descent_step(p, rate):
    slope = jax.grad(identity_objective)(p)
    return p - rate * slope
