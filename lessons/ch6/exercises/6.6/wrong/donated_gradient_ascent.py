# expect: failed sgd "朝梯度方向走了" not "same buffer"
# expect.en: "moved along the gradient" not "same buffer"
# 错误示范:照 6.6 节的建议捐赠状态(donate_argnums=0),但参数沿梯度方向走了一步(+ lr·g)。
# 捐赠本身没错:检查给出的初始状态不共用缓冲区,判定的只是梯度的方向。


class TrainState(NamedTuple):
    step: jax.Array
    params: dict
    ema_params: dict


def _step(state, x, y, lr, decay):
    grads = jax.grad(loss_fn_linear)(state.params, x, y)
    params = jax.tree.map(lambda p, g: p + lr * g, state.params, grads)
    ema = jax.tree.map(lambda e, p: decay * e + (1 - decay) * p, state.ema_params, params)
    return TrainState(state.step + 1, params, ema)


ema_train_step = jax.jit(_step, donate_argnums=0)
