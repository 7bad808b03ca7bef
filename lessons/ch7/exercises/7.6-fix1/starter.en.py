# Repair exercise: train raises a RuntimeError after the first step.
# Change it until the checks pass (Ctrl+T shows a hint).

LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


sgd_step = jax.jit(lambda w, X, y: w - LR * jax.grad(mse)(w, X, y), donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w_new = sgd_step(w, X, y)
        losses.append(float(mse(w, X, y)))
        w = w_new
    return w, losses
