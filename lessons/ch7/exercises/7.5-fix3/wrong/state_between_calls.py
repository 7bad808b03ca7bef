# expect: failed state "留在了调用之间" not "状态里的步数应是"
# expect.en: "kept between calls" not "should be 7"
# 错误示范:想省掉每次的 tx.init,把上一次 fit 结束时的状态存在模块里,下次调用接着用。
_last = []


def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = _last.pop() if _last else tx.init(theta)
    for _ in range(steps):
        updates, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, updates)
    _last.append(state)
    return theta, state
