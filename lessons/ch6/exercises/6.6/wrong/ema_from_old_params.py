# expect: failed ema "而不是旧的 EMA 副本 state.ema_params" not "直接等于参数"
# expect.en: "instead of the old EMA copy state.ema_params" not "simply equals the parameters"
# 错误示范:EMA 的“旧值”取成了更新前的参数,而不是上一次的 EMA 副本;EMA 只记得最近一步。
class TrainState(NamedTuple):
    step: jnp.ndarray
    params: object
    ema_params: object


def _advance(state, x, y, lr, decay):
    before = state.params
    g = jax.grad(loss_fn_linear)(before, x, y)
    after = {name: before[name] - lr * g[name] for name in before}
    mixed = {name: decay * before[name] + (1.0 - decay) * after[name] for name in after}
    return TrainState(state.step + 1, after, mixed)


ema_train_step = jax.jit(_advance)
