# expect: failed ema "而不是旧的 EMA 副本 state.ema_params" not "直接等于参数"
# expect.en: "instead of the old EMA copy state.ema_params" not "simply equals the parameters"
# 错误示范:EMA 的“旧值”取成了更新前的参数,而不是上一次的 EMA 副本;EMA 只记得最近一步。
class TrainState(NamedTuple):
    step: jax.Array
    params: dict
    ema_params: dict


@jax.jit
def ema_train_step(state, x, y, lr, decay):
    g = jax.grad(loss_fn_linear)(state.params, x, y)
    stepped = {k: state.params[k] - lr * g[k] for k in state.params}
    smoothed = {k: decay * state.params[k] + (1.0 - decay) * stepped[k] for k in stepped}
    return TrainState(state.step + 1, stepped, smoothed)
