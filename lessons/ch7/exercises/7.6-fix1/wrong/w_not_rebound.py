# expect: failed values "之前某次调用已经捐赠掉" not "要用旧 w 算的损失"
# expect.en: "an earlier call had already donated" not "Compute the loss that needs the old w"
# 错误示范:损失已经挪进 jit 的单步函数里一起算了,可循环里把新参数存成 w_next,忘了赋回 w;第二步又把
# 已被捐赠的旧 w 传给 sgd_step。读到被删数组的是 sgd_step 的调用,不是损失:检查替换 sgd_step 看它收到的
# 参数,才说“传进去的数组已被之前的调用捐赠”。
LR = 0.1


def mse(w, X, y):
    gap = X @ w - y
    return jnp.mean(gap * gap)


def _update(w, X, y):
    value, grad = jax.value_and_grad(mse)(w, X, y)
    return w - LR * grad, value


sgd_step = jax.jit(_update, donate_argnums=0)


def train(w, batches):
    losses = []
    w_next = w
    for X, y in batches:
        w_next, value = sgd_step(w, X, y)
        losses.append(float(value))
    return w_next, losses
