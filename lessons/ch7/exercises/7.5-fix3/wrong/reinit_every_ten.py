# expect: failed values "不一致"
# expect.en: "do not match"
# 错误示范:每 10 步重建一次状态,以为「偶尔清零」无害。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    for k in range(steps):
        if k % 10 == 0:
            state = tx.init(theta)
        delta, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
