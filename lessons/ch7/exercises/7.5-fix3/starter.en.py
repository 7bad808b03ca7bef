# Repair exercise: training hardly converges, and the step count in the state is always 1.
# Change it until the checks pass (Ctrl+T shows a hint).


def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    for _ in range(steps):
        state = tx.init(theta)
        delta, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
