# expect: failed values "仍装着初始参数的变量" not "梯度只算了一次,之后一直重复使用"
# expect.en: "a variable that still holds the initial parameters" not "the gradient is computed once and reused"
# 错误示范:循环里每一步都调用了 grad_fn,可求梯度用的是参数 theta(起点),更新的却是另一个变量 params。
# 梯度每步都重新算了,只是算在起点上:不能说成“梯度只算了一次”。


def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = tx.init(theta)
    params = theta
    for _ in range(steps):
        delta, state = tx.update(grad_fn(theta), state, params)
        params = apply_updates(params, delta)
    return params, state
