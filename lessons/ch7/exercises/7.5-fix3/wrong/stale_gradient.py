# expect: failed values "只算了一次再重复使用"
# expect.en: "computed once and reused"
# 错误示范:状态串对了,可一步的函数闭包里捕获的是起点处的梯度,之后每步都用它。
def fit(theta, grad_fn, lr, steps):
    optimizer = adam(lr)
    g0 = grad_fn(theta)  # taken once, before the loop

    def body(state, _):
        p, s = state
        change, s = optimizer.update(g0, s, p)
        return (apply_updates(p, change), s), None

    final, _ = jax.lax.scan(body, (theta, optimizer.init(theta)), None, length=steps)
    return final
