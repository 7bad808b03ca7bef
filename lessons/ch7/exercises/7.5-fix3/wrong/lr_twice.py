# expect: failed values "学习率乘了两次"
# expect.en: "learning rate is applied twice"
# 错误示范:状态传对了,可加更新量时又乘了一次 lr,以为 adam 给的只是方向。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = tx.init(theta)
    for _ in range(steps):
        updates, state = tx.update(grad_fn(theta), state, theta)
        theta = jax.tree.map(lambda p, u: p + lr * u, theta, updates)
    return theta, state
