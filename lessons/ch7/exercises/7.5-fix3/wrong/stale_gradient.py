# expect: failed values "梯度只算了一次"
# expect.en: "the gradient is computed once and reused"
# 错误示范:状态串对了,可一步的函数闭包里捕获的是起点处的梯度,之后每步都用它。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    start_grads = grad_fn(theta)

    def one_step(carry, _):
        params, opt_state = carry
        delta, opt_state = tx.update(start_grads, opt_state, params)
        return (apply_updates(params, delta), opt_state), None

    (theta, state), _ = jax.lax.scan(one_step, (theta, tx.init(theta)), None, length=steps)
    return theta, state
