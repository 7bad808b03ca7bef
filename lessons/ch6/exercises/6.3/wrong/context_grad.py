# expect: failed eager "上下文里的 grad_fn"
# expect.en: "the context's grad_fn"
# expect.silent: dynamic_lr
# 错误示范:直接拿上下文里现成的 grad_fn 求梯度。它是 (x − 3)² 的梯度,
# 本题的目标函数是 x²:每一步都被拉向 3,而不是 0。
def gradient_descent_step(theta, lr):
    return theta - lr * grad_fn(theta)
