# expect: failed fields "字段名要一字不差" not "只有 step 和 params 两个字段"
# expect.en: "with exactly those names" not "has only the two fields"
# 错误示范:第三个字段起名叫 ema,不是题目要的 ema_params。TrainState 有三个字段,
# 不能说它“只有 step 和 params 两个字段”,只能说字段名不对。
class TrainState(NamedTuple):
    step: jax.Array
    params: dict
    ema: dict


@jax.jit
def ema_train_step(state, x, y, lr, decay):
    grads = jax.grad(loss_fn_linear)(state.params, x, y)
    fresh = {k: state.params[k] - lr * grads[k] for k in state.params}
    avg = {k: decay * state.ema[k] + (1.0 - decay) * fresh[k] for k in fresh}
    return TrainState(state.step + 1, fresh, avg)
