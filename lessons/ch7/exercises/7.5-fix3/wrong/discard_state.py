# expect: failed values "步数还是 0" not "循环外调用一次"
# expect.en: "still has step count 0" not "Call tx.init once"
# 错误示范:init 挪到了循环外,可 update 返回的新状态被丢掉了,每一步用的还是初始状态。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = tx.init(theta)
    for _ in range(steps):
        delta, _ = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
