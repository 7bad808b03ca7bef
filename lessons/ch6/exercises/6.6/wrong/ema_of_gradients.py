# expect: failed ema "对梯度做的滑动平均"
# expect.en: "a moving average of the gradients"
# 错误示范:参数的 SGD 一步是对的,滑动平均却套在了梯度上(像动量那样),
# 而不是参数本身。
class TrainState(NamedTuple):  # 计数、参数、平均
    step: object
    params: object
    ema_params: object


slope_of = jax.grad(loss_fn_linear)


def _one(st, xb, yb, rate, keep):
    old, avg = st.params, st.ema_params
    slopes = slope_of(old, xb, yb)
    moved = {k: old[k] - rate * slopes[k] for k in old}
    averaged = {k: keep * avg[k] + (1.0 - keep) * slopes[k] for k in slopes}
    return TrainState(st.step + 1, moved, averaged)


ema_train_step = jax.jit(_one)
