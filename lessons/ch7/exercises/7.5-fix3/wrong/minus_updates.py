# expect: failed values "往上爬" not "不一致"
# expect.en: "climbs" not "do not match"
# 错误示范:状态接力修好了,却把 update 返回的更新量当成梯度步长,从参数里减掉。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = tx.init(theta)
    for _ in range(steps):
        step_sizes, state = tx.update(grad_fn(theta), state, theta)
        theta = {name: theta[name] - step_sizes[name] for name in theta}
    return theta, state
