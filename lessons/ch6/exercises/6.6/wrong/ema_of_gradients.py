# expect: failed ema "对梯度做的滑动平均"
# expect.en: "a moving average of the gradients"
# 错误示范:参数的 SGD 一步是对的,滑动平均却套在了梯度上(像动量那样),
# 而不是参数本身。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array
    params: dict
    ema_params: dict


@jax.jit
def ema_train_step(state, x, y, lr, decay):
    g = jax.grad(loss_fn_linear)(state.params, x, y)
    new_params = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    avg = jax.tree.map(lambda e, dw: decay * e + (1.0 - decay) * dw, state.ema_params, g)
    return TrainState(state.step + 1, new_params, avg)
