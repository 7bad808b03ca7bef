# expect: failed eager "对 x 本身求导" not "常数 2"
# expect.en: "differentiating x itself" not "the constant 2"
# 错误示范:交给 jax.grad 的是 x 而不是 x²,梯度处处为 1,每一步只减去学习率。
def gradient_descent_step(params, learning_rate):
    slope = jax.grad(lambda w: w)(params)
    return params - learning_rate * slope
