# expect: failed eager "把导数当成 x"
# expect.en: "taking x as the derivative"
# 错误示范:手算导数时漏了系数 2——平方函数的导数是 2x 而不是 x。
# 第一步会得到 4.5 而不是 4.0。让 jax.grad 去求导就不会犯这种错。
def gradient_descent_step(theta, lr):
    return theta - lr * theta
