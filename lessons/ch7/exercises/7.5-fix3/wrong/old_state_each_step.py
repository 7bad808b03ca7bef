# expect: failed values "没有传到下一步" not "刚建好"
# expect.en: "does not reach the next step" not "has just built"
# 错误示范:tx.init 已经挪到循环外,可每一步交给 update 的还是最初那个状态,新状态只在最后才返回。
# 数值和"每步重新 init"一模一样,所以提示只说新状态没传到下一步,不说 init 在循环里。


def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    first = tx.init(theta)
    latest = first
    for _ in range(steps):
        delta, latest = tx.update(grad_fn(theta), first, theta)
        theta = apply_updates(theta, delta)
    return theta, latest
