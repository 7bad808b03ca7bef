# Reference solution: the state is initialized once outside the loop, and each step catches the new state update returns.


def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = tx.init(theta)
    for _ in range(steps):
        delta, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
