# Reference solution: the loss is computed with the gradient inside the donating jitted function; the old w is never touched after the call.

LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


def _step(w, X, y):
    loss, g = jax.value_and_grad(mse)(w, X, y)
    return w - LR * g, loss


sgd_step = jax.jit(_step, donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w, loss = sgd_step(w, X, y)
        losses.append(float(loss))
    return w, losses
