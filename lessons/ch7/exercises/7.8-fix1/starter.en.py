# Repair exercise: 5 learning rates, and epoch compiled 5 times.
# Change it until the checks pass (Ctrl+T shows a hint).


def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames=("lr", "batch"))


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr=lr, batch=batch)
    return w
