# expect: failed fields "字段名要一字不差" not "只有 step 和 params 两个字段"
# expect.en: "with exactly those names" not "has only the two fields"
# 错误示范:第三个字段起名叫 ema,不是题目要的 ema_params。TrainState 有三个字段,
# 不能说它“只有 step 和 params 两个字段”,只能说字段名不对。
class TrainState(NamedTuple):
    step: "jax.Array"  # 步数
    params: object  # 参数
    ema: object  # 滑动平均(字段名写短了)


grad_of_loss = jax.grad(loss_fn_linear)


@jax.jit
def ema_train_step(s, xb, yb, rate, d):
    g = grad_of_loss(s.params, xb, yb)
    fresh = {name: s.params[name] - rate * g[name] for name in s.params}
    avg = {name: d * s.ema[name] + (1.0 - d) * fresh[name] for name in fresh}
    return TrainState(s.step + 1, fresh, avg)
