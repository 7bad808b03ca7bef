# expect: failed values "不一致"
# expect.en: "do not match"
# 错误示范(压下症状的错误办法):换成没有状态的 SGD,不用管状态了。可题目要的是 Adam。
def fit(theta, grad_fn, lr, steps):
    tx = sgd(lr)
    state = tx.init(theta)
    for _ in range(steps):
        delta, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
