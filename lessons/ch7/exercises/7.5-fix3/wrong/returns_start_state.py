# expect: failed state "tx.init 建出的那个状态"
# expect.en: "the state tx.init built before the loop"
# 错误示范:循环里状态传得对,参数也对,可最后返回的是循环开始前留下的那个初始状态。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    start = tx.init(theta)
    carried = start
    for _ in range(steps):
        delta, carried = tx.update(grad_fn(theta), carried, theta)
        theta = apply_updates(theta, delta)
    return theta, start
