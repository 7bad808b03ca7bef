# 按 6.6 节的建议捐赠训练状态:jax.jit(..., donate_argnums=0),调用方立刻用返回值覆盖旧状态。


class TrainState(NamedTuple):
    step: jax.Array
    params: dict
    ema_params: dict


def _step(state, x, y, lr, decay):
    grads = jax.grad(loss_fn_linear)(state.params, x, y)
    params = jax.tree.map(lambda p, g: p - lr * g, state.params, grads)
    ema = jax.tree.map(lambda e, p: decay * e + (1 - decay) * p, state.ema_params, params)
    return TrainState(state.step + 1, params, ema)


ema_train_step = jax.jit(_step, donate_argnums=0)
